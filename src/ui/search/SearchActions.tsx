'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { FREQUENCY_LABELS } from '@/accounts/saved-searches/limits';
import m from '@/i18n/fr/saved-searches';
import { interpolate } from '@/i18n/interpolate';
import { api, looksLoggedIn } from '@/ui/account/client';
import { readCounting } from '@/ui/http/readCounting';
import s from './actions.module.css';

const nf = new Intl.NumberFormat('fr-FR');
const ANONYMOUS_MAX_ROWS = 100;

type Status = { kind: 'progress' | 'done' | 'error'; text: string } | null;

/**
 * The actions of a results list: export it (CSV or Excel, with progress) and save it as a search
 * mailed when new companies match. Self-contained: it takes the results URL's parameters (`query`,
 * without `page`) and calls GET /api/search/companies/export and POST /api/me/saved-searches.
 */
export function SearchActions({ query, defaultName }: { query: string; defaultName: string }) {
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Status>(null);
  const abort = useRef<AbortController | null>(null);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStatus({ kind: 'progress', text: m.actions.preparing });
    try {
      const res = await fetch(`/api/search/companies/export?${query}&format=${format}`, {
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as {
          error?: { message?: string };
        } | null;
        setStatus({ kind: 'error', text: body?.error?.message ?? m.actions.failed });
        return;
      }
      const total = Number(res.headers.get('x-total-rows') ?? 0);
      // One CSV record is one line (the server flattens line breaks); the header is one more.
      const chunks = await readCounting(res.body, format === 'csv', ({ bytes, lines }) =>
        setStatus({
          kind: 'progress',
          text:
            format === 'csv'
              ? interpolate(m.actions.exporting, {
                  done: nf.format(Math.max(0, lines - 1)),
                  n: Math.max(0, lines - 1),
                  total: nf.format(total),
                })
              : interpolate(m.actions.exportingBytes, {
                  kb: nf.format(Math.round(bytes / 1024)),
                  total: nf.format(total),
                  n: total,
                }),
        }),
      );
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
        `entreprises.${format}`;
      const url = URL.createObjectURL(
        new Blob(chunks, { type: res.headers.get('content-type') ?? undefined }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus({
        kind: 'done',
        text: interpolate(m.actions.exported, { total: nf.format(total), n: total }),
      });
    } catch {
      setStatus(
        controller.signal.aborted
          ? { kind: 'done', text: m.actions.cancelled }
          : { kind: 'error', text: m.actions.failed },
      );
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  return (
    <div className={s.actions} aria-label={m.actions.label} role="group">
      <div className={s.buttons}>
        <button type="button" className={s.button} onClick={() => void exportAs('csv')}>
          {m.actions.csv}
        </button>
        <button type="button" className={s.button} onClick={() => void exportAs('xlsx')}>
          {m.actions.xlsx}
        </button>
        {status?.kind === 'progress' ? (
          <button type="button" className={s.link} onClick={() => abort.current?.abort()}>
            {m.actions.cancel}
          </button>
        ) : null}
        <button
          type="button"
          className={s.button}
          aria-expanded={saving}
          title={m.actions.saveTitle}
          onClick={() => setSaving((v) => !v)}
        >
          {m.actions.save}
        </button>
      </div>
      {status ? (
        <p className={status.kind === 'error' ? s.error : s.status} role="status">
          {status.text}
          {status.kind !== 'error' && !looksLoggedIn() ? (
            <> {interpolate(m.actions.anonymousCap, { max: ANONYMOUS_MAX_ROWS })}</>
          ) : null}
        </p>
      ) : null}
      {saving ? <SaveForm query={query} defaultName={defaultName} onDone={setSaved} /> : null}
      {saved ? (
        <p className={saved.kind === 'error' ? s.error : s.status} role="status">
          {saved.text}{' '}
          {saved.kind === 'done' ? (
            <Link href="/mon-compte#searches">{m.actions.savedLink}</Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function SaveForm({
  query,
  defaultName,
  onDone,
}: {
  query: string;
  defaultName: string;
  onDone: (s: Status) => void;
}) {
  const [name, setName] = useState(defaultName);
  const [frequency, setFrequency] = useState<'daily' | 'weekly'>('daily');
  if (!looksLoggedIn()) {
    const next =
      typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
    return (
      <p className={s.status}>
        {m.actions.signIn}{' '}
        <a href={`/login?next=${encodeURIComponent(next)}`}>{m.actions.signInLink}</a>
      </p>
    );
  }
  const submit = async () => {
    const r = await api<{ id: number }>('POST', '/api/me/saved-searches', {
      name,
      query,
      frequency,
    });
    onDone(
      r.ok
        ? { kind: 'done', text: m.actions.saved }
        : {
            kind: 'error',
            text: r.fields?.query?.[0] ?? r.fields?.name?.[0] ?? r.message,
          },
    );
  };
  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {m.actions.name}
        <input
          className={s.input}
          value={name}
          maxLength={80}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        {m.actions.frequency}
        <select
          className={s.input}
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as 'daily' | 'weekly')}
        >
          <option value="daily">{FREQUENCY_LABELS.daily}</option>
          <option value="weekly">{FREQUENCY_LABELS.weekly}</option>
        </select>
      </label>
      <button type="submit" className={s.button} disabled={!name.trim()}>
        {m.actions.confirm}
      </button>
    </form>
  );
}
