import { getEnv } from '@/config/env';
import { logFailure } from '@/lib/log';
import { reportingEnabled } from './rules';

/**
 * A failure of the web server outside Next's handling (src/server/site.ts: the front door's
 * steps, the registry API's fast path), reported as Next reports its own (src/instrumentation.ts:
 * `onRequestError`): logged, and sent to Sentry when reporting is on (the server's Sentry client
 * is the one `register` initialised in this process).
 */
export async function reportServerFailure(scope: string, error: unknown): Promise<void> {
  logFailure(scope, error);
  const env = getEnv();
  if (!reportingEnabled({ appEnv: env.APP_ENV, dsn: env.SENTRY_DSN })) return;
  try {
    const Sentry = await import('@sentry/nextjs');
    Sentry.captureException(error, { tags: { scope } });
  } catch (e) {
    logFailure('sentry', e);
  }
}
