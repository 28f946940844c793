import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbHandle } from '@/db/client';
import { killPoint } from '@/lib/kill-point';

/**
 * The one connection an import file runs on, inside its transaction. The same SQL runs on both
 * backends; only COPY differs: COPY … FROM STDIN through pg-copy-streams on PostgreSQL, and
 * COPY … FROM '/dev/blob' with the `blob` option on PGlite.
 */
export interface Conn {
  readonly kind: 'postgres' | 'pglite';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Loads rows encoded in COPY text format (tab separated, \N for null) into a table. */
  copyText(table: string, columns: string[], data: string): Promise<void>;
}

class PgConn implements Conn {
  readonly kind = 'postgres' as const;
  constructor(private client: pg.PoolClient) {}
  async query<T>(text: string, params?: unknown[]): Promise<T[]> {
    const res = await this.client.query(text, params as unknown[]);
    return res.rows as T[];
  }
  copyText(table: string, columns: string[], data: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const stream = this.client.query(
        copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`),
      );
      stream.on('error', reject);
      stream.on('finish', () => resolve());
      // Tests: killed with half the rows sent.
      stream.write(data.slice(0, data.length >> 1), () => killPoint('copy'));
      stream.end(data.slice(data.length >> 1));
    });
  }
}

class PgliteConn implements Conn {
  readonly kind = 'pglite' as const;
  constructor(private tx: Transaction | PGlite) {}
  async query<T>(text: string, params?: unknown[]): Promise<T[]> {
    const res = await this.tx.query<T>(text, params);
    return res.rows;
  }
  async copyText(table: string, columns: string[], data: string): Promise<void> {
    await this.tx.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], {
      blob: new Blob([data]),
    });
    killPoint('copy');
  }
}

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(
  handle: DbHandle,
  fn: (conn: Conn) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('PGlite handle without instance');
    return handle.pglite.transaction((tx) => fn(new PgliteConn(tx)));
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without pool');
  const client = await handle.pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await fn(new PgConn(client));
    await client.query('COMMIT');
    return result;
  } catch (e) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    throw e;
  } finally {
    client.release(broken);
  }
}

/** A connection outside any explicit transaction (reads, counts). */
export async function withConn<T>(handle: DbHandle, fn: (conn: Conn) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return fn(new PgliteConn(handle.pglite as PGlite));
  const client = await (handle.pool as pg.Pool).connect();
  try {
    return await fn(new PgConn(client));
  } finally {
    client.release();
  }
}
