import path from 'node:path';
import { getEnv } from '@/config/env';
import { connectPostgres, wrapPglite, type DbHandle } from '@/db/client';
import { openPglite } from '@/db/pglite';

/**
 * The database the command-line tools write to: PostgreSQL when DATABASE_URL is set, else the
 * embedded PGlite of PGLITE_DIR. The embedded directory opens in one process at a time: when the
 * site (or another import) holds it, openPglite refuses with a French message naming the process.
 */
export async function openTargetDb(): Promise<DbHandle> {
  const env = getEnv();
  if (env.DATABASE_URL) return connectPostgres(env.DATABASE_URL, 2);
  const dir = path.resolve(env.PGLITE_DIR);
  try {
    return wrapPglite(await openPglite(dir));
  } catch (e) {
    if (e instanceof Error && e.name === 'DatabaseLockedError') throw e;
    const msg = e instanceof Error ? e.message : String(e);
    throw new Error(`Impossible d'ouvrir la base embarquée ${dir} : ${msg}`);
  }
}
