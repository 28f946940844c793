'use client';

import { useEffect, useRef, useState } from 'react';
import f from '@/i18n/fr/follow';
import { api } from '@/ui/account/client';
import { refreshFollowed } from './followState';
import s from './follow.module.css';

type List = { id: number; name: string };

/** The list picker of the follow button, loaded only when a logged-in user opens it. */
export default function FollowPicker({
  siren,
  inLists,
  onClose,
}: {
  siren: string;
  inLists: number[];
  onClose: () => void;
}) {
  const [lists, setLists] = useState<List[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void api<List[]>('GET', '/api/followed-lists').then((r) => setLists(r.ok ? r.data : []));
    // Focus moves into the popover when it opens; Escape (FollowButton) brings it back.
    ref.current?.focus();
  }, []);
  const done = (r: { ok: boolean; message?: string }) => {
    if (!r.ok) setError(r.message ?? f.error);
    refreshFollowed();
  };
  const toggle = async (list: List, on: boolean) => {
    done(
      on
        ? await api('POST', `/api/company/${siren}/follow/${list.id}`)
        : await api('DELETE', `/api/followed-lists/${list.id}/companies`, { sirens: [siren] }),
    );
  };
  const create = async () => {
    const r = await api<List>('POST', '/api/followed-lists', { name });
    if (!r.ok) return setError(r.fields?.name?.[0] ?? r.message);
    setName('');
    setLists((l) => [...(l ?? []), r.data]);
    done(await api('POST', `/api/company/${siren}/follow/${r.data.id}`));
  };
  return (
    <div
      ref={ref}
      className={s.picker}
      role="dialog"
      aria-label={f.pickList}
      tabIndex={-1}
      data-testid="follow-picker"
    >
      <strong>{f.pickList}</strong>
      {error ? <p className={s.error}>{error}</p> : null}
      {lists === null ? <span>{f.loading}</span> : null}
      {lists?.map((l) => (
        <label key={l.id} className={s.item}>
          <input
            type="checkbox"
            checked={inLists.includes(l.id)}
            onChange={(e) => void toggle(l, e.target.checked)}
          />
          {l.name}
        </label>
      ))}
      {/* The name field on its own line, under its visible label: never cut (« Nom de la nouve… »). */}
      <div className={s.newList}>
        <label htmlFor={`follow-new-${siren}`}>{f.newListLabel}</label>
        <input
          id={`follow-new-${siren}`}
          className={s.input}
          value={name}
          maxLength={80}
          placeholder={f.newListPlaceholder}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) void create();
          }}
        />
        <button
          type="button"
          className={s.small}
          disabled={!name.trim()}
          onClick={() => void create()}
        >
          {f.create}
        </button>
      </div>
      {inLists.length ? (
        <button
          type="button"
          className={s.small}
          onClick={() => void api('DELETE', `/api/company/${siren}/unfollow`).then(done)}
        >
          {f.unfollowAll}
        </button>
      ) : null}
      <button type="button" className={s.small} onClick={onClose}>
        {f.close}
      </button>
    </div>
  );
}
