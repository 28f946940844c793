import Link from 'next/link';
import search from '@/i18n/fr/search';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';

const m = search.empty;

/** A filter of the URL, named as its chip is, with the link that removes it. */
export type ExcludingFilter = { key: string; label: string; href: string };

/**
 * No company. When filters (or a place) are set, they are named, each with a link that removes it,
 * and the page says whether the words alone find companies (`withoutFilters`): the words are not
 * blamed for what the filters excluded.
 */
export function NoCompanyFound({
  query,
  filters = [],
  removeAllHref,
  withoutFilters,
  noContradictions = false,
}: {
  query: string;
  filters?: ExcludingFilter[];
  removeAllHref?: string;
  withoutFilters?: number;
  noContradictions?: boolean;
}) {
  const filtered = filters.length > 0;
  if (filtered) {
    const count = (withoutFilters ?? 0).toLocaleString('fr-FR');
    const why = !query
      ? m.excludedFiltersOnly
      : withoutFilters === undefined
        ? null
        : withoutFilters === 0
          ? interpolate(m.excludedNone, { query })
          : interpolate(withoutFilters === 1 ? m.excludedOne : m.excludedMany, { query, count });
    return (
      <div className={s.empty} role="status">
        <h2>{query ? interpolate(m.companyForFiltered, { query }) : m.companyFiltered}</h2>
        {why && <p>{why}</p>}
        {noContradictions && <p>{m.noContradictions}</p>}
        <ul aria-label={m.filtersLabel}>
          {filters.map((f) => (
            <li key={f.key}>
              {f.label} :{' '}
              <Link href={f.href}>{interpolate(m.removeFilter, { label: f.label })}</Link>
            </li>
          ))}
        </ul>
        {removeAllHref && filters.length > 1 && (
          <p>
            <Link href={removeAllHref}>{m.removeAll}</Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={s.empty} role="status">
      <h2>{query ? interpolate(m.companyFor, { query }) : m.companyFiltered}</h2>
      <p>{m.hints}</p>
      <ul>
        <li>{m.hintSpelling}</li>
        <li>{m.hintNumbers}</li>
        <li>{m.hintAcronym}</li>
        <li>
          {m.hintPersonBefore}
          <Link href="/dirigeants">{m.hintPersonLink}</Link>.
        </li>
      </ul>
    </div>
  );
}

export function NoDirectorFound({ query }: { query: string }) {
  return (
    <div className={s.empty} role="status">
      <h2>{interpolate(m.directorFor, { query })}</h2>
      <ul>
        <li>{m.hintDirectorOrder}</li>
        <li>{m.hintDirectorYear}</li>
        <li>{m.hintDirectorHidden}</li>
      </ul>
    </div>
  );
}

export function SearchUnavailable() {
  return (
    <div className={s.error} role="alert">
      <h2>{m.unavailableTitle}</h2>
      <p>{m.unavailableBody}</p>
    </div>
  );
}

export function InvalidSearch({ message }: { message: string }) {
  return (
    <div className={s.error} role="alert">
      <h2>{m.invalidTitle}</h2>
      <p>{message}</p>
    </div>
  );
}
