import 'server-only';
import { cache } from 'react';
import { getDb } from '@/db';
import { getEnv } from '@/config/env';
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
    getCompanyPageData(getDb(), siren, {
      establishmentsPage,
      establishmentsFilter,
      // Cached on its own too: the live views (an establishments page or filter) read it again.
      documents: (s) => cached(`documents:${s}`, () => companyDocuments(getDb(), s)),
    }),
);

export const loadCompanyProfile = cache((siren: string) => getCachedProfile(getDb(), siren));

export const loadDirectorProfile = cache((id: string) =>
  cached(`director:${id}`, () => getDirectorProfile(getDb(), id)),
);
