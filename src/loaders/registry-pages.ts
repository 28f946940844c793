import 'server-only';
import { cache } from 'react';
import { getReadDb } from '@/db';
import { getEnv } from '@/config/env';
import { decodePageParam } from '@/lib/http/path';
import { companyDocuments } from '@/documents';
import { cached } from '@/registry/cache';
import { getDirectorProfile } from '@/registry/directors';
import type { EstablishmentFilter } from '@/registry/establishments';
import { getCachedProfile, getCompanyPageData } from '@/registry/page-data';

/** The public host of this variant, without a trailing slash (canonical links, sitemaps). */
export function siteUrl(): string {
  return getEnv().SITE_URL.replace(/\/+$/, '');
}

/** Per-request de-duplication: generateMetadata and the page share one read. */
export const loadCompanyPage = cache(
  (siren: string, establishmentsPage = 1, establishmentsFilter: EstablishmentFilter = 'all') =>
    getCompanyPageData(getReadDb(), decodePageParam(siren), {
      establishmentsPage,
      establishmentsFilter,
      // Cached on its own too: the live views (an establishments page or filter) read it again.
      // Read through the page's handle, whose reads the availability checks share.
      documents: (s, db) => cached(`documents:${s}`, () => companyDocuments(db, s)),
    }),
);

/** These loaders take a page's parameter as Next.js gives it (encoded) and decode it once. */
export const loadCompanyProfile = cache((siren: string) =>
  getCachedProfile(getReadDb(), decodePageParam(siren)),
);

export const loadDirectorProfile = cache((param: string) => {
  const id = decodePageParam(param);
  return cached(`director:${id}`, () => getDirectorProfile(getReadDb(), id));
});
