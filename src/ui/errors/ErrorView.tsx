'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import errors from '@/i18n/fr/errors';
import { interpolate } from '@/i18n/interpolate';
import { reportBoundaryError } from '@/lib/error-reporting/client';
import c from '@/ui/company/company.module.css';
import s from './errors.module.css';

/**
 * What a route group's error boundary shows: a French message, a retry and a way home, never the
 * error's message or stack. The error is reported once (see reportBoundaryError).
 */
export function ErrorView({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => reportBoundaryError(error), [error]);
  const m = errors.boundary;
  return (
    <div className={c.page} role="alert">
      <h1 className={c.title}>{m.title}</h1>
      <p>{m.body}</p>
      {error.digest && (
        <p className={s.reference}>{interpolate(m.reference, { digest: error.digest })}</p>
      )}
      <div className={s.actions}>
        <button type="button" className={c.button} onClick={reset}>
          {m.retry}
        </button>
        <Link href="/" className={s.link}>
          {m.home}
        </Link>
      </div>
    </div>
  );
}
