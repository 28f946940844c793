'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { FREQUENCY_LABELS, SAVED_SEARCH_FREQUENCIES } from '@/accounts/saved-searches/limits';
import type { SavedSearchFrequency } from '@/db/schema/accounts';
import t from '@/i18n/fr/account';
import m from '@/i18n/fr/saved-searches';
import { interpolate } from '@/i18n/interpolate';
import { api } from './client';
import s from './account.module.css';

type SavedSearch = {
  id: number;
  name: string;
  query: string;
  frequency: SavedSearchFrequency;
  last_mailed_at: string | null;
  last_matches: Array<{ siren: string; name: string | null; found_at: string }>;
};

const frDate = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

/** The saved searches of /mon-compte: open, rename, change the mails' frequency, delete. */
export function SavedSearchesTab() {
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const r = await api<SavedSearch[]>('GET', '/api/me/saved-searches');
    if (r.ok) setSearches(r.data);
    else setError(r.message);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load]);
  if (!searches) return error ? <p className={s.alert}>{error}</p> : <p>{t.common.loading}</p>;
  return (
    <div data-testid="saved-searches-tab">
      <p className={s.intro}>{m.account.intro}</p>
      {error ? (
        <p className={s.alert} role="alert">
          {error}
        </p>
      ) : null}
      {searches.length === 0 ? <p>{m.account.empty}</p> : null}
      {searches.map((search) => (
        <SavedSearchCard key={search.id} search={search} reload={load} onError={setError} />
      ))}
    </div>
  );
}

function SavedSearchCard({
  search,
  reload,
  onError,
}: {
  search: SavedSearch;
  reload: () => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const act = async (r: Promise<{ ok: boolean; message?: string }>) => {
    const res = await r;
    onError(res.ok ? null : (res.message ?? t.common.error));
    await reload();
    return res.ok;
  };
  return (
    <section className={s.card} data-testid={`saved-search-${search.id}`}>
      <div className={s.header}>
        {renaming ? (
          <form
            className={s.row}
            onSubmit={(e) => {
              e.preventDefault();
              void act(api('PATCH', `/api/me/saved-searches/${search.id}`, { name })).then(
                (ok) => ok && setRenaming(false),
              );
            }}
          >
            <input
              className={s.input}
              value={name}
              maxLength={80}
              aria-label={m.account.rename}
              onChange={(e) => setName(e.target.value)}
            />
            <button className={s.button} type="submit" disabled={!name.trim()}>
              {m.account.save}
            </button>
          </form>
        ) : (
          <h3>{search.name}</h3>
        )}
        <div className={s.row}>
          <Link href={`/recherches-avancees/resultats?${search.query}`}>{m.account.open}</Link>
          {!renaming ? (
            <button className={s.secondary} type="button" onClick={() => setRenaming(true)}>
              {m.account.rename}
            </button>
          ) : null}
          <button
            className={s.secondary}
            type="button"
            onClick={() => {
              if (window.confirm(interpolate(m.account.confirmDelete, { name: search.name })))
                void act(api('DELETE', `/api/me/saved-searches/${search.id}`));
            }}
          >
            {m.account.delete}
          </button>
        </div>
      </div>
      <label className={s.row}>
        {m.account.frequency}
        <select
          className={s.input}
          value={search.frequency}
          onChange={(e) =>
            void act(
              api('PATCH', `/api/me/saved-searches/${search.id}`, { frequency: e.target.value }),
            )
          }
        >
          {SAVED_SEARCH_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      {search.last_mailed_at ? (
        <p className={s.hint}>
          {interpolate(m.account.lastMailed, { date: frDate(search.last_mailed_at) })}
        </p>
      ) : null}
      <h4>{m.account.lastMatches}</h4>
      {search.last_matches.length === 0 ? (
        <p className={s.hint}>{m.account.noMatches}</p>
      ) : (
        <ul className={s.feed}>
          {search.last_matches.map((c) => (
            <li key={c.siren}>
              <Link href={`/entreprises/${c.siren}`}>{c.name ?? m.account.hiddenName}</Link>{' '}
              <span className={s.hint}>{frDate(c.found_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
