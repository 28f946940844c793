/**
 * Background work (mails, alerts, order fulfilment) on a PostgreSQL job queue: pg-boss, on both
 * databases. Jobs live in the database (schema `pgboss`), so a restart loses none; delivery is
 * at least once (a job whose process died runs again after `expireInSeconds`), so every handler
 * must be idempotent.
 *
 * Both the web server and the tests reach the database through the same `Db` as the rest of the
 * site: node-postgres (PostgreSQL, or the embedded PGlite served on loopback by `npm start`, whose
 * one connection the queue shares with the pages) or an in-process PGlite (tests, CLIs). pg-boss
 * gets an adapter over that client instead of a pool of its own, polls (no LISTEN: the embedded
 * server does not deliver notifications) and sends single statements, which a pool of one
 * connection serves as well as a pool of ten.
 *
 * A job kind is declared once with `defineJob` in the module that owns the work, and that module is
 * imported from the composition root, `src/server/jobs.ts`, so a worker knows every kind. A feature
 * that needs another's work enqueues it by name (`enqueueByName`, names in `./names.ts`).
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Db } from '@/db/client';
import { log } from '@/lib/log';
import { countEvent } from '@/lib/stats';

export type JobContext = { id: string; retryCount: number };

export type JobOptions<T> = {
  /** Retries after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before a retry, doubled each time (default 30). */
  retryDelaySeconds?: number;
  /** A job still active after this long is taken to have died with its process, and retried. */
  expireInSeconds?: number;
  /** Called once when a job has failed its last retry: tell the user, refund, give up cleanly. */
  onDeadLetter?: (data: T, error: string) => Promise<void>;
  /**
   * A daily job: runs once a day at this hour, Paris time. The workers queue the next run when
   * they start and after each run, keyed by its day, so restarts and several workers never run a
   * day twice, and a day missed while nothing ran is run at the next start.
   */
  dailyAtParisHour?: number;
  /** `singleton`: at most one job of the kind active at a time, across every worker. */
  policy?: 'standard' | 'singleton';
};

export type JobDefinition<T> = {
  name: string;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  options: JobOptions<T>;
};

type AnyJob = JobDefinition<never>;

const state = globalThis as unknown as {
  __jobDefinitions?: Map<string, AnyJob>;
  __jobBosses?: WeakMap<object, Promise<PgBoss>>;
};
const definitions = (state.__jobDefinitions ??= new Map());
const bosses = (state.__jobBosses ??= new WeakMap());

const SCHEMA = 'pgboss';
const deadQueue = (name: string) => `${name}__dead`;

/** Declares a kind of job. The name is stable: queued jobs refer to it across deployments. */
export function defineJob<T extends object>(
  name: string,
  handler: (data: T, ctx: JobContext) => Promise<void>,
  options: JobOptions<T> = {},
): JobDefinition<T> {
  if (!/^[a-z][a-z0-9.-]*$/.test(name)) throw new Error(`nom de tâche invalide : ${name}`);
  const job: JobDefinition<T> = { name, handler, options };
  const known = definitions.get(name);
  // Module reloads (dev server, tests) re-declare the same job: the latest declaration wins.
  if (known && known.handler.toString() !== handler.toString()) {
    log().warn({ job: name }, 'job redefined');
  }
  definitions.set(name, job as unknown as AnyJob);
  return job;
}

/**
 * pg-boss's view of our database client. Its contract: a multi-statement text answers the rows of
 * every statement (tested in jobs.test.ts).
 */
export function queueDbOf(db: Db) {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return {
      executeSql: async (text: string, values?: unknown[]) => {
        // Answered as pg answers, as pg-boss's own pool does: a multi-statement text gives one
        // result per statement, and pg-boss reads them all (its background-migration claim looks
        // for the advisory lock's row among them, and fails without it).
        return client.query(text, values as unknown[] | undefined);
      },
    };
  }
  return fromPglite(client as PGlite);
}

/** The queue of a database: installed (or upgraded) on first use, then shared by every caller. */
export function bossOf(db: Db): Promise<PgBoss> {
  let boss = bosses.get(db);
  if (!boss) {
    boss = (async () => {
      const b = new PgBoss({
        db: queueDbOf(db),
        schema: SCHEMA,
        // Maintenance (expiry, retention) and cron run in the process that works the jobs.
        supervise: false,
        schedule: false,
        migrate: true,
      });
      b.on('error', (error) => log().error({ err: error }, 'job queue error'));
      await b.start();
      for (const job of definitions.values()) await ensureQueue(b, job);
      return b;
    })();
    bosses.set(db, boss);
    boss.catch(() => bosses.delete(db));
  }
  return boss;
}

const ensured = new WeakMap<PgBoss, Set<string>>();

async function ensureQueue(boss: PgBoss, job: AnyJob): Promise<void> {
  let done = ensured.get(boss);
  if (!done) ensured.set(boss, (done = new Set()));
  if (done.has(job.name)) return;
  const o = job.options;
  await boss.createQueue(deadQueue(job.name), { retryLimit: 0 });
  await boss.createQueue(job.name, {
    ...(o.policy ? { policy: o.policy } : {}),
    retryLimit: o.retryLimit ?? 3,
    retryDelay: o.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: o.expireInSeconds ?? 15 * 60,
    deadLetter: deadQueue(job.name),
  });
  done.add(job.name);
}

/** Seconds from `now` to the next `hour`:00 in Paris (at least one minute), and that day. */
export function nextParisHour(hour: number, now = new Date()): { seconds: number; day: string } {
  const part = (option: Intl.DateTimeFormatOptions) =>
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        hour12: false,
        ...option,
      }).format(now),
    );
  let hours = hour - part({ hour: '2-digit' });
  if (hours <= 0) hours += 24;
  const seconds = Math.max(60, hours * 3600 - part({ minute: '2-digit' }) * 60);
  const day = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(now.getTime() + seconds * 1000),
  );
  return { seconds, day };
}

/** Queues the next run of a daily job (once per day, whoever asks). */
async function queueNextDailyRun(db: Db, job: AnyJob, now = new Date()): Promise<void> {
  if (job.options.dailyAtParisHour === undefined) return;
  const next = nextParisHour(job.options.dailyAtParisHour, now);
  await enqueue(
    db,
    job as unknown as JobDefinition<{ day: string }>,
    { day: next.day },
    {
      singletonKey: next.day,
      startAfterSeconds: next.seconds,
    },
  );
}

/** A job id derived from a key, so that queueing the same work twice queues it once. */
function idOfKey(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  // UUID layout (version 8: custom), as pg-boss ids are uuids.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Queues a job. With `singletonKey`, a job of the same kind and key queued before (and still kept,
 * seven days after completion) makes this call do nothing: the caller may repeat itself safely.
 */
export async function enqueue<T extends object>(
  db: Db,
  job: JobDefinition<T>,
  data: T,
  options: { singletonKey?: string; startAfterSeconds?: number } = {},
): Promise<void> {
  const boss = await bossOf(db);
  await ensureQueue(boss, job as unknown as AnyJob);
  await boss.send(job.name, data, {
    ...(options.singletonKey ? { id: idOfKey(job.name, options.singletonKey) } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
  });
}

/**
 * Enqueues a kind declared by another feature, by its name (`JOB_NAMES`), so the asker does not
 * import the owner. The kind must be declared in this process: the composition root
 * (`src/server/jobs.ts`) imports every declaration.
 */
export async function enqueueByName<T extends object>(
  db: Db,
  name: string,
  data: T,
  options: { singletonKey?: string; startAfterSeconds?: number } = {},
): Promise<void> {
  const job = definitions.get(name) as JobDefinition<T> | undefined;
  if (!job)
    throw new Error(`job kind ${name} is not declared in this process (src/server/jobs.ts)`);
  await enqueue(db, job, data, options);
}

type Fetched = { id: string; data: unknown; retryCount: number; sourceOutput?: unknown };

async function runOne(
  job: AnyJob,
  j: Fetched,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await (job.handler as (d: unknown, c: JobContext) => Promise<void>)(j.data, {
      id: j.id,
      retryCount: j.retryCount,
    });
    return { ok: true };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    countEvent('job_failures', { job: job.name });
    log().warn({ job: job.name, id: j.id, retryCount: j.retryCount, err: e }, 'job failed');
    return { ok: false, error };
  }
}

async function runDead(job: AnyJob, j: Fetched): Promise<void> {
  // The dead-letter copy carries the output of the original job's last failure.
  const error =
    (j.sourceOutput as { message?: string } | null | undefined)?.message ??
    'échec répété de la tâche';
  await job.options.onDeadLetter?.(j.data as never, error);
}

type Running = { boss: PgBoss; stop: (timeoutMs: number) => Promise<void> };
const running = new WeakMap<object, Running>();

/**
 * Works every declared job kind in this process until `stopJobWorkers`. pg-boss's supervision
 * (expiring the jobs of a dead process, retention) runs here too.
 */
export async function startJobWorkers(
  db: Db,
  options: { pollingIntervalSeconds?: number; batchSize?: number } = {},
): Promise<void> {
  if (running.has(db)) return;
  const boss = new PgBoss({
    db: queueDbOf(db),
    schema: SCHEMA,
    supervise: true,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error) => log().error({ err: error }, 'job queue error'));
  await boss.start();
  const workOptions = {
    batchSize: options.batchSize ?? 10,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    includeMetadata: true,
    perJobResults: true,
  } as const;
  for (const job of definitions.values()) {
    await ensureQueue(boss, job);
    await queueNextDailyRun(db, job);
    await boss.work(job.name, workOptions, async (jobs) => {
      const results = [];
      for (const j of jobs) {
        const r = await runOne(job, j as Fetched);
        if (r.ok) await queueNextDailyRun(db, job);
        results.push(
          r.ok
            ? { id: j.id, status: 'completed' as const }
            : { id: j.id, status: 'failed' as const, output: { message: r.error } },
        );
      }
      return results;
    });
    await boss.work(deadQueue(job.name), workOptions, async (jobs) => {
      const results = [];
      for (const j of jobs) {
        await runDead(job, j as Fetched);
        results.push({ id: j.id, status: 'completed' as const });
      }
      return results;
    });
  }
  running.set(db, { boss, stop: (timeout) => boss.stop({ graceful: true, timeout }) });
}

/** Whether this process works the queue of `db` (`startJobWorkers` done, not stopped). */
export function jobWorkersRunning(db: Db): boolean {
  return running.has(db);
}

/**
 * Each declared kind's jobs not completed, by state (`created`, `retry`, `active`, `failed`,
 * `cancelled`; dead letters under `<name>__dead`), counted now in the queue's table. For the
 * metrics.
 */
export async function queueCounts(
  db: Db,
): Promise<Array<{ name: string; state: string; count: number }>> {
  const names = [...definitions.keys()].flatMap((n) => [n, deadQueue(n)]);
  if (!names.length) return [];
  const { rows } = await queueDbOf(db).executeSql(
    `SELECT name, state::text AS state, count(*)::int AS count FROM ${SCHEMA}.job
      WHERE name = ANY($1::text[]) AND state <> 'completed' GROUP BY 1, 2`,
    [names],
  );
  return rows as Array<{ name: string; state: string; count: number }>;
}

/**
 * Stops working the queue: no job is fetched any more, the running ones get `timeoutMs` to
 * finish; one still running then is failed by pg-boss, which puts it back in its queue for a
 * retry (its kind's retry delay), so none is lost.
 */
export async function stopJobWorkers(db: Db, timeoutMs = 10_000): Promise<void> {
  const r = running.get(db);
  if (!r) return;
  running.delete(db);
  await r.stop(timeoutMs);
}

/**
 * Runs every queued job of every kind in this process, retries and dead letters included, until
 * none is left that may run now (`includeDelayed`: also those waiting for a retry delay or a start
 * time). For tests and CLIs; returns the number of jobs run.
 */
export async function runJobsUntilIdle(
  db: Db,
  options: { includeDelayed?: boolean; maxRounds?: number } = {},
): Promise<number> {
  const boss = await bossOf(db);
  let total = 0;
  for (let round = 0; round < (options.maxRounds ?? 100); round++) {
    let ran = 0;
    for (const job of definitions.values()) {
      await ensureQueue(boss, job);
      const fetchOptions = {
        batchSize: 50,
        includeMetadata: true,
        ignoreStartAfter: options.includeDelayed ?? true,
      } as const;
      const jobs = (await boss.fetch(job.name, fetchOptions)) as unknown as Fetched[];
      for (const j of jobs) {
        const r = await runOne(job, j);
        if (r.ok) await boss.complete(job.name, j.id);
        else await boss.fail(job.name, j.id, { message: r.error });
        ran++;
      }
      const dead = (await boss.fetch(deadQueue(job.name), fetchOptions)) as unknown as Fetched[];
      for (const j of dead) {
        await runDead(job, j);
        await boss.complete(deadQueue(job.name), j.id);
        ran++;
      }
    }
    total += ran;
    if (ran === 0) break;
  }
  return total;
}
