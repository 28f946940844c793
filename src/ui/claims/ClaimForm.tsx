'use client';

import Link from 'next/link';
import { useState, useSyncExternalStore } from 'react';
import t from '@/i18n/fr/account';
import { api, looksLoggedIn } from '@/ui/account/client';
import s from '@/ui/account/account.module.css';

const noSubscription = () => () => {};

/** /profil-entreprise/{siren}: the claim, with the claimant's role. */
export function ClaimForm({ siren }: { siren: string }) {
  const [role, setRole] = useState('');
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const loggedIn = useSyncExternalStore(noSubscription, looksLoggedIn, () => false);
  if (!loggedIn) {
    return (
      <p>
        {t.claims.loginFirst}{' '}
        <Link href={`/login?next=${encodeURIComponent(`/profil-entreprise/${siren}`)}`}>
          {t.claims.login}
        </Link>
      </p>
    );
  }
  if (state?.ok) return <p className={s.success}>{state.text}</p>;
  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        void api('POST', '/api/claims', { siren, role }).then((r) =>
          setState(
            r.ok
              ? { ok: true, text: t.claims.sent }
              : { ok: false, text: r.fields?.role?.[0] ?? r.message },
          ),
        );
      }}
    >
      {state ? <p className={s.alert}>{state.text}</p> : null}
      <div className={s.field}>
        <label htmlFor="role">{t.claims.role}</label>
        <input
          id="role"
          className={s.input}
          value={role}
          maxLength={80}
          onChange={(e) => setRole(e.target.value)}
          required
        />
      </div>
      <button className={s.button} type="submit" disabled={!role.trim()}>
        {t.claims.submit}
      </button>
      <p className={s.hint}>{t.claims.dispute}</p>
    </form>
  );
}
