import { revalidatePath, revalidateTag } from 'next/cache';
import { logFailure } from '@/lib/log';
import { COMPANY_PAGES_TAG } from '@/registry/cache';

/**
 * Next's own page cache, from a route handler that applied or withdrew an opposition: every cached
 * company page is dropped, not merely marked stale (a person's data span companies, and a stale
 * page would still be served once); the next request renders it again from the database.
 */
export function purgeNextPages(): void {
  try {
    revalidateTag(COMPANY_PAGES_TAG, { expire: 0 });
    revalidatePath('/entreprises/[siren]/[companyName]', 'page');
  } catch (e) {
    // The decision stands; the change feed (PostgreSQL) or the pages' revalidation catch up.
    logFailure('opposition: Next page cache purge failed', e);
  }
}
