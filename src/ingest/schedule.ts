/**
 * The import schedule: the INSEE daily changes (Sirene API, src/ingest/sirene/api-poll.ts) polled
 * once a day by a job of the PostgreSQL job queue (src/jobs), not by an external cron. The job
 * lives in the database: a restart loses nothing, a day missed while no worker ran is run at the
 * next start, and a day is queued once whoever asks (`dailyAtParisHour`). Never twice at once:
 * the queue lets one job of the kind be active (`singleton`), and the poll itself holds a
 * PostgreSQL advisory lock that the import CLI's `sirene-api-poll` takes too. The last success
 * is recorded in `ingest_cursors` (`schedule:sirene-daily`, beside each kind's watermark
 * `sirene-api:ul|etab`), which the metrics expose (src/server/metrics.ts).
 */
import path from 'node:path';
import { getEnv } from '@/config/env';
import type { DbHandle } from '@/db/client';
import { getDbHandle } from '@/db/site';
import { defineJob } from '@/jobs';
import { log } from '@/lib/log';
import { afterImports } from './after-import';
import { withConn } from './core/conn';
import type { ApiKind } from '@/clients/insee/sirene-api';
import { cursorName, pollSireneApi, type PollResult } from './sirene/api-poll';

export const SIRENE_DAILY_JOB = 'ingest.sirene-daily';
/** Paris time: INSEE's API carries the previous day's processing by then. */
export const SIRENE_DAILY_HOUR = 7;
/** The row of `ingest_cursors` holding the last successful scheduled poll (value: its day). */
export const SIRENE_DAILY_CURSOR = 'schedule:sirene-daily';
/** Advisory lock key of the Sirene API poll (job and CLI alike). */
const POLL_LOCK = 29_000_001;

let pollingHere = false;

/**
 * Runs `fn` holding the poll's lock, or answers null at once when another poll holds it (this
 * process, or another one on PostgreSQL: a session advisory lock on a connection of its own).
 */
export async function withPollLock<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T | null> {
  if (pollingHere) return null;
  pollingHere = true;
  try {
    if (handle.kind !== 'postgres' || !handle.pool) return await fn();
    const client = await handle.pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [POLL_LOCK],
      );
      if (!rows[0]?.ok) return null;
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [POLL_LOCK]);
      }
    } finally {
      client.release();
    }
  } finally {
    pollingHere = false;
  }
}

export type DailyOptions = {
  baseUrl: string;
  apiKey?: string;
  pageSize?: number;
  /** The day the run is for (the job's key), recorded with its success. */
  day: string;
  rejectsDir?: string;
};

export type DailyOutcome =
  { status: 'done'; results: PollResult[]; skipped: ApiKind[] } | { status: 'busy' };

/**
 * The newest processing date of a kind already stored (the stock's own date): where the first
 * poll starts when none was recorded yet. Null: nothing of that kind is loaded.
 */
async function storedWatermark(handle: DbHandle, kind: ApiKind): Promise<string | null> {
  const table = kind === 'ul' ? 'companies' : 'establishments';
  const rows = await withConn(handle, (c) =>
    c.query<{ at: string | null }>(
      `SELECT to_char(max(sirene_updated_at), 'YYYY-MM-DD"T"HH24:MI:SS') AS at FROM ${table}`,
    ),
  );
  return rows[0]?.at ?? null;
}

async function storedCursor(handle: DbHandle, name: string): Promise<string | null> {
  const rows = await withConn(handle, (c) =>
    c.query<{ value: string }>('SELECT value FROM ingest_cursors WHERE name = $1', [name]),
  );
  return rows[0]?.value ?? null;
}

/**
 * One scheduled poll: each kind's changes since its watermark (or, the first time, since the
 * newest date of the loaded stock; a kind with nothing loaded is skipped), then the steps after an
 * import (site, alerts, search index), then the success recorded. Throws when the API fails (the
 * job is retried; the watermark stays where it was).
 */
export async function runSireneDaily(handle: DbHandle, o: DailyOptions): Promise<DailyOutcome> {
  const outcome = await withPollLock(handle, async () => {
    const results: PollResult[] = [];
    const skipped: ApiKind[] = [];
    for (const kind of ['ul', 'etab'] as const) {
      const cursor = await storedCursor(handle, cursorName(kind));
      const since = cursor ? undefined : await storedWatermark(handle, kind);
      if (!cursor && !since) {
        skipped.push(kind);
        continue;
      }
      const [r] = await pollSireneApi(handle, {
        baseUrl: o.baseUrl,
        apiKey: o.apiKey,
        pageSize: o.pageSize,
        kinds: [kind],
        since: since ?? undefined,
        importOptions: { progress: 'off', rejectsDir: o.rejectsDir },
        log: (line) => log().info({ job: SIRENE_DAILY_JOB }, line),
      });
      if (r) results.push(r);
    }
    await afterImports(
      handle,
      results.flatMap((r) => r.summaries),
      {
        log: (line) => log().info({ job: SIRENE_DAILY_JOB }, line),
        warn: (line) => log().warn({ job: SIRENE_DAILY_JOB }, line),
      },
    );
    await withConn(handle, (c) =>
      c.query(
        `INSERT INTO ingest_cursors (name, value, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [SIRENE_DAILY_CURSOR, o.day],
      ),
    );
    return { status: 'done' as const, results, skipped };
  });
  return outcome ?? { status: 'busy' };
}

/**
 * The daily job. Off unless SIRENE_DAILY_POLL is `on` (a site without an INSEE key, or whose
 * imports run elsewhere, polls nothing).
 */
defineJob<{ day: string }>(
  SIRENE_DAILY_JOB,
  async ({ day }) => {
    const env = getEnv();
    if (env.SIRENE_DAILY_POLL !== 'on') return;
    const outcome = await runSireneDaily(getDbHandle(), {
      baseUrl: env.SIRENE_API_URL,
      apiKey: env.SIRENE_API_KEY,
      day,
      rejectsDir: path.resolve('.data/rejets'),
    });
    if (outcome.status === 'busy')
      log().warn({ job: SIRENE_DAILY_JOB, day }, 'Sirene poll already running elsewhere: skipped');
    else
      log().info(
        {
          job: SIRENE_DAILY_JOB,
          day,
          skipped: outcome.skipped,
          pages: outcome.results.reduce((n, r) => n + r.pages, 0),
        },
        'Sirene daily poll done',
      );
  },
  {
    dailyAtParisHour: SIRENE_DAILY_HOUR,
    policy: 'singleton',
    retryLimit: 4,
    retryDelaySeconds: 1800,
    // A long day of changes (after an INSEE outage) may take a while; a worker that died with it
    // hands it over after this long.
    expireInSeconds: 4 * 3600,
  },
);
