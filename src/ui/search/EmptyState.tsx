import Link from 'next/link';
import search from '@/i18n/fr/search';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';

const m = search.empty;

export function NoCompanyFound({ query, filtered }: { query: string; filtered: boolean }) {
  return (
    <div className={s.empty} role="status">
      <h2>{query ? interpolate(m.companyFor, { query }) : m.companyFiltered}</h2>
      <p>{m.hints}</p>
      <ul>
        <li>{m.hintSpelling}</li>
        <li>{m.hintNumbers}</li>
        <li>{m.hintAcronym}</li>
        {filtered && <li>{m.hintFilters}</li>}
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
