'use client';

import { reportingEnabled, type ReportingSettings } from './rules';

/**
 * Reports an error caught by an error boundary, once. An error thrown while rendering on the
 * server reaches the browser with a `digest`: the server already reported it (`onRequestError`
 * in `src/instrumentation.ts`), so only errors born in the browser are sent from here. Nothing is
 * sent when reporting is off (no `<meta name="error-reporting">`, see ErrorReportingMeta).
 */
export function reportBoundaryError(error: Error & { digest?: string }): void {
  if (error.digest) return;
  const meta = document.querySelector('meta[name="error-reporting"]');
  if (!meta) return;
  let settings: ReportingSettings;
  try {
    settings = JSON.parse(meta.getAttribute('content') ?? '') as ReportingSettings;
  } catch {
    return;
  }
  if (!reportingEnabled(settings)) return;
  void import('@sentry/nextjs').then((Sentry) => Sentry.captureException(error));
}
