'use client';

import { useEffect } from 'react';
import errors from '@/i18n/fr/errors';
import { reportBoundaryError } from '@/lib/error-reporting/client';

/**
 * The last resort when the root layout itself fails: it replaces the whole document, so it
 * brings its own <html> and inline styles (the frame's stylesheet may be what failed).
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportBoundaryError(error), [error]);
  return (
    <html lang="fr">
      <body style={{ fontFamily: 'system-ui, sans-serif', color: '#1a2233', margin: 0 }}>
        <main style={{ maxWidth: 760, margin: '0 auto', padding: '48px 16px' }}>
          <h1>{errors.global.title}</h1>
          <p>{errors.global.body}</p>
          <p>
            {/* A full reload: the failed root layout must be rendered again. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" style={{ color: '#1c4fa0' }}>
              {errors.boundary.home}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
