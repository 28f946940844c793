import { getEnv } from '@/config/env';
import {
  errorReportingRates,
  reportingEnabled,
  shouldDropEvent,
} from '@/lib/error-reporting/rules';

/** Server-side error reporting, started once per server process (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const env = getEnv();
  const settings = { appEnv: env.APP_ENV, dsn: env.SENTRY_DSN, release: env.SENTRY_RELEASE };
  if (!reportingEnabled(settings)) return;
  const Sentry = await import('@sentry/nextjs');
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.appEnv,
    release: settings.release,
    tracesSampleRate: errorReportingRates.tracesSampleRate,
    // The SDK's transport already backs off on 429 (Retry-After, else 60 s), as the spec asks.
    beforeSend: (event) => (shouldDropEvent(event) ? null : event),
  });
}

export async function onRequestError(...args: unknown[]) {
  const env = getEnv();
  if (!reportingEnabled({ appEnv: env.APP_ENV, dsn: env.SENTRY_DSN })) return;
  const Sentry = await import('@sentry/nextjs');
  (Sentry.captureRequestError as (...a: unknown[]) => void)(...args);
}
