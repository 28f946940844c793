import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle, Schema } from './client';

export const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

/** Applies every pending migration in drizzle/ (the same files on PGlite and PostgreSQL). */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(handle.db as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
