'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { ShownHeaderStats } from '@/loaders/header-stats';
import frame from '@/i18n/fr/frame';
import { formatCount } from '@/ui/format';
import { topBarItems, visibleStats } from './rules';
import s from './TopBar.module.css';

const m = frame;

/** undefined: not fetched yet; null: the server has no figures. */
type Loaded = ShownHeaderStats | null | undefined;

/**
 * The counters of the top bar. A Client Component because the frame is static (pages come from
 * the page cache) while the set depends on the current path and the figures on the database:
 * they are fetched from /api/header-stats (cached 5 minutes) once the page is shown.
 */
export function TopBarStats() {
  const items = topBarItems(usePathname() ?? '/');
  const [stats, setStats] = useState<Loaded>(undefined);
  useEffect(() => {
    let live = true;
    fetch('/api/header-stats')
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: { data?: ShownHeaderStats | null } } | null) => {
        if (live) setStats(body?.data?.data ?? null);
      })
      .catch(() => live && setStats(null));
    return () => {
      live = false;
    };
  }, []);
  return (
    <ul className={s.stats} data-testid="top-bar-stats" aria-busy={stats === undefined}>
      {stats ? (
        visibleStats(stats, items.stats).map(({ key, value }) => (
          <li key={key} className={s.stat} data-stat={key}>
            <strong>{formatCount(value)}</strong>
            {m.stats[key]}
          </li>
        ))
      ) : stats === null ? (
        <li>{m.statsUnavailable}</li>
      ) : null}
      {items.kbisLink ? (
        <li>
          <Link href="/extrait-kbis" className={s.kbis}>
            {m.kbisLink}
          </Link>
        </li>
      ) : null}
      {items.subscriptionNotice ? (
        <li className={s.notice}>
          {m.subscriptionNotice}
          <Link href="/nos-tarifs">{m.subscriptionLink}</Link>
        </li>
      ) : null}
    </ul>
  );
}
