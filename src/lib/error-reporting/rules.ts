/**
 * Error-reporting rules of spec sections 8 and 9, as pure data and functions so that the server
 * and browser set-ups share them and tests pin them.
 */

export const errorReportingRates = {
  tracesSampleRate: 0.05,
  replaysSessionSampleRate: 0.05,
  replaysOnErrorSampleRate: 1,
} as const;

/** Frame file names that mark code we cannot attribute (eval, extensions, injected scripts). */
const anonymousFrameMarkers = ['<anonymous>', 'anonymous'];

type Frame = { filename?: string; function?: string };
type ReportEvent = {
  exception?: { values?: Array<{ stacktrace?: { frames?: Frame[] } }> };
};

/**
 * An event is dropped when it has no stack at all, or when its stack holds an anonymous frame:
 * such errors come from browser extensions or injected code, not from us, and only add noise.
 */
export function shouldDropEvent(event: ReportEvent): boolean {
  const frames = (event.exception?.values ?? []).flatMap((v) => v.stacktrace?.frames ?? []);
  if (frames.length === 0) return true;
  return frames.some((f) => anonymousFrameMarkers.includes(f.filename ?? ''));
}

export type ReportingSettings = {
  appEnv: 'local' | 'prod' | 'test';
  dsn?: string;
  release?: string;
};

/** Reporting is off when APP_ENV is local, and when no DSN (host + project key) is configured. */
export function reportingEnabled(s: ReportingSettings): s is ReportingSettings & { dsn: string } {
  return s.appEnv !== 'local' && !!s.dsn;
}
