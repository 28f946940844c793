/** STAND-IN (see src/jobs/index.ts): runs queued jobs in the test's process. */
import type { Db } from '@/db/client';
import { drainStandInJobs } from './index';

export async function runJobsUntilIdle(_db: Db): Promise<void> {
  await drainStandInJobs();
}
