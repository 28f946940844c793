'use client';

import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_FIELD } from '@/lib/captcha/field';
import type { CaptchaChallenge } from '@/lib/captcha/protocol';

type Status = 'working' | 'done' | 'failed';

const TEXT: Record<Status, string> = {
  working: 'Vérification anti-robot en cours…',
  done: 'Vérification anti-robot effectuée.',
  failed: 'La vérification anti-robot a échoué : rechargez la page pour réessayer.',
};

async function fetchAndSolve(signal: AbortSignal): Promise<string> {
  const res = await fetch('/api/captcha', { cache: 'no-store', signal });
  if (!res.ok) throw new Error(`captcha ${res.status}`);
  const c = ((await res.json()) as { data: { data: CaptchaChallenge } }).data.data;
  // The solver (altcha-lib) loads with the first form that needs it, not with the page.
  const { solveInBrowser } = await import('@/lib/captcha/protocol');
  const payload = await solveInBrowser(c, signal);
  if (payload === null) throw new Error('captcha unsolved');
  return payload;
}

/**
 * The captcha of a form: solves a proof-of-work challenge in the background as soon as the page
 * is shown and puts the solution in a hidden field. A submit before the solution is ready waits
 * for it, then goes on by itself. Without JavaScript the form cannot pass, and says why.
 */
export function CaptchaField() {
  const [status, setStatus] = useState<Status>('working');
  const [solution, setSolution] = useState('');
  const anchor = useRef<HTMLSpanElement>(null);
  const pending = useRef(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchAndSolve(abort.signal).then(
      (s) => {
        setSolution(s);
        setStatus('done');
      },
      () => {
        if (!abort.signal.aborted) setStatus('failed');
      },
    );
    return () => abort.abort();
  }, []);

  // Hold a submit until the solution is there.
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const onSubmit = (e: SubmitEvent) => {
      if (solution) return;
      e.preventDefault();
      pending.current = true;
    };
    form.addEventListener('submit', onSubmit);
    if (solution && pending.current) {
      pending.current = false;
      form.requestSubmit();
    }
    return () => form.removeEventListener('submit', onSubmit);
  }, [solution]);

  return (
    <span ref={anchor} style={{ display: 'block', fontSize: '0.875rem' }}>
      <input type="hidden" name={CAPTCHA_FIELD} value={solution} />
      <span role="status" aria-live="polite">
        {TEXT[status]}
      </span>
      <noscript>
        La vérification anti-robot a besoin de JavaScript : activez-le pour envoyer ce formulaire.
      </noscript>
    </span>
  );
}
