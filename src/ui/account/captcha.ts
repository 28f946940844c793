'use client';

import { useCallback, useEffect, useRef } from 'react';
import { solveInBrowser, type CaptchaChallenge } from '@/lib/captcha/protocol';

async function fetchAndSolve(): Promise<string> {
  const res = await fetch('/api/captcha', { cache: 'no-store' });
  if (!res.ok) throw new Error(`captcha ${res.status}`);
  const c = ((await res.json()) as { data: { data: CaptchaChallenge } }).data.data;
  const solution = await solveInBrowser(c);
  if (solution === null) throw new Error('captcha unsolved');
  return solution;
}

/**
 * The captcha of a fetch-submitted form (src/lib/captcha): solving starts in the background when
 * the form shows; `take()` waits for the solution and hands it over once (a solution is spent by
 * the server), then starts the next one for a possible second submit.
 */
export function useCaptcha(enabled = true): () => Promise<string> {
  const next = useRef<Promise<string> | null>(null);
  useEffect(() => {
    if (enabled && !next.current) next.current = fetchAndSolve();
  }, [enabled]);
  return useCallback(async () => {
    const current = next.current ?? fetchAndSolve();
    next.current = fetchAndSolve();
    next.current.catch(() => {});
    return current;
  }, []);
}
