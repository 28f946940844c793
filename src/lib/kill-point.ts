import { getEnv } from '@/config/env';

export type KillPoint = 'copy' | 'upsert' | 'index';

/**
 * Fault injection for the tests that kill an import at each step (src/ingest/kill.test.ts): with
 * APP_ENV=test and TEST_KILL_AT naming this point, the process dies here with SIGKILL, as a
 * `kill -9` would leave it: no handler, no rollback but the database's own.
 */
export function killPoint(point: KillPoint): void {
  const env = getEnv();
  if (env.APP_ENV === 'test' && env.TEST_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
}
