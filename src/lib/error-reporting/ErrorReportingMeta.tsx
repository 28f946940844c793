import { getEnv } from '@/config/env';
import { reportingEnabled } from '@/lib/error-reporting/rules';

/** Hands the browser the run-time reporting settings; renders nothing when reporting is off. */
export function ErrorReportingMeta() {
  const env = getEnv();
  const settings = { appEnv: env.APP_ENV, dsn: env.SENTRY_DSN, release: env.SENTRY_RELEASE };
  if (!reportingEnabled(settings)) return null;
  return <meta name="error-reporting" content={JSON.stringify(settings)} />;
}
