import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';

/** Extensions the schema needs; PGlite must be given them when it opens. */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * Opens the embedded database. `dir` undefined means in memory (tests).
 * One PGlite holds one connection: share the instance, never open a directory twice.
 */
export async function openPglite(dir?: string): Promise<PGlite> {
  if (dir) mkdirSync(dir, { recursive: true });
  return PGlite.create(dir ?? 'memory://', { extensions: pgliteExtensions });
}
