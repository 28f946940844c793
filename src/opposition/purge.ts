import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';
import { invalidateCompany } from '@/registry/cache';
import { announceChanges } from '@/registry/change-feed';
import { refreshSearchIndex } from '@/search/indexer';

/**
 * After an operator accepts or withdraws an opposition: what this process keeps goes at once (the
 * data cache of every thread, and through its listener the front page cache), the companies'
 * search rows are rebuilt, and the change feed tells the server processes (PostgreSQL) to drop
 * their own caches and Next's pages (the embedded database is stopped while `npm run ops` runs:
 * the site's restart starts with empty caches). A person's data span companies and director
 * profiles: every cached page goes.
 * A failure here leaves the decision standing; the next index refresh applies it to search.
 */
export async function purgeAfterOpposition(db: Db, sirens: readonly string[]): Promise<void> {
  invalidateCompany(null);
  await refreshSearchIndex(db, { changedSirens: sirens }).catch((e) =>
    logFailure('opposition: search index refresh failed', e),
  );
  await announceChanges(db, null).catch((e) => logFailure('opposition: change feed', e));
}
