'use client';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { search, suggest, type SearchDoc } from '@/content/search';
import s from './content.module.css';

type Props = {
  /** URL of the section's index (built with the site). */
  indexUrl: string;
  /** This page's path, for the form. */
  action: string;
  label: string;
  placeholder: string;
  /** Shown below the suggestions, so a search never ends on an empty page. */
  browse: Array<{ title: string; href: string }>;
};

/**
 * Search of a content section, in the browser: the index (a few hundred entries) is downloaded
 * by this page only; the query lives in `?q=` so results can be shared and go back in history.
 */
export function ContentSearch({ indexUrl, action, label, placeholder, browse }: Props) {
  const params = useSearchParams();
  const router = useRouter();
  const q = params.get('q') ?? '';
  const [index, setIndex] = useState<SearchDoc[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(indexUrl)
      .then((r) => (r.ok ? (r.json() as Promise<SearchDoc[]>) : Promise.reject(new Error())))
      .then((d) => live && setIndex(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [indexUrl]);

  const hits = index && q.trim() ? search(index, q) : [];
  const suggestions = index && q.trim() && !hits.length ? suggest(index, q) : [];

  return (
    <div>
      <form
        role="search"
        className={s.search}
        action={action}
        onSubmit={(e) => {
          e.preventDefault();
          const typed = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          router.replace(`${action}?q=${encodeURIComponent(typed)}`, { scroll: false });
        }}
      >
        <label htmlFor="content-q" className="visually-hidden">
          {label}
        </label>
        <input
          id="content-q"
          name="q"
          type="search"
          key={q}
          defaultValue={q}
          placeholder={placeholder}
          data-testid="content-search-input"
        />
        <button type="submit" className={s.button}>
          Rechercher
        </button>
      </form>
      <div aria-live="polite" data-testid="content-search-results">
        {failed ? <p>La recherche est momentanément indisponible.</p> : null}
        {q.trim() && index ? (
          hits.length ? (
            <>
              <p>
                {hits.length} résultat{hits.length > 1 ? 's' : ''} pour « {q} »
              </p>
              <ul className={s.cards}>
                {hits.map((h) => (
                  <li key={h.u} className={s.card}>
                    <h2>
                      <Link href={h.u}>{h.t}</Link>
                    </h2>
                    {h.c ? <p>{h.c}</p> : null}
                    <p>{h.d}</p>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p>Aucun résultat pour « {q} ». Vouliez-vous dire :</p>
              <ul data-testid="content-search-suggestions">
                {suggestions.map((h) => (
                  <li key={h.u}>
                    <Link href={h.u}>{h.t}</Link>
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
      <h2 className={s.sectionTitle}>Parcourir</h2>
      <ul className={s.chips}>
        {browse.map((b) => (
          <li key={b.href}>
            <Link href={b.href}>{b.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
