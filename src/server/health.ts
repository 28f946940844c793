/**
 * `/healthz` and `/readyz`, answered by the web server before anything else (src/server/site.ts),
 * for load balancers and orchestrators. JSON, never cached.
 *
 * - `/healthz`: the process answers (liveness); 200 while the process runs, even when draining.
 * - `/readyz`: this process should get traffic: the database answers, every migration of
 *   `drizzle/` is applied, the job worker runs (with JOBS_WORKER=on), the read replica answers
 *   (with DATABASE_READ_URL), the search index is not wholly behind its data, and the process is
 *   not shutting down. 200 `{"status":"ok"}` or 503 `{"status":"unavailable"|"draining"}`, with
 *   each check. Checked at most once a second, whatever the number of load balancers asking.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';

export type Check = { ok: boolean; detail?: string };
export type Readiness = {
  status: 'ok' | 'unavailable' | 'draining';
  checks: Record<string, Check>;
};

export type HealthOptions = {
  db: () => Db;
  /** The replica's database, when the site reads from one. */
  readDb?: () => Db;
  /** Whether this process must work the job queue (JOBS_WORKER=on), and whether it does. */
  jobsExpected: boolean;
  jobsRunning: () => boolean;
  /** True once a shutdown began: the load balancer must stop sending requests. */
  draining: () => boolean;
  /** `drizzle/meta/_journal.json` by default. */
  journalPath?: string;
  now?: () => number;
};

/** A full rebuild pending for longer than this means the index is behind: not ready. */
export const SEARCH_REBUILD_GRACE_MS = 15 * 60_000;
const CHECK_TIMEOUT_MS = 2000;
const CACHE_MS = 1000;

function latestMigration(journalPath: string): number {
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

async function timed<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`pas de réponse en ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const failure = (e: unknown): Check => ({
  ok: false,
  detail: e instanceof Error ? e.message.slice(0, 200) : 'échec',
});

export class Health {
  private cached: { at: number; value: Promise<Readiness> } | null = null;
  private journal: number | null = null;

  constructor(private readonly o: HealthOptions) {}

  /** The readiness of this process, computed at most once per second. */
  readiness(): Promise<Readiness> {
    const now = (this.o.now ?? Date.now)();
    if (this.o.draining()) return Promise.resolve({ status: 'draining', checks: {} });
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const value = this.compute(now);
    this.cached = { at: now, value };
    return value;
  }

  private async compute(now: number): Promise<Readiness> {
    const checks: Record<string, Check> = {};
    const db = this.o.db();
    checks.database = await timed(queryRows(db, sql`SELECT 1 AS one`)).then(
      () => ({ ok: true }),
      failure,
    );
    if (checks.database.ok) {
      checks.migrations = await timed(this.migrations(db)).catch(failure);
      checks.search = await timed(this.search(db, now)).catch(failure);
    }
    if (this.o.readDb) {
      checks.replica = await timed(
        queryRows<{ lag: number | null }>(
          this.o.readDb(),
          sql`SELECT extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS lag`,
        ),
      ).then(
        ([row]) => ({
          ok: true,
          ...(row?.lag != null ? { detail: `retard ${row.lag.toFixed(1)} s` } : {}),
        }),
        failure,
      );
    }
    if (this.o.jobsExpected)
      checks.jobs = this.o.jobsRunning()
        ? { ok: true }
        : { ok: false, detail: 'le traitement des tâches n’est pas démarré' };
    const ok = Object.values(checks).every((c) => c.ok);
    return { status: ok ? 'ok' : 'unavailable', checks };
  }

  private async migrations(db: Db): Promise<Check> {
    this.journal ??= latestMigration(
      this.o.journalPath ?? path.resolve(process.cwd(), 'drizzle/meta/_journal.json'),
    );
    const [row] = await queryRows<{ applied: string | null }>(
      db,
      sql`SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations`,
    );
    const applied = Number(row?.applied ?? 0);
    return applied >= this.journal
      ? { ok: true }
      : { ok: false, detail: 'des migrations de drizzle/ ne sont pas appliquées' };
  }

  private async search(db: Db, now: number): Promise<Check> {
    const [row] = await queryRows<{ full: boolean; since: string | null; stale: number }>(
      db,
      sql`SELECT coalesce(s.full_rebuild, false) AS full, s.updated_at::text AS since,
                 (SELECT count(*)::int FROM search_stale_sirens) AS stale
            FROM (SELECT 1) AS one LEFT JOIN search_index_state s ON s.id = 1`,
    );
    if (row?.full && row.since && now - Date.parse(row.since) > SEARCH_REBUILD_GRACE_MS)
      return {
        ok: false,
        detail:
          'reconstruction complète de l’index de recherche en attente (npm run search:reindex)',
      };
    return row?.stale
      ? { ok: true, detail: `${row.stale} entreprise(s) à réindexer` }
      : { ok: true };
  }
}

function writeJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** Answers `/healthz` and `/readyz` (GET, HEAD); false for any other path. */
export function serveHealth(
  req: IncomingMessage,
  res: ServerResponse,
  health: Health,
): false | Promise<void> {
  const url = req.url ?? '';
  const pathname = url.split('?', 1)[0];
  if (pathname !== '/healthz' && pathname !== '/readyz') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    writeJson(req, res, 405, {
      error: { code: 'METHOD_NOT_ALLOWED', message: 'Méthode non autorisée : GET ou HEAD.' },
    });
    return Promise.resolve();
  }
  if (pathname === '/healthz') {
    writeJson(req, res, 200, { status: 'ok' });
    return Promise.resolve();
  }
  return health.readiness().then((r) => writeJson(req, res, r.status === 'ok' ? 200 : 503, r));
}
