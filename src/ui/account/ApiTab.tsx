'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import t from '@/i18n/fr/account';
import { api } from './client';
import s from './account.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';
import { readCounting } from '@/ui/http/readCounting';

type Usage = { day: string; requests: number };
type Key = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  usage: Usage[];
};
type Policy = { name: 'seconde' | 'jour'; points: number; windowSeconds: number };
type Keys = { plan: { label: string; policies: Policy[] }; keys: Key[] };

const a = t.myAccount.api;
const date = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
const today = () => new Date().toISOString().slice(0, 10);
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** « API » of /mon-compte: the keys (created, shown once, revoked), their usage, the enrichment. */
export function ApiTab() {
  const [data, setData] = useState<Keys | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api<Keys>('GET', '/api/me/api-keys').then((r) =>
      r.ok ? setData(r.data) : setError(r.message),
    );
  useEffect(() => {
    void load();
  }, []);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const r = await api<{ token: string }>('POST', '/api/me/api-keys', { name });
    setBusy(false);
    if (!r.ok) return setError(r.fields?.name?.[0] ?? r.message);
    setError(null);
    setName('');
    setToken(r.data.token);
    await load();
  }

  async function revoke(id: string) {
    if (!window.confirm(a.revokeConfirm)) return;
    const r = await api('DELETE', `/api/me/api-keys/${encodeURIComponent(id)}`);
    if (!r.ok) return setError(r.message);
    await load();
  }

  if (!data) return error ? <p className={s.alert}>{error}</p> : <p>{t.common.loading}</p>;
  const days = new Map<string, number>();
  for (const k of data.keys)
    for (const u of k.usage) days.set(u.day, (days.get(u.day) ?? 0) + u.requests);
  return (
    <div data-testid="api-tab">
      <h2>{a.keysTitle}</h2>
      <p className={s.intro}>
        {a.intro} <Link href="/documentation-api">{a.docs}</Link>.
      </p>
      <p>
        {a.plan} ({data.plan.label}) :{' '}
        {data.plan.policies
          .map(
            (p) =>
              `${p.points.toLocaleString('fr-FR')} ${p.name === 'seconde' ? a.perSecond : a.perDay}`,
          )
          .join(', ')}
        .
      </p>
      {error ? (
        <p className={s.alert} role="alert">
          {error}
        </p>
      ) : null}
      {token ? (
        <div className={s.success} role="status" data-testid="new-key">
          <p>{a.created}</p>
          <code>{token}</code>{' '}
          <button
            type="button"
            className={s.secondary}
            onClick={() => void navigator.clipboard?.writeText(token)}
          >
            {a.copy}
          </button>
        </div>
      ) : null}
      <form className={s.form} onSubmit={(e) => void create(e)}>
        <label htmlFor="api-key-name">{a.name}</label>
        <input
          id="api-key-name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={s.button} disabled={busy}>
          {a.create}
        </button>
      </form>
      {data.keys.length === 0 ? (
        <p>{a.none}</p>
      ) : (
        <table className={s.table}>
          <caption>{a.keysTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{a.colName}</th>
              <th scope="col">{a.colCreated}</th>
              <th scope="col">{a.colState}</th>
              <th scope="col">{a.colToday}</th>
              <th scope="col">{a.colMonth}</th>
              <th scope="col" aria-label={a.revoke} />
            </tr>
          </thead>
          <tbody>
            {data.keys.map((k) => (
              <tr key={k.id}>
                <td>
                  {k.name}
                  <br />
                  <code>{k.prefix}…</code>
                </td>
                <td>{date(k.created_at)}</td>
                <td>{k.revoked_at ? `${a.revoked} (${date(k.revoked_at)})` : a.active}</td>
                <td>{k.usage.find((u) => u.day === today())?.requests ?? 0}</td>
                <td>{k.usage.reduce((n, u) => n + u.requests, 0)}</td>
                <td>
                  {k.revoked_at ? null : (
                    <button type="button" className={s.danger} onClick={() => void revoke(k.id)}>
                      {a.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {days.size ? (
        <table className={s.table}>
          <caption>{a.usageTitle}</caption>
          <ColumnHeads labels={[a.usageDay, a.usageCount]} />
          <tbody>
            {[...days].map(([day, n]) => (
              <tr key={day}>
                <td>{date(`${day}T12:00:00Z`)}</td>
                <td>{n.toLocaleString('fr-FR')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Enrichment />
    </div>
  );
}

type Problem = { message: string; fields?: Record<string, string[]> };

/** The enrichment of an uploaded list: the file sent as is, the answer read as it streams. */
function Enrichment() {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [progress, setProgress] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [result, setResult] = useState<{ url: string; name: string } | null>(null);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    setProblem(null);
    setResult(null);
    if (file.size > MAX_UPLOAD_BYTES) return setProblem({ message: a.tooBig });
    setProgress('…');
    try {
      const res = await fetch(`/api/companies/enrichment?format=${format}`, {
        method: 'POST',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
        credentials: 'same-origin',
      });
      if (!res.ok || !res.body) {
        const json = (await res.json().catch(() => null)) as { error?: Problem } | null;
        setProgress(null);
        return setProblem(json?.error ?? { message: `Erreur ${res.status}` });
      }
      const total = Number(res.headers.get('x-total-count') ?? 0);
      const chunks = await readCounting(res.body, format === 'csv', ({ bytes, lines }) =>
        setProgress(
          format === 'csv'
            ? a.progress(Math.max(0, Math.min(total, lines - 1)), total)
            : a.progressBytes(Math.round(bytes / 1024)),
        ),
      );
      const blob = new Blob(chunks, { type: res.headers.get('content-type') ?? '' });
      setResult({ url: URL.createObjectURL(blob), name: `siren-enrichis.${format}` });
      setProgress(null);
    } catch {
      setProgress(null);
      setProblem({
        message: 'Le serveur est injoignable : vérifiez votre connexion puis réessayez.',
      });
    }
  }

  return (
    <section aria-labelledby="enrich-title">
      <h2 id="enrich-title">{a.enrichTitle}</h2>
      <p className={s.intro}>{a.enrichIntro}</p>
      <form className={s.form} onSubmit={(e) => void send(e)}>
        <label htmlFor="enrich-file">{a.file}</label>
        <input
          id="enrich-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <label htmlFor="enrich-format">{a.format}</label>
        <select
          id="enrich-format"
          value={format}
          onChange={(e) => setFormat(e.target.value === 'xlsx' ? 'xlsx' : 'csv')}
        >
          <option value="csv">CSV</option>
          <option value="xlsx">Excel (XLSX)</option>
        </select>
        <button type="submit" className={s.button} disabled={!file || progress !== null}>
          {a.enrich}
        </button>
      </form>
      {progress ? (
        <p role="status" aria-live="polite">
          {progress}
        </p>
      ) : null}
      {problem ? (
        <div className={s.alert} role="alert">
          <p>{problem.message}</p>
          {problem.fields ? (
            <ul>
              {Object.entries(problem.fields).map(([where, messages]) => (
                <li key={where}>
                  {where} : {messages.join(' ')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <p className={s.success} role="status">
          {a.ready}{' '}
          <a href={result.url} download={result.name}>
            {a.download}
          </a>
        </p>
      ) : null}
    </section>
  );
}
