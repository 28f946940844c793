'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import f from '@/i18n/fr/follow';
import { looksLoggedIn } from '@/ui/account/client';
import { loadFollowed, onFollowedChange } from './followState';
import s from './follow.module.css';

const FollowPicker = lazy(() => import('./FollowPicker'));

/**
 * The follow button of company pages and search results. Its HTML is the same for everyone (the
 * page stays in the shared cache); the state loads in the browser afterwards. A guest goes to
 * /login and comes back with the follow done (`suivre` parameter).
 */
export function FollowButton({ siren, name }: { siren: string; name?: string | null }) {
  const [lists, setLists] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const update = () => void loadFollowed().then((m) => setLists(m.get(siren) ?? []));
    update();
    return onFollowedChange(update);
  }, [siren]);
  const click = () => {
    if (!looksLoggedIn()) {
      const next = window.location.pathname + window.location.search;
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: the frame reads the login state again
      window.location.assign(`/login?next=${encodeURIComponent(next)}&suivre=${siren}`);
      return;
    }
    setOpen((v) => !v);
  };
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // An open popover closes on Escape (focus back on the button) and on a click outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);
  const following = lists.length > 0;
  return (
    <span className={s.wrap} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={following ? s.on : s.button}
        // Its name says what a click does in each state (a click opens the lists, where « Ne plus
        // suivre » is): not a toggle, so no aria-pressed beside a name that changes.
        aria-expanded={open}
        aria-label={`${following ? f.labelFollowing : f.label}${name ? ` : ${name}` : ''}`}
        onClick={click}
        data-testid="follow-button"
      >
        {following ? `✓ ${f.following}` : `+ ${f.follow}`}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FollowPicker
            siren={siren}
            inLists={lists}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
