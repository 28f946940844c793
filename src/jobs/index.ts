/**
 * STAND-IN for the lead's jobs module (COMMON.md seam 1), with its exact signatures: an in-process
 * queue, so the orders branch runs before pg-boss lands on main. Replaced at merge.
 */
import type { Db } from '@/db/client';

export type JobContext = { id: string; retryCount: number };
export type JobOptions<T> = {
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  onDeadLetter?: (data: T, error: string) => Promise<void>;
};
export type JobDefinition<T> = {
  name: string;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  options: JobOptions<T>;
};

type Queued = { def: JobDefinition<object>; data: object; id: string; retryCount: number };
const state = globalThis as unknown as { __standInJobs?: { queue: Queued[]; seq: number } };
const jobs = (state.__standInJobs ??= { queue: [], seq: 0 });

export function defineJob<T extends object>(
  name: string,
  handler: (data: T, ctx: JobContext) => Promise<void>,
  options: JobOptions<T> = {},
): JobDefinition<T> {
  return { name, handler, options };
}

export async function enqueue<T extends object>(
  _db: Db,
  job: JobDefinition<T>,
  data: T,
  options: { singletonKey?: string; startAfterSeconds?: number } = {},
): Promise<void> {
  if (
    options.singletonKey &&
    jobs.queue.some((q) => q.def.name === job.name && q.id === options.singletonKey)
  )
    return;
  jobs.queue.push({
    def: job as unknown as JobDefinition<object>,
    data,
    id: options.singletonKey ?? `job-${++jobs.seq}`,
    retryCount: 0,
  });
}

/** Runs queued jobs (and their retries) until none is left. */
export async function drainStandInJobs(): Promise<void> {
  for (let job = jobs.queue.shift(); job; job = jobs.queue.shift()) {
    try {
      await job.def.handler(job.data, { id: job.id, retryCount: job.retryCount });
    } catch (e) {
      const limit = job.def.options.retryLimit ?? 2;
      if (job.retryCount < limit) {
        jobs.queue.push({ ...job, retryCount: job.retryCount + 1 });
      } else {
        await job.def.options.onDeadLetter?.(job.data, e instanceof Error ? e.message : String(e));
      }
    }
  }
}
