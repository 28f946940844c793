import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { noteOutages } from './outage';
import { ReadPool } from './read-pool';
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

export function connectPostgres(
  url: string,
  max = 10,
  opts: {
    preparedStatements?: boolean;
    connectionTimeoutMs?: number;
    /** A replica's pool: connections it cannot give are taken from this pool (src/db/read-pool.ts). */
    fallbackTo?: () => pg.Pool;
    /** A replica's pool: its reads go to `fallbackTo` while it replays this far behind. */
    maxReplicaLagMs?: number;
  } = {},
): DbHandle {
  // With `connectionTimeoutMs` (the web server's pool), a request waits that long at most for a
  // connection: a database out of connections is then a 503 (`timeout exceeded when trying to
  // connect`), not a request held until its client gives up.
  const config = {
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 0,
  };
  const pool = opts.fallbackTo
    ? new ReadPool(config, opts.fallbackTo, undefined, undefined, opts.maxReplicaLagMs)
    : new pg.Pool(config);
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {});
  noteOutages(pool);
  if (opts.preparedStatements) preparingPools.add(pool);
  const db = drizzlePg(pool, { schema });
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** Pools whose `queryRows(…, { prepared: true })` calls run as named prepared statements. */
const preparingPools = new WeakSet<pg.Pool>();
const dialect = new PgDialect();
const asText = (v: string) => v;
/** The type parsers drizzle uses for its own queries: dates, times and intervals stay text. */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const drizzleTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

export function wrapPglite(instance: PGlite): DbHandle {
  const db = drizzlePglite(instance, { schema });
  return { db, kind: 'pglite', pglite: instance, close: () => instance.close() };
}

/** Statement names by text, so that a hot read does not hash its text on every call. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // The texts take a bounded number of shapes; the bound only guards against a misuse.
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** A hot statement: its SQL text rendered once, its values named placeholders (`sql.placeholder`). */
export type Statement = { text: string; name: string; params: unknown[] };

export function statement(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, name: statementName(text), params };
}

/**
 * Runs a statement with its placeholders' values: on a PostgreSQL pool that allows it, as a named
 * prepared statement (planned once per connection), else as a plain query; on PGlite, its query.
 * Not inside a transaction (it takes the database, not a transaction).
 */
export async function runStatement<T>(
  db: Db,
  st: Statement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const params = fillPlaceholders(st.params, values);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const named = preparingPools.has(client) ? { name: st.name } : {};
    const result = await client.query<T & pg.QueryResultRow>({
      ...named,
      text: st.text,
      values: params,
      types: drizzleTypes,
    });
    return result.rows;
  }
  return (await (client as PGlite).query<T>(st.text, params)).rows;
}

/**
 * Runs raw SQL and returns its rows, whatever the driver. With `prepared`, on a PostgreSQL pool
 * that allows it, the statement is named after a hash of its text, so each connection parses and
 * plans it once (planning was most of PostgreSQL's time on a company read). Only for statements
 * whose text takes a bounded number of shapes: every distinct text stays prepared on every
 * connection. Inside a transaction, or on PGlite, it runs as usual.
 */
export async function queryRows<T>(
  db: Db,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const memo = readMemos.get(db);
  if (memo) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const key = `${text}\u0000${JSON.stringify(params)}`;
    let rows = memo.get(key);
    if (rows === undefined) {
      rows = runRows<T>(db, query, opts);
      memo.set(key, rows);
    }
    // A copy of the list for each caller (the rows themselves are read, never changed).
    return ((await rows) as T[]).slice();
  }
  return runRows<T>(db, query, opts);
}

/** Handles whose reads through `queryRows` are shared: statement text and values → rows. */
const readMemos = new WeakMap<Db, Map<string, Promise<unknown[]>>>();

/**
 * The same database, for one unit of work that reads the same rows from several places (a company
 * page: its sections, then the availability check of each document it sells, which read the
 * profile, the directors, the accounts… again): a read through `queryRows` that this handle has
 * already run, or is running, with the same statement and values is not sent again, it shares
 * the first one's rows (or its error). Keep it for one unit of work only: its reads never see a
 * later write. Transactions and other calls go to the database as usual.
 */
export function withSharedReads(db: Db): Db {
  if (readMemos.has(db)) return db;
  const shared = Object.create(db) as Db;
  readMemos.set(shared, new Map());
  return shared;
}

async function runRows<T>(db: Db, query: SQL, opts: { prepared?: boolean }): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (opts.prepared && client instanceof pg.Pool && preparingPools.has(client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = statementName(text);
    const result = await client.query<T & pg.QueryResultRow>({
      name,
      text,
      values: params,
      types: drizzleTypes,
    });
    return result.rows;
  }
  const result = (await (db as NodePgDatabase<Schema>).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A Drizzle query built once per database, then only executed: building one (`db.select(…)
 * .leftJoin(…).where(…)`) costs about 0.3 ms of CPU, more than the query itself on the hot routes
 * (order polling, order creation). Values go through `sql.placeholder(name)`. On a PostgreSQL pool
 * that allows it, it is a named prepared statement, planned once per connection; elsewhere (the
 * embedded database's socket, a transaction's client) an unnamed one. Drizzle maps its rows as
 * for any query.
 */
export function preparedQuery<Q>(
  name: string,
  build: (db: Db) => { prepare(name: string): Q },
): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let q = built.get(db);
    if (q === undefined) {
      const client = (db as { $client?: unknown }).$client;
      const named = client instanceof pg.Pool && preparingPools.has(client);
      // node-postgres treats an empty name as an unnamed statement.
      q = build(db).prepare(named ? name : '');
      built.set(db, q);
    }
    return q;
  };
}
