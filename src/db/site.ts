import type pg from 'pg';
import { getEnv } from '@/config/env';
import { connectPostgres, type Db, type DbHandle } from './client';
import { ReadPool, type ReplicaState } from './read-pool';

const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle; __readDbHandle?: DbHandle };

/**
 * The site's database. In the web server it is always reached through node-postgres: either the
 * PostgreSQL server of DATABASE_URL, or the embedded PGlite that `npm start` serves on loopback
 * (src/db/embedded-server.ts), whose URL the supervisor passes in DATABASE_URL.
 *
 * One pool per process, kept on `globalThis`: the Next.js bundle (through `@/db`) and the server's
 * own registry-API path (src/server/registry-api.ts, loaded outside the bundle) share it.
 */
export function getDb(): Db {
  if (!globalForDb.__dbHandle) {
    const env = getEnv();
    if (!env.DATABASE_URL) {
      throw new Error(
        'Aucune base de données : lancez le site avec `npm start`, qui démarre la base embarquée.',
      );
    }
    globalForDb.__dbHandle = connectPostgres(env.DATABASE_URL, env.DATABASE_POOL_MAX, {
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
      connectionTimeoutMs: 10_000,
    });
  }
  return globalForDb.__dbHandle.db;
}

/** The site's database handle (its pool): for work that needs a connection of its own (imports). */
export function getDbHandle(): DbHandle {
  getDb();
  return globalForDb.__dbHandle!;
}

/**
 * The database of the registry's and search's reads: the streaming replica of DATABASE_READ_URL
 * when there is one, else the site's database. Only for public registry data (companies,
 * directors, notices, the search index), which a replica's lag of a second or two cannot make
 * wrong for a user; what a user writes and reads back (accounts, follows, orders, claims) always
 * uses `getDb()`.
 */
export function getReadDb(): Db {
  const env = getEnv();
  if (!env.DATABASE_READ_URL) return getDb();
  // A replica that does not answer within 2 s, or replays more than DATABASE_READ_MAX_LAG_SECONDS
  // behind, is skipped: its reads go to the primary (src/db/read-pool.ts) rather than fail.
  globalForDb.__readDbHandle ??= connectPostgres(env.DATABASE_READ_URL, env.DATABASE_POOL_MAX, {
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
    connectionTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
    fallbackTo: () => getDbHandle().pool!,
    maxReplicaLagMs: env.DATABASE_READ_MAX_LAG_SECONDS * 1000,
  });
  return globalForDb.__readDbHandle.db;
}

export const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/** Whether this process's registry reads fall back to the primary now (null: no replica in use). */
export function replicaState(): ReplicaState | null {
  const pool = globalForDb.__readDbHandle?.pool;
  return pool instanceof ReadPool ? pool.replicaState() : null;
}

/** The pools this process opened (`primary`, and `replica` with DATABASE_READ_URL): for metrics. */
export function sitePools(): Array<{ role: 'primary' | 'replica'; pool: pg.Pool }> {
  const out: Array<{ role: 'primary' | 'replica'; pool: pg.Pool }> = [];
  if (globalForDb.__dbHandle?.pool)
    out.push({ role: 'primary', pool: globalForDb.__dbHandle.pool });
  if (globalForDb.__readDbHandle?.pool)
    out.push({ role: 'replica', pool: globalForDb.__readDbHandle.pool });
  return out;
}

/** Closes the pools (graceful shutdown, tests): the next call opens them again. */
export async function closeSiteDb(): Promise<void> {
  const handles = [globalForDb.__dbHandle, globalForDb.__readDbHandle];
  globalForDb.__dbHandle = undefined;
  globalForDb.__readDbHandle = undefined;
  await Promise.allSettled(handles.map((h) => h?.close()));
}

export type { Db };
