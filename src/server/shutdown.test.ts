/**
 * Graceful shutdown under load, on a real server process (src/server/shutdown.fixture.ts: the
 * site's pipeline, its job workers and the shutdown of scripts/serve.ts): SIGTERM while clients
 * keep sending requests and jobs run. No request fails (each accepted request is answered in
 * full; a client only meets a refused connection once the server stopped accepting), the
 * process exits by itself, and no job is lost: each one either finished or went back to its
 * queue, and runs when a worker comes back.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, wrapPglite, type DbHandle } from '@/db/client';
import type { EmbeddedServer } from '@/db/embedded-server';
import { openWireTestDb } from '@/db/testing';
import { runMigrations } from '@/db/migrate';
import { defineJob, enqueue } from '@/jobs';
import { runJobsUntilIdle } from '@/jobs/testing';
import { compiledEntry } from '@/testing/compiled-entry';

const JOBS = 6;
let url: string;
let embedded: EmbeddedServer | null = null;
let closeDb: (() => Promise<void>) | undefined;
let handle: DbHandle | undefined;
/** The fixture, compiled once (src/testing/compiled-entry.ts): two server processes start. */
let fixture: string;

// The same kind as the fixture's, so that this process can queue it and run what is left.
const slowJob = defineJob<{ key: string }>('test.shutdown-slow', async ({ key }) => {
  await handle!.db.execute(
    sql`INSERT INTO shutdown_jobs_done (key) VALUES (${key}) ON CONFLICT DO NOTHING`,
  );
});

beforeAll(async () => {
  fixture = await compiledEntry('src/server/shutdown.fixture.ts');
  // The embedded database served over the wire, as `npm start` serves it: one connection.
  const wire = await openWireTestDb('test_shutdown');
  url = wire.url;
  embedded = wire.embedded;
  closeDb = wire.close;
  // Embedded: set up in process (no client is connected yet); server: through a connection.
  const setup = embedded ? wrapPglite(embedded.pglite) : connectPostgres(url, 1);
  await runMigrations(setup);
  await setup.db.execute(sql`CREATE TABLE shutdown_jobs_done (key text PRIMARY KEY)`);
  for (let i = 0; i < JOBS; i++) await enqueue(setup.db, slowJob, { key: `k${i}` });
  // The server process gets the connection (the embedded database serves one at a time).
  if (!embedded) await setup.close();
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await closeDb?.();
});

type Outcome = 'ok' | 'refused' | 'failed';

/** One request on a new connection: its outcome, and what failed if it did. */
function request(port: number): Promise<{ outcome: Outcome; detail?: string }> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/entreprises/552032534?ms=150', agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve(
            res.statusCode === 200 && body === 'réponse complète'
              ? { outcome: 'ok' }
              : { outcome: 'failed', detail: `HTTP ${res.statusCode} ${body.slice(0, 80)}` },
          ),
        );
        res.on('error', (e) =>
          resolve({ outcome: 'failed', detail: `réponse coupée : ${e.message}` }),
        );
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) =>
      // Refused, or reset before the server accepted it (in the listening socket's backlog when it
      // closed): a new connection the stopping server did not take. The server's own count below
      // proves that every request it accepted was answered.
      resolve(
        e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET'
          ? { outcome: 'refused', detail: e.code }
          : { outcome: 'failed', detail: e.message },
      ),
    );
  });
}

type Run = {
  port: number;
  stdout: () => string;
  output: () => string;
  exited: Promise<number | null>;
  kill: () => void;
};

/** The fixture's server process, once it listens. */
async function startServer(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [fixture], {
    env: {
      ...process.env,
      SHUTDOWN_DATABASE_URL: url,
      POOL_MAX: embedded ? '1' : '4',
      DATABASE_URL: '',
      JOB_MS: '800',
      SHUTDOWN_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const m = /listening (\d+)/.exec(stdout);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
  return {
    port,
    stdout: () => stdout,
    output: () => stdout + stderr,
    exited,
    kill: () => child.kill('SIGTERM'),
  };
}

type Seen = { outcome: Outcome; detail?: string; afterSignal: boolean };

/**
 * Twenty clients in a loop until the server is gone; SIGTERM once `ready` says so (checked with
 * the answers so far). Resolves with the exit code and every request's outcome.
 */
async function sigtermUnderLoad(
  run: Run,
  ready: (outcomes: Seen[]) => boolean,
): Promise<{ code: number | null; outcomes: Seen[] }> {
  let stopped = false;
  const outcomes: Seen[] = [];
  let signalled = false;
  const clients = Array.from({ length: 20 }, async () => {
    while (!stopped) {
      const r = await request(run.port);
      outcomes.push({ ...r, afterSignal: signalled });
      if (r.outcome === 'refused') await new Promise((res) => setTimeout(res, 20));
    }
  });
  await new Promise<void>((resolve) => {
    const t = setInterval(() => {
      if (ready(outcomes)) {
        clearInterval(t);
        resolve();
      }
    }, 20);
  });
  signalled = true;
  run.kill();
  const code = await run.exited;
  stopped = true;
  await Promise.all(clients);
  return { code, outcomes };
}

const answered = (outcomes: Seen[]) => outcomes.filter((o) => o.outcome === 'ok').length;

describe('graceful shutdown (SIGTERM)', () => {
  it('answers every accepted request, exits by itself, and loses no job', async () => {
    const run = await startServer({});
    // SIGTERM once a job runs and requests are being answered.
    const { code, outcomes } = await sigtermUnderLoad(
      run,
      (seen) => /job k\d/.test(run.stdout()) && answered(seen) >= 20,
    );
    const stdout = run.stdout();

    expect(code).toBe(0);
    const failed = outcomes.filter((o) => o.outcome === 'failed');
    expect(failed).toEqual([]);
    // Requests were still answered after the signal (those in flight), then refused.
    expect(outcomes.some((o) => o.afterSignal && o.outcome === 'ok')).toBe(true);
    expect(outcomes.at(-1)?.outcome).toBe('refused');
    const counts = /accepted (\d+) answered (\d+)/.exec(stdout);
    expect(counts).not.toBeNull();
    expect(Number(counts![2])).toBe(Number(counts![1]));

    // No job lost: each one finished, or is back in its queue (none left marked as running).
    handle = connectPostgres(url, 1);
    const db = handle.db;
    const done = await db.execute<{ key: string }>(sql`SELECT key FROM shutdown_jobs_done`);
    expect(done.rows.length).toBeGreaterThan(0);
    const left = await db.execute<{ state: string; n: number }>(
      sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job
           WHERE name = 'test.shutdown-slow' AND state <> 'completed' GROUP BY 1`,
    );
    for (const row of left.rows) expect(['created', 'retry']).toContain(row.state);
    await runJobsUntilIdle(db, { includeDelayed: true });
    const all = await db.execute<{ key: string }>(
      sql`SELECT key FROM shutdown_jobs_done ORDER BY key`,
    );
    expect(all.rows.map((r) => r.key)).toEqual(Array.from({ length: JOBS }, (_, i) => `k${i}`));
    // The embedded database serves one connection at a time: the next server needs it.
    await handle.close();
    handle = undefined;
  }, 120_000);

  it('stops the job workers, their start and its recovery sweep before closing the pools', async () => {
    // SIGTERM while the recovery sweep that follows the workers' start still queries the
    // database, under load: the log says nothing failed, and the pools close after the sweep.
    const run = await startServer({ RECOVERY_MS: '2500', LOG_LEVEL: 'error' });
    const { code, outcomes } = await sigtermUnderLoad(run, (seen) => answered(seen) >= 20);
    const log = run.output();

    expect(code).toBe(0);
    expect(outcomes.filter((o) => o.outcome === 'failed')).toEqual([]);
    expect(log).not.toMatch(/Cannot use a pool|job workers|error/i);
    expect(log.indexOf('recovery done')).toBeGreaterThan(-1);
    expect(log.indexOf('recovery done')).toBeLessThan(log.indexOf('closing pools'));
  }, 120_000);
});
