'use client';

import { useRouter } from 'next/navigation';
import { useId } from 'react';
import m from '@/i18n/fr/filters';
import { hrefOf, SORT_PARAM, SORTS, withChanges, type SortValue } from './resultsUrl';
import s from './search.module.css';

/**
 * The sort of a results page (`tri` in the URL). A GET form: without JavaScript its button sends
 * it; with JavaScript a choice navigates at once (a history entry: back restores the order).
 */
export function SortSelect({
  basePath,
  query,
  value,
}: {
  basePath: string;
  /** The page's URL parameters, as a query string (the filters kept on a change). */
  query: string;
  value: SortValue;
}) {
  const router = useRouter();
  const id = useId();
  const params = new URLSearchParams(query);
  const kept = [...withChanges(params, { [SORT_PARAM]: null }).entries()];
  return (
    <form
      method="get"
      action={basePath}
      className={s.sort}
      onSubmit={(e) => {
        e.preventDefault();
        const v = new FormData(e.currentTarget).get(SORT_PARAM);
        router.push(hrefOf(basePath, withChanges(params, { [SORT_PARAM]: String(v) })), {
          scroll: false,
        });
      }}
    >
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id}>{m.sort}</label>
      <select
        // Uncontrolled (the choice shows at once), remounted when the URL's sort changes (back).
        key={value}
        id={id}
        name={SORT_PARAM}
        defaultValue={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {SORTS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={s.secondaryButton}>
          {m.sortApply}
        </button>
      </noscript>
    </form>
  );
}
