/**
 * The job workers of a web server process (src/jobs) and what runs once they are up (the orders'
 * recovery sweep), started without delaying the first request and stopped in shutdown's order
 * (src/server/shutdown.ts): stop taking requests, drain, stop the job workers, then close the
 * pools. A SIGTERM that arrives while the workers are still starting, or while the sweep runs,
 * waits for them first: stopping only what had started left them querying a pool the shutdown
 * had closed (« job workers: Cannot use a pool after calling end on the pool »).
 */
import type { Db } from '@/db/client';
import { startJobWorkers, stopJobWorkers } from '@/jobs';
import { logFailure } from '@/lib/log';

export type BackgroundWork = {
  /** Shutdown's step: waits for the start (and `afterStart`), then stops the workers. */
  stop(timeoutMs: number): Promise<void>;
};

export function startBackgroundWork(
  db: Db,
  afterStart: () => Promise<unknown> = async () => {},
  options: Parameters<typeof startJobWorkers>[1] = {},
): BackgroundWork {
  const started = startJobWorkers(db, options)
    .then(afterStart)
    .catch((e) => logFailure('job workers', e));
  return {
    async stop(timeoutMs) {
      const since = Date.now();
      await started;
      await stopJobWorkers(db, Math.max(1000, timeoutMs - (Date.now() - since)));
    },
  };
}
