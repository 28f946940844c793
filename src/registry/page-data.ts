import type { Db } from '@/db/client';
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
import { attempt, type Loaded } from './result';
import { listCompanyLabels, type CompanyLabelView } from './company-labels';
import { getCoverage, type Coverage } from './coverage';

export type CompanyPageData = {
  profile: CompanyProfile;
  establishments: Loaded<EstablishmentPage>;
  representatives: Loaded<Representative[]>;
  mainDirector: Representative | null;
  financials: Loaded<FinancialYear[]>;
  notices: Loaded<{ items: NoticeView[]; total: number }>;
  insolvency: Loaded<InsolvencySummary>;
  brands: Loaded<BrandView[]>;
  agreements: Loaded<AgreementView[]>;
  similar: Loaded<CompanySummary[]>;
  labels: Loaded<CompanyLabelView[]>;
  /** How far each source's data goes: named by empty sections. */
  coverage: Coverage;
};

export type CompanyPageLookup =
  { ok: true; data: CompanyPageData } | Extract<CompanyLookup, { ok: false }>;

export const PAGE_ESTABLISHMENTS = 10;
export const PAGE_NOTICES = 30;

/** Profile (cached), for the per-company pages and the API. */
export function getCachedProfile(db: Db, siren: string): Promise<CompanyLookup> {
  return cached(
    `profile:${siren}`,
    () => getCompanyProfile(db, siren),
    (l) => l.ok || l.code === 'NOT_FOUND',
  );
}

/**
 * Everything the company page shows, each section loaded on its own (errors as values), in
 * parallel, and cached per spec section 9. An establishments filter or page other than the first
 * is read live.
 */
export async function getCompanyPageData(
  db: Db,
  siren: string,
  opts: { establishmentsPage?: number; establishmentsFilter?: EstablishmentFilter } = {},
): Promise<CompanyPageLookup> {
  const defaultView =
    (opts.establishmentsPage ?? 1) === 1 && (opts.establishmentsFilter ?? 'all') === 'all';
  const load = async (): Promise<CompanyPageLookup> => {
    const lookup = await getCompanyProfile(db, siren);
    if (!lookup.ok) return lookup;
    const profile = lookup.profile;
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
      coverage,
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
      getCoverage(db).catch(() => ({}) as Coverage),
    ]);
    return {
      ok: true,
      data: {
        profile,
        establishments,
        representatives,
        mainDirector: representatives.ok ? pickMainDirector(representatives.data) : null,
        financials,
        notices,
        insolvency,
        brands,
        agreements,
        similar,
        labels,
        coverage,
      },
    };
  };
  if (!defaultView) return load();
  // Failures are not kept: the next request retries the source.
  return cached(`page:${siren}`, load, (l) =>
    l.ok
      ? [l.data.establishments, l.data.representatives, l.data.financials, l.data.notices].every(
          (s) => s.ok,
        )
      : l.code === 'NOT_FOUND',
  );
}
