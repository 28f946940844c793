'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import t from '@/i18n/fr/account';
import { api } from './client';
import s from './account.module.css';

type Claim = {
  id: number;
  siren: string;
  company_name: string | null;
  role: string;
  status: keyof typeof t.claims.statuses;
  letter_sent: boolean;
  info: Record<string, string> | null;
  info_status: keyof typeof t.claims.infoStatus | null;
};

const INFO_FIELDS = [
  ['description', t.claims.description],
  ['website', t.claims.website],
  ['phone', t.claims.phone],
  ['logo_url', t.claims.logoUrl],
  ['hours', t.claims.hours],
] as const;

/** /mon-compte, "Mes entreprises": claims, the code of the letter, the owner's information. */
export function ClaimsTab() {
  const [claims, setClaims] = useState<Claim[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const load = useCallback(async () => {
    const r = await api<Claim[]>('GET', '/api/claims');
    setClaims(r.ok ? r.data : []);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load]);
  const act = async (
    p: Promise<{ ok: boolean; message?: string; fields?: Record<string, string[]> }>,
  ) => {
    const r = await p;
    setMessage(
      r.ok
        ? { ok: true, text: t.common.saved }
        : { ok: false, text: Object.values(r.fields ?? {})[0]?.[0] ?? r.message ?? t.common.error },
    );
    await load();
  };
  if (!claims) return <p>{t.common.loading}</p>;
  return (
    <div data-testid="claims-tab">
      {message ? <p className={message.ok ? s.success : s.alert}>{message.text}</p> : null}
      {claims.length === 0 ? (
        <p>
          {t.claims.empty} <Link href="/profil-entreprise">{t.claims.title}</Link>
        </p>
      ) : null}
      {claims.map((c) => (
        <ClaimCard key={c.id} claim={c} act={act} />
      ))}
      <p className={s.hint}>{t.claims.dispute}</p>
    </div>
  );
}

function ClaimCard({
  claim: c,
  act,
}: {
  claim: Claim;
  act: (
    p: Promise<{ ok: boolean; message?: string; fields?: Record<string, string[]> }>,
  ) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [info, setInfo] = useState<Record<string, string>>(c.info ?? {});
  return (
    <section className={s.card}>
      <div className={s.header}>
        <h2>
          {c.company_name ?? c.siren} <span className={s.hint}>{c.role}</span>
        </h2>
        <span>{t.claims.statuses[c.status]}</span>
      </div>
      {c.status === 'pending' ? (
        c.letter_sent ? (
          <div className={s.row}>
            <label htmlFor={`code-${c.id}`}>{t.claims.enterCode}</label>
            <input
              id={`code-${c.id}`}
              className={s.input}
              value={code}
              maxLength={12}
              onChange={(e) => setCode(e.target.value)}
            />
            <button
              className={s.button}
              type="button"
              disabled={!code.trim()}
              onClick={() => void act(api('POST', `/api/claims/${c.id}/verify`, { code }))}
            >
              {t.claims.verify}
            </button>
          </div>
        ) : (
          <p className={s.hint}>{t.claims.waitingLetter}</p>
        )
      ) : null}
      {c.status === 'verified' ? (
        <div className={s.form}>
          <h3>
            {t.claims.infoTitle}
            {c.info_status ? (
              <span className={s.hint}> — {t.claims.infoStatus[c.info_status]}</span>
            ) : null}
          </h3>
          {INFO_FIELDS.map(([k, label]) => (
            <div key={k} className={s.field}>
              <label htmlFor={`${k}-${c.id}`}>{label}</label>
              <input
                id={`${k}-${c.id}`}
                className={s.input}
                value={info[k] ?? ''}
                onChange={(e) => setInfo({ ...info, [k]: e.target.value })}
              />
            </div>
          ))}
          <button
            className={s.button}
            type="button"
            onClick={() => void act(api('POST', `/api/claims/${c.id}/info`, info))}
          >
            {t.claims.saveInfo}
          </button>
        </div>
      ) : null}
      {c.status === 'pending' || c.status === 'verified' ? (
        <button
          className={s.secondary}
          type="button"
          onClick={() => void act(api('DELETE', `/api/claims/${c.id}`))}
        >
          {t.claims.withdraw}
        </button>
      ) : null}
    </section>
  );
}
