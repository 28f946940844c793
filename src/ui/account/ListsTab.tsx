'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import t from '@/i18n/fr/account';
import { api } from './client';
import { listCsv } from './list-csv';
import s from './account.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { companyPathSlug } from '@/domain/slug';

type Mode = 'immediate' | 'daily' | 'none';
type Company = {
  siren: string;
  name: string | null;
  status: 'active' | 'ceased' | 'unknown';
  last_change_at: string | null;
};
type List = { id: number; name: string; alert_mode: Mode; company_details: Company[] };

const frDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
    : t.myAccount.lists.none;
const slug = companyPathSlug;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** The lists of /mon-compte: companies with name, state and last change; rename, delete, CSV. */
export function ListsTab() {
  const [lists, setLists] = useState<List[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const load = useCallback(async () => {
    const r = await api<{ id: number }[]>('GET', '/api/followed-lists');
    if (!r.ok) return setError(r.message);
    const full = await Promise.all(
      r.data.map((l) => api<List>('GET', `/api/followed-lists/${l.id}`)),
    );
    setLists(full.flatMap((x) => (x.ok ? [x.data] : [])));
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load]);
  const create = async () => {
    const r = await api('POST', '/api/followed-lists', { name: newName });
    if (!r.ok) return setError(r.fields?.name?.[0] ?? r.message);
    setNewName('');
    setError(null);
    await load();
  };
  if (!lists) return <p>{t.common.loading}</p>;
  return (
    <div data-testid="lists-tab">
      {error ? <p className={s.alert}>{error}</p> : null}
      <div className={`${s.row} ${s.card}`}>
        <label htmlFor="new-list">{t.myAccount.lists.newList}</label>
        <input
          id="new-list"
          className={s.input}
          value={newName}
          maxLength={80}
          onChange={(e) => setNewName(e.target.value)}
        />
        <button
          className={s.button}
          type="button"
          disabled={!newName.trim()}
          onClick={() => void create()}
        >
          {t.myAccount.lists.create}
        </button>
      </div>
      {lists.length === 0 ? <p>{t.myAccount.lists.empty}</p> : null}
      {lists.map((l) => (
        <ListCard key={l.id} list={l} reload={load} onError={setError} />
      ))}
    </div>
  );
}

function ListCard({
  list,
  reload,
  onError,
}: {
  list: List;
  reload: () => Promise<void>;
  onError: (m: string) => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const act = async (r: Promise<{ ok: boolean; message?: string }>) => {
    const res = await r;
    if (!res.ok) onError(res.message ?? t.common.error);
    await reload();
  };
  const toggle = (siren: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(siren)) next.delete(siren);
      else next.add(siren);
      return next;
    });
  return (
    <section className={s.card} data-testid={`list-${list.id}`}>
      <div className={s.header}>
        {renaming ? (
          <div className={s.row}>
            <input
              className={s.input}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              aria-label={t.myAccount.lists.rename}
            />
            <button
              className={s.button}
              type="button"
              onClick={() =>
                void act(api('PATCH', `/api/followed-lists/${list.id}`, { name })).then(() =>
                  setRenaming(false),
                )
              }
            >
              {t.myAccount.profile.save}
            </button>
          </div>
        ) : (
          <h2>{list.name}</h2>
        )}
        <div className={s.row}>
          <label className={s.row}>
            {t.myAccount.lists.alertMode}
            <select
              className={s.input}
              value={list.alert_mode}
              onChange={(e) =>
                void act(
                  api('PATCH', `/api/followed-lists/${list.id}`, { alert_mode: e.target.value }),
                )
              }
            >
              {(['immediate', 'daily', 'none'] as const).map((m) => (
                <option key={m} value={m}>
                  {t.myAccount.lists.modes[m]}
                </option>
              ))}
            </select>
          </label>
          <button className={s.secondary} type="button" onClick={() => setRenaming((v) => !v)}>
            {t.myAccount.lists.rename}
          </button>
          <button
            className={s.secondary}
            type="button"
            onClick={() =>
              download(
                `liste-${slug(list.name)}.csv`,
                listCsv(list.company_details, t.myAccount.lists),
              )
            }
          >
            {t.myAccount.lists.exportCsv}
          </button>
          <button
            className={s.secondary}
            type="button"
            onClick={() => {
              if (window.confirm(t.myAccount.lists.confirmDelete.replace('{name}', list.name))) {
                void act(api('DELETE', `/api/followed-lists/${list.id}`));
              }
            }}
          >
            {t.myAccount.lists.delete}
          </button>
        </div>
      </div>
      {list.company_details.length ? (
        <>
          <ScrollRegion label={list.name}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th />
                  <th>{t.myAccount.lists.company}</th>
                  <th>{t.myAccount.lists.status}</th>
                  <th>{t.myAccount.lists.lastChange}</th>
                </tr>
              </thead>
              <tbody>
                {list.company_details.map((c) => (
                  <tr key={c.siren}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={c.name ?? c.siren}
                        checked={selected.has(c.siren)}
                        onChange={() => toggle(c.siren)}
                      />
                    </td>
                    <td>
                      <Link href={`/entreprises/${c.siren}/${slug(c.name)}`}>
                        {c.name ?? c.siren}
                      </Link>{' '}
                      <span className={s.hint}>{c.siren.replace(/(\d{3})(?=\d)/g, '$1 ')}</span>
                    </td>
                    <td>{t.myAccount.lists[c.status]}</td>
                    <td>{frDate(c.last_change_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <button
            className={s.secondary}
            type="button"
            disabled={selected.size === 0}
            onClick={() =>
              void act(
                api('DELETE', `/api/followed-lists/${list.id}/companies`, {
                  sirens: [...selected],
                }),
              ).then(() => setSelected(new Set()))
            }
          >
            {t.myAccount.lists.unfollowSelected}
          </button>
        </>
      ) : (
        <p className={s.hint}>{t.myAccount.lists.empty}</p>
      )}
    </section>
  );
}
