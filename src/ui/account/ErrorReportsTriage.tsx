'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import t from '@/i18n/fr/account';
import { api } from './client';
import s from './account.module.css';

type Status = keyof typeof t.reports.statuses;
const STATUSES = Object.keys(t.reports.statuses) as Status[];

type Report = {
  id: number;
  siren: string;
  section: string;
  field: string;
  origin: 'site' | 'registry';
  message: string;
  email: string | null;
  status: Status;
  reply: string | null;
  decidedBy: string | null;
  createdAt: string;
  decidedAt: string | null;
};

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' }) : '';

/**
 * /mon-compte/signalements: the operators' triage of « Signaler une erreur » reports (the web face
 * of `npm run ops -- reports:*`): the reports of a state, and for an open one the reply and the
 * decision, mailed to the reporter (POST /api/error-reports/{id}). Anyone else is told the page is
 * the team's.
 */
export function ErrorReportsTriage() {
  const [status, setStatus] = useState<Status>('open');
  const [reports, setReports] = useState<Report[] | null>(null);
  const [denied, setDenied] = useState<'login' | 'operators' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const load = useCallback(async (which: Status) => {
    const r = await api<Report[]>('GET', `/api/error-reports?status=${which}`);
    if (r.ok) setReports(r.data);
    else if (r.status === 401) setDenied('login');
    else if (r.status === 404) setDenied('operators');
    else setMessage({ ok: false, text: r.message });
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(status), 0);
    return () => clearTimeout(timer);
  }, [load, status]);
  const frame = (body: ReactNode) => (
    <div className={s.page}>
      <h1 className={s.title}>{t.reports.title}</h1>
      {body}
    </div>
  );
  if (denied === 'login')
    return frame(
      <p>
        {t.reports.loginFirst}{' '}
        <Link href="/login?redirect=/mon-compte/signalements">{t.reports.login}</Link>
      </p>,
    );
  if (denied === 'operators') return frame(<p className={s.alert}>{t.reports.operatorsOnly}</p>);
  const decide = async (id: number, decision: 'resolved' | 'rejected', reply: string) => {
    const r = await api<Report>('POST', `/api/error-reports/${id}`, { decision, reply });
    setMessage(
      r.ok
        ? { ok: true, text: t.reports.decided }
        : { ok: false, text: Object.values(r.fields ?? {})[0]?.[0] ?? r.message },
    );
    await load(status);
  };
  return frame(
    <div data-testid="error-reports-triage">
      <p className={s.hint}>{t.reports.intro}</p>
      <label className={s.field}>
        {t.reports.status}{' '}
        <select
          className={s.input}
          value={status}
          onChange={(e) => {
            setMessage(null);
            setReports(null);
            setStatus(e.target.value as Status);
          }}
        >
          {STATUSES.map((k) => (
            <option key={k} value={k}>
              {t.reports.statuses[k]}
            </option>
          ))}
        </select>
      </label>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? s.success : s.alert}>{message.text}</p> : null}
      </div>
      {!reports ? <p>{t.common.loading}</p> : null}
      {reports?.length === 0 ? <p>{t.reports.empty}</p> : null}
      {reports?.map((r) => (
        <ReportCard key={r.id} report={r} decide={decide} />
      ))}
    </div>,
  );
}

function ReportCard({
  report: r,
  decide,
}: {
  report: Report;
  decide: (id: number, decision: 'resolved' | 'rejected', reply: string) => Promise<void>;
}) {
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (decision: 'resolved' | 'rejected') => {
    setBusy(true);
    await decide(r.id, decision, reply);
    setBusy(false);
  };
  return (
    <section className={s.card} aria-labelledby={`report-${r.id}`}>
      <h2 id={`report-${r.id}`}>
        {t.reports.number} {r.id} — {t.reports.statuses[r.status]}
      </h2>
      <p>
        {t.reports.company} : <Link href={`/entreprises/${r.siren}`}>{r.siren}</Link> ·{' '}
        {t.reports.where} : {r.section} / {r.field} ({t.reports.origin[r.origin]}) ·{' '}
        {t.reports.received} {day(r.createdAt)} · {r.email ?? t.reports.noEmail}
      </p>
      <blockquote>{r.message}</blockquote>
      {r.reply ? (
        <p className={s.hint}>
          {t.reports.reply} : {r.reply} — {t.reports.decidedBy} {r.decidedBy} ({day(r.decidedAt)})
        </p>
      ) : null}
      {r.status === 'open' ? (
        <div className={s.form}>
          <label className={s.field}>
            {t.reports.reply}
            <textarea
              className={s.input}
              rows={3}
              maxLength={2000}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
            />
          </label>
          <div className={s.row}>
            <button
              type="button"
              className={s.button}
              disabled={busy}
              onClick={() => void act('resolved')}
            >
              {t.reports.resolve}
            </button>
            <button
              type="button"
              className={s.secondary}
              disabled={busy}
              onClick={() => void act('rejected')}
            >
              {t.reports.reject}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
