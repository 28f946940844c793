'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import frame from '@/i18n/fr/frame';
import {
  PROGRESS_HEIGHT_PX,
  PROGRESS_START,
  PROGRESS_STOP_DELAY_MS,
  startsNavigation,
} from './progress';

/**
 * Top loading bar on route changes: starts at 0.3 when a link to another page is clicked (or on
 * back/forward), creeps towards the end while the page loads, completes when the new route is
 * rendered and disappears 200 ms later. A few dozen lines instead of a dependency.
 */
export function ProgressBar() {
  const pathname = usePathname();
  const search = useSearchParams()?.toString();
  const [value, setValue] = useState<number | null>(null);
  const trickle = useRef<ReturnType<typeof setInterval>>(undefined);
  const stop = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const start = () => {
      clearTimeout(stop.current);
      clearInterval(trickle.current);
      setValue(PROGRESS_START);
      trickle.current = setInterval(() => {
        setValue((v) => (v === null || v >= 1 ? v : Math.min(0.94, v + (0.95 - v) * 0.08)));
      }, 200);
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a) return;
      const anchor = { href: a.href, target: a.target, hasDownload: a.hasAttribute('download') };
      if (startsNavigation(e, anchor, window.location.href)) start();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', start);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', start);
      clearInterval(trickle.current);
      clearTimeout(stop.current);
    };
  }, []);

  // The new route rendered: complete (adjusting state while rendering, as React recommends for
  // a change of input), then hide after the stop delay.
  const route = `${pathname}?${search ?? ''}`;
  const [lastRoute, setLastRoute] = useState(route);
  if (route !== lastRoute) {
    setLastRoute(route);
    if (value !== null) setValue(1);
  }
  useEffect(() => {
    if (value !== 1) return;
    clearInterval(trickle.current);
    stop.current = setTimeout(() => setValue(null), PROGRESS_STOP_DELAY_MS);
    return () => clearTimeout(stop.current);
  }, [value]);

  if (value === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={frame.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      data-testid="route-progress"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2100,
        height: PROGRESS_HEIGHT_PX,
        width: `${value * 100}%`,
        background: 'var(--c-focus)',
        boxShadow: '0 0 8px var(--c-focus)',
        transition: 'width 200ms ease-out',
        pointerEvents: 'none',
      }}
    />
  );
}
