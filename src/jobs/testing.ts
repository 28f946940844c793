/** What tests need of the job queue: run what is queued, now, in this process. */
export { runJobsUntilIdle } from './index';
