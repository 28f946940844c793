/**
 * A full rebuild of the search index that the server does not wait for (issue 40). A base whose
 * index must be rebuilt whole (a stock import, a run killed before its index step:
 * `search_index_state.full_rebuild`) took the web server's start hostage: at 29 M the rebuild
 * lasts hours, and the site served nothing meanwhile. Now `npm start` (scripts/start.ts) queues
 * the rebuild as a background job (`search.rebuild`) and serves at once: company and director
 * pages come from the registry tables, which the rebuild does not touch; the search (its pages and
 * its API) answers 503 « index de recherche en reconstruction » (`SEARCH_INDEX_REBUILDING`, with
 * `Retry-After`) until the rebuild commits. The rebuild builds shadow tables and swaps them in at
 * its end (src/search/shadow.ts), so the previous index stays readable meanwhile; but a pending
 * full rebuild means that index is missing or stale (a stock import, a migration that changes its
 * shape): the gate stays closed until the swap.
 *
 * The job holds a session advisory lock (SEARCH_REBUILD_LOCK) on a connection of its own while it
 * runs, so that `/readyz` (src/server/health.ts) tells a rebuild under way (ready, the `search`
 * check degraded) from one that nobody runs (not ready after SEARCH_REBUILD_GRACE_MS). Whether the
 * gate is closed is the readiness's last known state (`Health.searchRebuilding`, at most a second
 * old): no query per search request.
 */
import pg from 'pg';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbHandle } from '@/db/client';
import { getDbHandle } from '@/db/site';
import { bossOf, defineJob, enqueue } from '@/jobs';
import { DROPIN_PREFIX } from '@/drop-in/params';
import { failure } from '@/lib/errors';
import { log } from '@/lib/log';
import { refreshStaleSearchIndex, type StaleRefresh } from '@/search/indexer';
import { SEARCH_REBUILD_LOCK } from './health';
import { errorPage, writeAnswer } from './unavailable';

/**
 * Brings the search index up to what imports marked stale (src/search/indexer.ts), holding the
 * rebuild's lock: null at once when another process holds it (it is rebuilding).
 * The lock is held on a connection of its own, not one of the pool's: `npm start` migrates through
 * a pool of one connection, and a lock taken from it left the refresh waiting for a second
 * connection forever (a base with stale companies never started serving).
 */
export async function rebuildStaleSearchIndex(handle: DbHandle): Promise<StaleRefresh | null> {
  if (handle.kind !== 'postgres' || !handle.pool) return refreshStaleSearchIndex(handle.db);
  const client = new pg.Client({ connectionString: handle.pool.options.connectionString });
  // A connection lost meanwhile fails the query in progress, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      SEARCH_REBUILD_LOCK,
    ]);
    if (!rows[0]?.ok) return null;
    try {
      return await refreshStaleSearchIndex(handle.db);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SEARCH_REBUILD_LOCK]);
    }
  } finally {
    await client.end();
  }
}

const searchRebuildJob = defineJob<{ since: string }>(
  'search.rebuild',
  async () => {
    const t = performance.now();
    const r = await rebuildStaleSearchIndex(getDbHandle());
    log().info(
      { result: r?.kind ?? 'elsewhere', ms: Math.round(performance.now() - t) },
      'search index rebuilt in the background',
    );
  },
  // Hours at full size: not taken for dead before that; one at a time across workers.
  { policy: 'singleton', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 12 * 3600 },
);

/**
 * Queues the rebuild of a pending full rebuild (once per marking: its key is the time the
 * rebuild was asked). True when one is pending.
 */
export async function queueSearchRebuild(
  db: Db,
  options: { closeQueue?: boolean } = {},
): Promise<boolean> {
  const [state] = await queryRows<{ since: string }>(
    db,
    sql`SELECT updated_at::text AS since FROM search_index_state WHERE id = 1 AND full_rebuild`,
  );
  if (!state) return false;
  await enqueue(
    db,
    searchRebuildJob,
    { since: state.since },
    {
      singletonKey: `full:${state.since}`,
    },
  );
  // The caller (the server's start) closes its database next: its queue handle goes first.
  if (options.closeQueue) await (await bossOf(db)).stop({ graceful: false, close: false });
  return true;
}

/** The search's pages and API: what answers 503 while the index is rebuilt whole. */
const SEARCH_PATHS = new Set([
  '/rechercher',
  '/resultats',
  '/recherches-avancees/resultats',
  '/api/search/companies',
  '/api/search/directors',
  '/api/search/companies/export',
  '/api/suggestions/companies',
  '/api/recherche-entreprises/search',
  '/api/recherche-entreprises/near_point',
]);

const isSearchRequest = (url: string | undefined): boolean => {
  const u = url ?? '';
  const q = u.indexOf('?');
  return SEARCH_PATHS.has(q < 0 ? u : u.slice(0, q));
};

/** Seconds a client is asked to wait (`Retry-After`) while the index is rebuilt. */
const REBUILD_RETRY_AFTER_SECONDS = 300;

const DROPIN_REBUILDING = {
  erreur:
    'La recherche est momentanément indisponible : son index est en reconstruction. Réessayez dans quelques minutes.',
};

const REBUILDING_PAGE = errorPage(
  'Index de recherche en reconstruction',
  'La recherche est indisponible le temps de reconstruire son index ; elle reviendra dès la fin de la reconstruction. Les fiches des entreprises et des dirigeants restent consultables.',
);

/**
 * Answers a search request 503 « index de recherche en reconstruction » (JSON under `/api/`, the
 * French page elsewhere) while `rebuilding()` says so: true when it answered.
 */
export function gateSearchDuringRebuild(
  req: IncomingMessage,
  res: ServerResponse,
  rebuilding: () => boolean,
): boolean {
  if (!isSearchRequest(req.url) || !rebuilding()) return false;
  if ((req.url ?? '').startsWith(`${DROPIN_PREFIX}/`)) {
    // The drop-in answers in the government API's error shape, which its clients read, with its
    // other answers' CORS header: a page calling it from another origin reads the refusal too.
    const body = JSON.stringify(DROPIN_REBUILDING);
    res.statusCode = 503;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Retry-After', String(REBUILD_RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', String(Buffer.byteLength(body)));
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  writeAnswer(
    req,
    res,
    failure('SEARCH_INDEX_REBUILDING', undefined, {
      retryAfterSeconds: REBUILD_RETRY_AFTER_SECONDS,
    }),
    REBUILDING_PAGE,
    res.end as (...a: unknown[]) => unknown,
  );
  return true;
}
