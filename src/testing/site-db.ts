/**
 * The one database set-up of the tests that go through the site's own code (route handlers and
 * services that reach the database through `getDb()`, src/db/site.ts): a fresh migrated database
 * from `createTestDb()` (an in-memory PGlite, or a new database on the PostgreSQL server of
 * `DATABASE_URL`), made the site's database, with what the file asks for: the registry fixtures
 * (src/registry/testing/fixtures.ts), the search index built from them, rate limits in memory.
 * Closing it unsets the site's database, puts the rate limits back and drops the database.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Db, DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { refreshSearchIndex } from '@/search/indexer';

export type SiteDbOptions = {
  /** The registry fixtures (companies, establishments, directors): `insertRegistryFixtures`. */
  fixtures?: boolean;
  /** The search index of those rows (`refreshSearchIndex`); implies `fixtures`. */
  searchIndex?: boolean;
  /** Rate limits in this process's memory, reset at the start and put back at the end. */
  memoryRateLimits?: boolean;
};

export type SiteDb = { handle: DbHandle; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

/** Opens the site's database for a test (see the top of this file). */
export async function openSiteDb(o: SiteDbOptions = {}): Promise<SiteDb> {
  if (o.memoryRateLimits) resetAllRateLimits({ kind: 'memory' });
  const handle = await createTestDb();
  if (o.fixtures || o.searchIndex) await insertRegistryFixtures(handle.db);
  if (o.searchIndex) await refreshSearchIndex(handle.db);
  globalForDb.__dbHandle = handle;
  return {
    handle,
    close: async () => {
      if (o.memoryRateLimits) resetAllRateLimits();
      delete globalForDb.__dbHandle;
      await handle.close();
    },
  };
}

/**
 * `openSiteDb` for a whole test file: opened before its tests, closed after them. Call it at the
 * top of the file, before the file's own hooks: Vitest runs `afterAll` hooks in reverse order, so
 * the file's servers close before their database. `handle()` and `db()` once `beforeAll` has run.
 */
export function siteDbForFile(o: SiteDbOptions = {}): { handle: () => DbHandle; db: () => Db } {
  let site: SiteDb | undefined;
  beforeAll(async () => {
    site = await openSiteDb(o);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });
  return { handle: () => site!.handle, db: () => site!.handle.db };
}
