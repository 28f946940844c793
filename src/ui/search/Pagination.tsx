import Link from 'next/link';
import search from '@/i18n/fr/search';
import { interpolate } from '@/i18n/interpolate';
import { pageWindow } from './pageWindow';
import s from './search.module.css';

const m = search.pagination;

/** Links, not buttons: every page has its URL (shareable, back button). */
export function Pagination({
  basePath,
  params,
  page,
  totalPages,
}: {
  basePath: string;
  params: URLSearchParams;
  page: number;
  totalPages: number;
}) {
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    const qs = next.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  return (
    <nav className={s.pagination} aria-label={m.label}>
      <ul>
        {page > 1 && (
          <li>
            <Link className={s.pageLink} href={href(page - 1)} rel="prev">
              {m.previous}
            </Link>
          </li>
        )}
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className={s.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className={s.pageLink}
                href={href(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={interpolate(m.page, { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link className={s.pageLink} href={href(page + 1)} rel="next">
              {m.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
