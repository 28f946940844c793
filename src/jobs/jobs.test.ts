/**
 * The job queue on the database under test (PGlite in process, or PostgreSQL): jobs survive the
 * process that queued them, a keyed job is queued once, a failing job is retried then handed to
 * its dead-letter handler exactly once, and a worker started in the background drains the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import {
  defineJob,
  enqueue,
  nextParisHour,
  queueDbOf,
  runJobsUntilIdle,
  startJobWorkers,
  stopJobWorkers,
} from './index';

/** pg-boss's contract for a database it is given: every statement's rows, not the last one's. */
async function expectEveryStatementRows(db: Parameters<typeof queueDbOf>[0]) {
  const result: unknown = await queueDbOf(db).executeSql(
    'SELECT 1 AS pg_advisory_xact_lock; SELECT 2 AS claimed',
  );
  const rows = (Array.isArray(result) ? result : [result]).flatMap(
    (r: { rows: unknown[] }) => r.rows,
  );
  expect(rows).toEqual([{ pg_advisory_xact_lock: 1 }, { claimed: 2 }]);
}

const seen: string[] = [];
const attempts = new Map<string, number>();
const dead: { key: string; error: string }[] = [];

const recordJob = defineJob<{ key: string }>('test.record', async ({ key }) => {
  seen.push(key);
});

const flakyJob = defineJob<{ key: string; failures: number }>(
  'test.flaky',
  async ({ key, failures }) => {
    const n = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, n);
    if (n <= failures) throw new Error(`échec ${n}`);
    seen.push(key);
  },
  {
    retryLimit: 2,
    retryDelaySeconds: 1,
    onDeadLetter: async ({ key }, error) => {
      dead.push({ key, error });
    },
  },
);

const dailyRuns: string[] = [];
defineJob<{ day: string }>(
  'test.daily',
  async ({ day }) => {
    dailyRuns.push(day);
  },
  { dailyAtParisHour: 4 },
);

describe('job queue', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await stopJobWorkers(handle.db);
    await handle.close();
  });

  it('gives pg-boss the rows of every statement of a multi-statement text', async () => {
    await expectEveryStatementRows(handle.db);
  });

  it('runs a queued job once, and a keyed job queued twice once', async () => {
    await enqueue(handle.db, recordJob, { key: 'a' });
    await enqueue(handle.db, recordJob, { key: 'b' }, { singletonKey: 'b' });
    await enqueue(handle.db, recordJob, { key: 'b' }, { singletonKey: 'b' });
    expect(await runJobsUntilIdle(handle.db)).toBe(3 - 1);
    expect(seen.sort()).toEqual(['a', 'b']);
    expect(await runJobsUntilIdle(handle.db)).toBe(0);
  });

  it('retries a failing job, and gives up to the dead-letter handler once', async () => {
    seen.length = 0;
    await enqueue(handle.db, flakyJob, { key: 'recovers', failures: 2 });
    await enqueue(handle.db, flakyJob, { key: 'never', failures: 99 });
    await runJobsUntilIdle(handle.db);
    expect(seen).toEqual(['recovers']);
    expect(attempts.get('recovers')).toBe(3);
    // retryLimit 2: the first try and two retries, then the dead letter.
    expect(attempts.get('never')).toBe(3);
    expect(dead).toEqual([{ key: 'never', error: 'échec 3' }]);
    await runJobsUntilIdle(handle.db);
    expect(dead).toHaveLength(1);
  });

  it('keeps jobs in the database: another connection works what this one queued', async () => {
    if (handle.kind !== 'postgres') return; // an in-memory PGlite has one connection only
    seen.length = 0;
    await enqueue(handle.db, recordJob, { key: 'persisted' });
    const pool = handle.pool!;
    const other = connectPostgres(
      (pool as unknown as { options: { connectionString: string } }).options.connectionString,
      2,
    );
    try {
      expect(await runJobsUntilIdle(other.db)).toBe(1);
      expect(seen).toEqual(['persisted']);
    } finally {
      await other.close();
    }
  });

  it('drains the queue from a background worker', async () => {
    seen.length = 0;
    await startJobWorkers(handle.db, { pollingIntervalSeconds: 0.5 });
    await enqueue(handle.db, recordJob, { key: 'background' });
    for (let i = 0; i < 100 && !seen.includes('background'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toEqual(['background']);
  }, 30_000);

  it('queues a daily job once for its next day, across restarts of the workers', async () => {
    // The workers of the previous test queued the next run when they started; a restart does not
    // queue it twice.
    await stopJobWorkers(handle.db);
    await startJobWorkers(handle.db, { pollingIntervalSeconds: 0.5 });
    await stopJobWorkers(handle.db);
    dailyRuns.length = 0;
    await runJobsUntilIdle(handle.db, { includeDelayed: true });
    expect(dailyRuns).toEqual([nextParisHour(4).day]);
  }, 30_000);
});

describe('nextParisHour', () => {
  it('gives the next occurrence of an hour in Paris, winter and summer time', () => {
    // 02:30 UTC in November is 03:30 in Paris: 4 a.m. is half an hour away, the same day.
    expect(nextParisHour(4, new Date('2026-11-25T02:30:00Z'))).toEqual({
      seconds: 1800,
      day: '2026-11-25',
    });
    // 03:00 UTC in July is 05:00 in Paris: the next 4 a.m. is tomorrow, 23 hours away.
    expect(nextParisHour(4, new Date('2026-07-10T03:00:00Z'))).toEqual({
      seconds: 23 * 3600,
      day: '2026-07-11',
    });
  });
});

describe('job queue on the embedded server (npm start without DATABASE_URL)', () => {
  it('works through the one connection the site has to the embedded PGlite', async () => {
    const { startEmbeddedServer } = await import('@/db/embedded-server');
    const { runMigrations } = await import('@/db/migrate');
    const embedded = await startEmbeddedServer(undefined);
    // As the supervisor sets it: one connection, no named prepared statements.
    const site = connectPostgres(embedded.url, 1, { preparedStatements: false });
    try {
      await runMigrations(site);
      await expectEveryStatementRows(site.db);
      seen.length = 0;
      await startJobWorkers(site.db, { pollingIntervalSeconds: 0.5 });
      await enqueue(site.db, recordJob, { key: 'embedded' });
      // Pages keep being served on the same connection while the worker polls.
      for (let i = 0; i < 100 && !seen.includes('embedded'); i++) {
        await site.pool!.query('SELECT 1');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toEqual(['embedded']);
    } finally {
      await stopJobWorkers(site.db);
      await site.close();
      await embedded.stop();
    }
  }, 60_000);
});
