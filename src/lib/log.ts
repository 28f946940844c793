import pino from 'pino';
import { getEnv } from '@/config/env';

let logger: pino.Logger | undefined;

/** The server's structured logger (JSON lines on stdout); silent under APP_ENV=test. */
export function log(): pino.Logger {
  if (!logger) {
    const env = getEnv();
    logger = pino({ level: env.APP_ENV === 'test' ? 'silent' : env.LOG_LEVEL, base: undefined });
  }
  return logger;
}

/** Logs a failure that was turned into a value (an empty section, a 503), with where it happened. */
export function logFailure(scope: string, error: unknown): void {
  log().error(
    { scope, err: error },
    `${scope}: ${error instanceof Error ? error.message : String(error)}`,
  );
}
