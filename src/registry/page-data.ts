import { withSharedReads, type Db } from '@/db/client';
import { luhnValid, validateSiren } from '@/domain/siren';
import type { CompanyDocument } from '@/domain/catalogue/documents';
import { failure, success, type Result } from '@/lib/errors';
import { cached } from './cache';
import { getCompanyProfile, type CompanyLookup, type CompanyProfile } from './company';
import { pickMainDirector, listRepresentatives, type Representative } from './directors';
import {
  listEstablishments,
  type EstablishmentFilter,
  type EstablishmentPage,
} from './establishments';
import { listFinancials, type FinancialYear } from './finances';
import { listInsolvency, listNotices, type InsolvencySummary, type NoticeView } from './notices';
import { listAgreements, listBrands, type AgreementView, type BrandView } from './brands';
import { listSimilarCompanies, type CompanySummary } from './similar';
import { attempt } from './result';
import { listCompanyLabels, type CompanyLabelView } from './company-labels';
import { getCoverage, type Coverage } from './coverage';
import { listContradictions, type ContradictionView } from './contradictions';

export type CompanyPageData = {
  profile: CompanyProfile;
  establishments: Result<EstablishmentPage>;
  representatives: Result<Representative[]>;
  mainDirector: Representative | null;
  financials: Result<FinancialYear[]>;
  notices: Result<{ items: NoticeView[]; total: number }>;
  insolvency: Result<InsolvencySummary>;
  brands: Result<BrandView[]>;
  agreements: Result<AgreementView[]>;
  similar: Result<CompanySummary[]>;
  labels: Result<CompanyLabelView[]>;
  /** The documents deliverable for the company (the « Documents » section). */
  documents: Result<CompanyDocument[]>;
  /** How far each source's data goes: named by empty sections. */
  coverage: Coverage;
  /** Where two sources contradict each other (issue 28). */
  contradictions: Result<ContradictionView[]>;
};

/** The company page's data, or the profile's failure (INVALID_SIREN, COMPANY_NOT_FOUND). */
export type CompanyPageLookup = Result<CompanyPageData>;

export const PAGE_ESTABLISHMENTS = 10;
export const PAGE_NOTICES = 30;

/** Profile (cached), for the per-company pages and the API. */
export function getCachedProfile(db: Db, siren: string): Promise<CompanyLookup> {
  return cached(
    `profile:${siren}`,
    () => getCompanyProfile(db, siren),
    (l) => l.ok || l.code === 'COMPANY_NOT_FOUND',
  );
}

/**
 * Sends the statements of the sections that read by SIREN alone while the profile is read, on
 * the page's shared handle: the sections, called with the profile once it is known, find them
 * there (the same statements) instead of waiting for a second round. What the profile decides
 * (a protected person's data left out, no directors for a protected entrepreneur) is applied
 * when the rows are mapped, as before; a statement sent for a company that turns out unknown is
 * read for nothing, which only a SIREN with a valid key can cost (a bad key is refused first).
 */
function prefetchSections(
  db: Db,
  siren: string,
  opts: { establishmentsPage?: number; establishmentsFilter?: EstablishmentFilter },
): void {
  const company = { siren, protected: false, isNaturalPerson: false };
  const reads: Array<() => Promise<unknown>> = [
    () =>
      listEstablishments(db, company, {
        page: opts.establishmentsPage,
        filter: opts.establishmentsFilter,
        pageSize: PAGE_ESTABLISHMENTS,
      }),
    () => listRepresentatives(db, company),
    () => listFinancials(db, siren),
    () => listNotices(db, company, { limit: PAGE_NOTICES }),
    () => listInsolvency(db, siren),
    () => listBrands(db, siren),
    () => listAgreements(db, siren),
    () => listCompanyLabels(db, siren),
    () => listContradictions(db, siren),
  ];
  // A failure is the section's own, met again (shared) when the section reads.
  for (const read of reads) read().catch(() => {});
}

/**
 * Everything the company page shows, each section loaded on its own (errors as values), in
 * parallel, and cached per spec section 9. An establishments filter or page other than the first
 * is read live.
 */
export async function getCompanyPageData(
  pageDb: Db,
  siren: string,
  opts: {
    establishmentsPage?: number;
    establishmentsFilter?: EstablishmentFilter;
    /**
     * The documents deliverable for the company: given by the caller (the documents module's
     * `companyDocuments`), so the registry does not depend on the documents it feeds. It gets the
     * page's handle, whose reads it shares (the profile, directors, accounts… its checks read).
     */
    documents?: (siren: string, db: Db) => Promise<CompanyDocument[]>;
  } = {},
): Promise<CompanyPageLookup> {
  const defaultView =
    (opts.establishmentsPage ?? 1) === 1 && (opts.establishmentsFilter ?? 'all') === 'all';
  const load = async (): Promise<CompanyPageLookup> => {
    // One handle for the page's reads: a statement that a section and a document's availability
    // check both run (the profile, the directors, the accounts…) is sent once.
    const db = withSharedReads(pageDb);
    const valid = validateSiren(siren);
    if (valid.ok && luhnValid(valid.siren)) prefetchSections(db, valid.siren, opts);
    const lookup = await getCompanyProfile(db, siren);
    if (!lookup.ok) return lookup;
    const profile = lookup.value;
    const [
      establishments,
      representatives,
      financials,
      notices,
      insolvency,
      brands,
      agreements,
      similar,
      labels,
      documents,
      coverage,
      contradictions,
    ] = await Promise.all([
      attempt(() =>
        listEstablishments(db, profile, {
          page: opts.establishmentsPage,
          filter: opts.establishmentsFilter,
          pageSize: PAGE_ESTABLISHMENTS,
        }),
      ),
      attempt(() => listRepresentatives(db, profile)),
      attempt(() => listFinancials(db, profile.siren)),
      attempt(() => listNotices(db, profile, { limit: PAGE_NOTICES })),
      attempt(() => listInsolvency(db, profile.siren)),
      attempt(() => listBrands(db, profile.siren)),
      attempt(() => listAgreements(db, profile.siren)),
      attempt(() => listSimilarCompanies(db, profile)),
      attempt(() => listCompanyLabels(db, profile.siren)),
      opts.documents
        ? attempt(() => opts.documents!(profile.siren, db))
        : Promise.resolve(failure('SOURCE_UNAVAILABLE') as Result<CompanyDocument[]>),
      getCoverage(db).catch(() => ({}) as Coverage),
      attempt(() => listContradictions(db, profile.siren)),
    ]);
    return success({
      profile,
      establishments,
      representatives,
      mainDirector: representatives.ok ? pickMainDirector(representatives.value) : null,
      financials,
      notices,
      insolvency,
      brands,
      agreements,
      similar,
      labels,
      documents,
      coverage,
      contradictions,
    });
  };
  if (!defaultView) return load();
  // Failures are not kept: the next request retries the source.
  return cached(`page:${siren}`, load, (l) =>
    l.ok
      ? [
          l.value.establishments,
          l.value.representatives,
          l.value.financials,
          l.value.notices,
          ...(opts.documents ? [l.value.documents] : []),
        ].every((s) => s.ok)
      : l.code === 'COMPANY_NOT_FOUND',
  );
}
