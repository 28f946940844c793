import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema> | PgliteDatabase<Schema>;

/** A database handle with how to close it. */
export type DbHandle = {
  db: Db;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
  /** node-postgres pool when kind is 'postgres' (COPY, LISTEN). */
  pool?: pg.Pool;
  /** The embedded instance when kind is 'pglite'. */
  pglite?: PGlite;
};

// DATE columns come back as 'YYYY-MM-DD' strings, not JS Dates shifted by the time zone.
pg.types.setTypeParser(1082, (v) => v);

export function connectPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export function wrapPglite(instance: PGlite): DbHandle {
  const db = drizzlePglite(instance, { schema });
  return { db, kind: 'pglite', pglite: instance, close: () => instance.close() };
}

/** Runs raw SQL and returns its rows, whatever the driver. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await (db as NodePgDatabase<Schema>).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
