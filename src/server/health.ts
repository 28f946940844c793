/**
 * `/healthz` and `/readyz`, answered by the web server before anything else (src/server/site.ts),
 * for load balancers and orchestrators. JSON, never cached.
 *
 * - `/healthz`: the process answers (liveness); 200 while the process runs, even when draining.
 * - `/readyz`: this process should get traffic: the database answers, every migration of
 *   `drizzle/` is applied, the job worker runs (with JOBS_WORKER=on), the search index is not
 *   wholly behind its data with nobody rebuilding it, and the process is not shutting down. 200
 *   `{"status":"ok"}` or 503 `{"status":"unavailable"|"draining"}`, with each check. A check may
 *   be `degraded` and still ok: the process serves, working around a fault.
 *   - `replica` (with DATABASE_READ_URL): degraded while the replica does not answer or replays
 *     more than DATABASE_READ_MAX_LAG_SECONDS behind; `reads` then says `primary` (registry reads
 *     go there, src/db/read-pool.ts), else `replica`. A replica down leaves the process ready.
 *   - `search`: degraded while a full rebuild of the index is pending or running; `search` then
 *     says `rebuilding`, and the search answers 503 (src/server/search-rebuild.ts).
 *   Checked at most once a second, whatever the number of load balancers asking.
 *
 * A busy process is not a broken one. The checks run in the background: `/readyz` answers the last
 * known state at once (only the very first answer waits for the checks), so a load balancer's
 * check never waits behind the pages being rendered. The server gives them a database connection
 * of their own (scripts/serve.ts), not one of the pool the pages queue for. A check that fails
 * (refused connection, error) makes the process unready at its next answer; one that only answers
 * slowly (no answer within 2 s) keeps its last success for `SLOW_CHECK_GRACE_MS`, after which the
 * process is unready too. Before that, under a load that saturated both processes, HAProxy took
 * them both out while their database was fine (bench:cluster: « No server is available »).
 *
 * What anyone may read is the status and each check's `ok` and `degraded`: a failing or degraded
 * check's detail (a driver's message quotes the SQL, `Failed query: SELECT 1 AS one`) goes to the
 * log, once per change, and each check's state to the metrics (`readiness_check`,
 * `readiness_degraded`, src/server/metrics.ts).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows, type Db, type DbHandle } from '@/db/client';
import { REPLICA_LAG_SQL } from '@/db/read-pool';
import { log } from '@/lib/log';

/**
 * One check: `ok` false makes the process unready; `degraded` (still ok) says it serves with a
 * part of the site working around a fault: reads from the primary while the replica is down or
 * behind, the search answering 503 while its index is rebuilt whole.
 */
export type Check = { ok: boolean; degraded?: boolean; detail?: string };
export type Readiness = {
  status: 'ok' | 'unavailable' | 'draining';
  checks: Record<string, Check>;
  /** With DATABASE_READ_URL: where registry reads go now (the primary while the replica is down). */
  reads?: 'replica' | 'primary';
  /** While a full rebuild of the search index is pending or running: the search answers 503. */
  search?: 'rebuilding';
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
  /** The replica's replay delay past which its reads go to the primary (DATABASE_READ_MAX_LAG_SECONDS). */
  replicaMaxLagSeconds?: number;
};

/** The start of the `search` check's detail while a full rebuild is pending or running. */
const REBUILDING = 'reconstruction complète de l’index de recherche';
/** Advisory lock key held while the search index is rebuilt whole (src/server/search-rebuild.ts). */
export const SEARCH_REBUILD_LOCK = 40_000_002;

/** A full rebuild pending for longer than this with nobody running it: not ready. */
export const SEARCH_REBUILD_GRACE_MS = 15 * 60_000;
const CHECK_TIMEOUT_MS = 2000;
const CACHE_MS = 1000;
/** How long a check that answers too slowly (but fails no other way) keeps its last success. */
export const SLOW_CHECK_GRACE_MS = 30_000;

/** A check that gave no answer in time: slow, not (yet) known to have failed. */
class CheckTimeout extends Error {}

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
      () => reject(new CheckTimeout(`pas de réponse en ${CHECK_TIMEOUT_MS} ms`)),
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

/**
 * The checks' database: a connection of their own (never queued behind the pages' queries),
 * except on a server that takes one connection only, the embedded PGlite one, which the
 * supervisor runs with a pool of 1 (src/db/embedded-server.ts): a second connection is cut
 * there (« Connection terminated unexpectedly »), which kept `/readyz` at 503 under `npm start`.
 */
export function readinessDatabase(
  url: string | undefined,
  poolMax: number,
  site: () => Db,
): { db: () => Db; close: () => Promise<void> } {
  let handle: DbHandle | undefined;
  return {
    db: () => {
      if (!url || poolMax <= 1) return site();
      handle ??= connectPostgres(url, 1, { connectionTimeoutMs: 2000 });
      return handle.db;
    },
    close: async () => {
      await handle?.close();
    },
  };
}

/**
 * What `/readyz` shows anyone: the status, whether each check passed, no detail; and where
 * registry reads go (`reads`: replica or primary) when the site has a replica.
 */
export function publicReadiness(r: Readiness): Readiness {
  const checks: Record<string, Check> = {};
  for (const [name, c] of Object.entries(r.checks))
    checks[name] = c.degraded ? { ok: c.ok, degraded: true } : { ok: c.ok };
  return {
    status: r.status,
    checks,
    ...(r.reads ? { reads: r.reads } : {}),
    ...(r.search ? { search: r.search } : {}),
  };
}

export class Health {
  private last: { at: number; value: Readiness } | null = null;
  /** The detail last logged per failing check: a failure is logged when it begins or changes. */
  private logged = new Map<string, string>();
  private refreshing: Promise<Readiness> | null = null;
  /** When each check last succeeded: a slow answer is tolerated for a while after it. */
  private lastOk = new Map<string, number>();
  private journal: number | null = null;

  constructor(private readonly o: HealthOptions) {}

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /**
   * The readiness of this process: the last known state, computed again in the background when
   * older than a second (at most one computation at a time); the first call waits for it.
   */
  readiness(): Promise<Readiness> {
    if (this.o.draining()) return Promise.resolve({ status: 'draining', checks: {} });
    const last = this.last;
    if (last && this.now() - last.at < CACHE_MS) return Promise.resolve(last.value);
    const refresh = (this.refreshing ??= this.compute(this.now())
      .then((value) => {
        this.last = { at: this.now(), value };
        this.logFailures(value);
        return value;
      })
      .finally(() => {
        this.refreshing = null;
      }));
    return last ? Promise.resolve(last.value) : refresh;
  }

  /** The last known readiness, for the metrics (null before the first check). */
  lastKnown(): Readiness | null {
    return this.last?.value ?? null;
  }

  /**
   * Whether the search index is being rebuilt whole (its answers 503 meanwhile,
   * src/server/search-rebuild.ts): the last known state, refreshed in the background.
   */
  searchRebuilding(): boolean {
    void this.readiness().catch(() => {});
    return this.last?.value.search === 'rebuilding';
  }

  /** A failing or degraded check is logged when it begins or its detail changes; its end too. */
  private logFailures(r: Readiness) {
    for (const [name, c] of Object.entries(r.checks)) {
      const detail = c.ok && !c.degraded ? undefined : (c.detail ?? 'échec');
      const key = detail === undefined ? undefined : `${c.ok ? 'degraded' : 'failed'}:${detail}`;
      if (key === undefined) {
        if (this.logged.has(name)) log().info({ check: name }, 'readyz: check ok again');
        this.logged.delete(name);
      } else if (this.logged.get(name) !== key) {
        this.logged.set(name, key);
        log().warn(
          { check: name, detail },
          c.ok ? 'readyz: check degraded' : 'readyz: check failed',
        );
      }
    }
  }

  /** One check, timed: its success noted; a slow answer within the grace keeps it ok. */
  private async check(name: string, now: number, work: () => Promise<Check>): Promise<Check> {
    try {
      const result = await timed(work());
      if (result.ok) this.lastOk.set(name, now);
      return result;
    } catch (e) {
      const okAt = this.lastOk.get(name);
      if (e instanceof CheckTimeout && okAt !== undefined && now - okAt < SLOW_CHECK_GRACE_MS)
        return { ok: true, detail: `lent : ${e.message}` };
      return failure(e);
    }
  }

  private async compute(now: number): Promise<Readiness> {
    const checks: Record<string, Check> = {};
    const db = this.o.db();
    checks.database = await this.check('database', now, async () => {
      await queryRows(db, sql`SELECT 1 AS one`);
      return { ok: true };
    });
    if (checks.database.ok) {
      checks.migrations = await this.check('migrations', now, () => this.migrations(db));
      checks.search = await this.check('search', now, () => this.search(db, now));
    }
    const readDb = this.o.readDb;
    let reads: Readiness['reads'];
    if (readDb) {
      const maxLag = this.o.replicaMaxLagSeconds ?? 30;
      const replica = await this.check('replica', now, async () => {
        const [row] = await queryRows<{ lag: number | null }>(readDb(), sql.raw(REPLICA_LAG_SQL));
        if (row?.lag == null) return { ok: true, detail: 'en retard depuis son démarrage' };
        const lag = Number(row.lag);
        return lag > maxLag
          ? {
              ok: true,
              degraded: true,
              detail: `réplique en retard de ${lag.toFixed(1)} s (au-delà de ${maxLag} s) : lectures servies par la base principale`,
            }
          : { ok: true, detail: `retard ${lag.toFixed(1)} s` };
      });
      // A replica down or too far behind does not make the process unready: its reads go to the
      // primary (src/db/read-pool.ts), which this answer says (the check degraded).
      reads = replica.ok && !replica.degraded ? 'replica' : 'primary';
      checks.replica = replica.ok
        ? replica
        : {
            ok: true,
            degraded: true,
            detail: `réplique injoignable (${replica.detail ?? 'échec'}) : lectures servies par la base principale`,
          };
    }
    if (this.o.jobsExpected)
      checks.jobs = this.o.jobsRunning()
        ? { ok: true }
        : { ok: false, detail: 'le traitement des tâches n’est pas démarré' };
    const ok = Object.values(checks).every((c) => c.ok);
    const rebuilding = checks.search?.detail?.startsWith(REBUILDING) ?? false;
    return {
      status: ok ? 'ok' : 'unavailable',
      checks,
      ...(reads ? { reads } : {}),
      ...(rebuilding ? { search: 'rebuilding' as const } : {}),
    };
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

  /**
   * A full rebuild pending: the search answers 503 meanwhile (src/server/search-rebuild.ts) and
   * the check is degraded, the process ready (its pages come from the registry tables). Pending
   * for longer than SEARCH_REBUILD_GRACE_MS with no process rebuilding (none holds the rebuild's
   * lock): not ready, someone must run it.
   */
  private async search(db: Db, now: number): Promise<Check> {
    const [row] = await queryRows<{
      full: boolean;
      since: string | null;
      stale: number;
      running: boolean;
    }>(
      db,
      sql`SELECT coalesce(s.full_rebuild, false) AS full, s.updated_at::text AS since,
                 (SELECT count(*)::int FROM search_stale_sirens) AS stale,
                 -- pg_locks lists the whole cluster's locks: this database's rebuild only.
                 EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                          AND classid = 0 AND objid = ${SEARCH_REBUILD_LOCK} AND objsubid = 1) AS running
            FROM (SELECT 1) AS one LEFT JOIN search_index_state s ON s.id = 1`,
    );
    if (row?.full) {
      if (row.running)
        return {
          ok: true,
          degraded: true,
          detail: `${REBUILDING} en cours : la recherche répond 503 jusqu’à sa fin`,
        };
      if (row.since && now - Date.parse(row.since) > SEARCH_REBUILD_GRACE_MS)
        return {
          ok: false,
          detail: `${REBUILDING} en attente, aucun processus ne la fait (npm run search:reindex)`,
        };
      return {
        ok: true,
        degraded: true,
        detail: `${REBUILDING} en attente (tâche search.rebuild) : la recherche répond 503 jusqu’à sa fin`,
      };
    }
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
  return health
    .readiness()
    .then((r) => writeJson(req, res, r.status === 'ok' ? 200 : 503, publicReadiness(r)));
}
