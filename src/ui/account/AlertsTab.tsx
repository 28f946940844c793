'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import t from '@/i18n/fr/account';
import { api } from './client';
import s from './account.module.css';

export type FeedEvent = {
  id: number;
  siren: string;
  company_name: string | null;
  kind: keyof typeof t.events;
  summary: string;
  href: string;
  created_at: string;
};

/** The feed of changes of the followed companies (the same events as the alert mails). */
export function AlertsTab() {
  const [events, setEvents] = useState<FeedEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api<FeedEvent[]>('GET', '/api/me/events').then((r) =>
      r.ok ? setEvents(r.data) : setError(r.message),
    );
  }, []);
  if (error) return <p className={s.alert}>{error}</p>;
  if (!events) return <p>{t.common.loading}</p>;
  if (!events.length) return <p>{t.myAccount.alerts.empty}</p>;
  return (
    <div data-testid="alerts-tab">
      <p className={s.intro}>{t.myAccount.alerts.intro}</p>
      <ul className={s.feed}>
        {events.map((e) => (
          <li key={e.id}>
            <strong>{t.events[e.kind] ?? e.kind}</strong> —{' '}
            <Link href={e.href}>{e.company_name ?? e.siren}</Link>
            <br />
            <span>{e.summary}</span>{' '}
            <span className={s.hint}>
              {new Date(e.created_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
