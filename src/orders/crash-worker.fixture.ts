/**
 * A worker process for the crash test (src/orders/crash.test.ts): it starts like a worker (the
 * recovery sweep, then the queued jobs) with a generator that announces it has started and then
 * hangs, so the test can kill the process in the middle of a job.
 */
import { connectPostgres, type DbHandle } from '@/db/client';
import { runJobsUntilIdle } from '@/jobs/testing';
import { fulfilmentDeps } from './fulfilment';
import { recoverOrders } from './recovery';
import { directoryStorage, setFileStorage } from './storage';

const handle = connectPostgres(process.env.CRASH_DATABASE_URL!, 1);
(globalThis as unknown as { __dbHandle?: DbHandle }).__dbHandle = handle;
setFileStorage(directoryStorage(process.env.CRASH_FILES_DIR!));
fulfilmentDeps.generate = () => {
  process.stdout.write('generating\n');
  return new Promise(() => {});
};
await recoverOrders(handle.db);
await runJobsUntilIdle(handle.db);
