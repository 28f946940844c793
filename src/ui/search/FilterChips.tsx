import Link from 'next/link';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import { describeFilter } from './filterLabels';
import { chipsOf, hrefOf, withoutNarrowing } from './resultsUrl';
import s from './search.module.css';

/**
 * The chosen filters as removable chips, each a link to the same search without it (works
 * without JavaScript; every removal is a history entry, so the back button puts it back).
 */
export function FilterChips({ basePath, params }: { basePath: string; params: URLSearchParams }) {
  const chips = chipsOf(basePath, params, describeFilter);
  if (chips.length === 0) return null;
  return (
    <div className={s.chipsBar}>
      <ul className={s.chips} aria-label={m.chipsLabel}>
        {chips.map((c) => (
          <li key={c.key} className={s.chip}>
            <span>{c.label}</span>
            <Link
              href={c.href}
              scroll={false}
              className={s.chipRemove}
              aria-label={interpolate(m.removeChip, { label: c.label })}
            >
              ×
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link
          href={hrefOf(basePath, withoutNarrowing(params))}
          scroll={false}
          className={s.chipsReset}
        >
          {m.reset}
        </Link>
      )}
    </div>
  );
}
