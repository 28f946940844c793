/**
 * A fresh test database (`createTestDb`: an in-memory PGlite, or a new database on the server of
 * `DATABASE_URL`) holding the real sample (src/ingest/seed.ts) and its search index: the set-up
 * of the tests that read the sample's companies. The caller closes it.
 */
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { seedIfEmpty } from '@/ingest/seed';
import { refreshSearchIndex } from '@/search/indexer';

export async function openSampleDb(): Promise<DbHandle> {
  const handle = await createTestDb();
  const seeded = await seedIfEmpty(handle);
  // The seed rebuilds the index; rebuild anyway when the sample was already there.
  if (!seeded.loaded) await refreshSearchIndex(handle.db);
  return handle;
}
