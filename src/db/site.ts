import { getEnv } from '@/config/env';
import { connectPostgres, type Db, type DbHandle } from './client';

const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

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

export type { Db };
