import {
  errorReportingRates,
  reportingEnabled,
  shouldDropEvent,
} from '@/lib/error-reporting/rules';

/**
 * Browser-side error reporting. The settings come from the server at run time through
 * <meta name="error-reporting"> (see ErrorReportingMeta), so one build serves every environment.
 * The SDK is only downloaded when reporting is on: it stays out of the first-load JavaScript.
 */
function readSettings() {
  const meta = document.querySelector('meta[name="error-reporting"]');
  if (!meta) return undefined;
  try {
    return JSON.parse(meta.getAttribute('content') ?? '') as {
      appEnv: 'local' | 'prod' | 'test';
      dsn?: string;
      release?: string;
    };
  } catch {
    return undefined;
  }
}

const settings = readSettings();
if (settings && reportingEnabled(settings)) {
  void import('@sentry/nextjs').then((Sentry) => {
    Sentry.init({
      dsn: settings.dsn,
      environment: settings.appEnv,
      release: settings.release,
      tracesSampleRate: errorReportingRates.tracesSampleRate,
      replaysSessionSampleRate: errorReportingRates.replaysSessionSampleRate,
      replaysOnErrorSampleRate: errorReportingRates.replaysOnErrorSampleRate,
      integrations: [Sentry.replayIntegration({ maskAllText: false, blockAllMedia: false })],
      beforeSend: (event) => (shouldDropEvent(event) ? null : event),
    });
  });
}
