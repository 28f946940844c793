import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';
import { invalidateCompany } from '@/registry/cache';
import { announceChanges } from '@/registry/change-feed';
import { refreshSearchIndex } from '@/search/indexer';

/**
 * After an opposition is applied or withdrawn: what this process keeps goes at once (the data
 * cache of every thread, and through its listener the front page cache), the companies' search rows
 * are rebuilt, and the change feed tells any other server process (PostgreSQL) to drop its own
 * caches and Next's pages; a route handler also purges Next's page cache itself
 * (`purgeNextPages`). A person's data span companies and director profiles: every cached page goes.
 * A failure here leaves the decision standing; the next index refresh applies it to search.
 */
export async function purgeAfterOpposition(db: Db, sirens: readonly string[]): Promise<void> {
  invalidateCompany(null);
  await refreshSearchIndex(db, { changedSirens: sirens }).catch((e) =>
    logFailure('opposition: search index refresh failed', e),
  );
  await announceChanges(db, null).catch((e) => logFailure('opposition: change feed', e));
}
