'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { HeaderStats } from '@/registry/stats';
import frame from '@/i18n/fr/frame';
import { formatCount } from '@/ui/format';
import { topBarItems } from './rules';
import s from './TopBar.module.css';

const m = frame;

/**
 * The counters of the top bar. A Client Component only because the set depends on the current
 * path, which changes on client navigation while the root layout stays mounted.
 */
export function TopBarStats({ stats }: { stats: HeaderStats | null }) {
  const items = topBarItems(usePathname() ?? '/');
  return (
    <ul className={s.stats} data-testid="top-bar-stats">
      {stats ? (
        items.stats.map((key) => (
          <li key={key} className={s.stat} data-stat={key}>
            <strong>{formatCount(stats[key])}</strong>
            {m.stats[key]}
          </li>
        ))
      ) : (
        <li>{m.statsUnavailable}</li>
      )}
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
