/**
 * The answer of a company search (src/search/companies.ts): its page and row types, the page
 * sizes, and the rows of a page read from search_companies and shaped as the results page shows
 * them (the export and the saved searches' mails share the mapping).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import type { RawRow } from '@/db/raw-rows';
import type { searchCompanies as searchCompaniesTable } from '@/db/schema';
import { formatSiren } from '@/domain/siren';
import { slugify } from '@/domain/slug';
import { companyStateLabel, type CompanyState } from '@/domain/company-state';
import { headcountBandLabel, legalFormLabel } from '@/domain/legal-forms';
import { nafLabel } from '@/domain/reference/naf';
import { textArray } from '@/domain/sql-fragments';
import { directorLabel, type DirectorLabelRow } from '@/registry/directors';
import { sourceLabel } from '@/registry/result';
import type { SearchSort } from './filter-params';
import { distanceKm } from './geo/grid';
import type { ParsedQuery } from './query';
import type { NameKind } from './rank';
import { MAX_RESULT_ROWS } from './request';

export const PAGE_SIZE = 20;
/** Ranked candidates kept per name query: pages beyond this are not served. */
export const MAX_RESULTS = 500;
/** Deepest page of 20 a search by filters or around a point serves (MAX_RESULT_ROWS rows). */
export const MAX_PAGE = Math.ceil(MAX_RESULT_ROWS / PAGE_SIZE);
/** Largest page a caller (the export) may ask of searchCompanies; URLs stop at 100. */
export const MAX_CALLER_PAGE_SIZE = 1000;

export type CompanyResult = {
  siren: string;
  sirenFormatted: string;
  name: string | null;
  sigle: string | null;
  nameHidden: boolean;
  url: string;
  /** The company page's state and its label (src/domain/company-state.ts). */
  state: CompanyState;
  stateLabel: string;
  legalForm: { code: string; label: string | null } | null;
  naf: { code: string; label: string | null } | null;
  /** Without a NAF code: the activity as a source words it (a BODACC notice), with that source. */
  activity: { text: string; source: string } | null;
  headOffice: {
    siret: string | null;
    postcode: string | null;
    commune: string | null;
    /** The source of an address that is not the head office establishment's (BODACC), else null. */
    source: string | null;
  };
  creationDate: string | null;
  headcountBand: { code: string; label: string | null } | null;
  category: string | null;
  openEstablishments: number;
  /** The company page's main director, printed by the page's formatter. */
  mainDirector: { name: string; role: string } | null;
  finances?: { revenue: number | null; netResult: number | null; fiscalYear: number | null };
  /** Kilometres from the searched point to the head office (around a point only). */
  distanceKm?: number | null;
  /** Why it matched, when it is not the company's own name. */
  matched: {
    kind: Exclude<NameKind, 'name'> | 'establishment';
    label: string;
    siret: string | null;
  } | null;
};

export type CompanySearchPage = {
  results: CompanyResult[];
  page: number;
  perPage: number;
  total: number;
  /** True when more companies matched than the ranked set keeps. */
  totalIsLowerBound: boolean;
  totalPages: number;
  query: string;
  queryKind: ParsedQuery['kind'] | 'filters';
  sort: SearchSort;
  order: 'asc' | 'desc';
  /** The place read at the end of the query (« danone paris »: Paris), searched as a filter. */
  place: { label: string } | null;
  /** The circle searched around a point: its centre (a commune's when `autour`) and radius. */
  near: { lat: number; lon: number; radiusKm: number; commune: string | null } | null;
  /**
   * Companies of the whole list per category and per state, when asked (`facets`) and cheap: a
   * ranked list (a name or an identifier, 500 companies at most, one grouped read by primary key,
   * 1.4 ms at 1 M). Null for filters alone or a point, whose lists reach 100,000 companies
   * (docs/SEARCH.md: 65 ms warm for 10,000, 0.86 s for 100,000).
   */
  facets?: SearchFacets | null;
};

export type SearchFacets = {
  categories: Partial<Record<'PME' | 'ETI' | 'GE', number>>;
  statuses: Partial<Record<'A' | 'C', number>>;
  /** Companies of the list holding each label (SEARCH_LABELS codes). */
  labels?: Record<string, number>;
};

/**
 * A search_companies row (`SELECT *`, or the candidates' jsonb copy), typed by the schema; the
 * bigints arrive as text from the driver and as numbers from jsonb.
 */
export type SearchCompanyRow = Omit<
  RawRow<typeof searchCompaniesTable>,
  'revenue' | 'net_result' | 'state' | 'main_director' | 'latitude' | 'longitude'
> & {
  latitude: number | string | null;
  longitude: number | string | null;
  revenue: string | number | null;
  net_result: string | number | null;
  state: CompanyState;
  main_director: DirectorLabelRow | null;
};

export type Ranked = Array<{ siren: string; matched: CompanyResult['matched'] }>;

/** Companies of a ranked list per category and state: one grouped read by primary key. */
async function facetsOf(db: Db, ranked: Ranked): Promise<SearchFacets> {
  const out: SearchFacets = { categories: {}, statuses: {}, labels: {} };
  if (!ranked.length) return out;
  const rows = await queryRows<{ k: string; v: string | null; n: number }>(
    db,
    sql`WITH l AS (SELECT category, status, labels FROM search_companies
        WHERE siren = ANY(${textArray(ranked.map((r) => r.siren))}::bpchar[]))
      SELECT 'c' AS k, category AS v, count(*)::int AS n FROM l GROUP BY category
      UNION ALL SELECT 's', status, count(*)::int FROM l GROUP BY status
      UNION ALL SELECT 'l', x, count(*)::int FROM l CROSS JOIN LATERAL unnest(l.labels) x GROUP BY x`,
  );
  for (const r of rows) {
    if (r.k === 'c' && (r.v === 'PME' || r.v === 'ETI' || r.v === 'GE')) out.categories[r.v] = r.n;
    if (r.k === 's' && (r.v === 'A' || r.v === 'C')) out.statuses[r.v] = r.n;
    if (r.k === 'l' && r.v) out.labels![r.v] = r.n;
  }
  return out;
}

/** A page of a ranked list (names, identifiers): its rows and the totals. */
export async function pageOf(
  db: Db,
  ranked: Ranked,
  lowerBound: boolean,
  page: number,
  perPage: number,
  hide: boolean,
  companies: Map<string, SearchCompanyRow>,
  base: { near: CompanySearchPage['near'] },
  query: string,
  kind: CompanySearchPage['queryKind'],
  facets = false,
) {
  const total = Math.min(ranked.length, MAX_RESULTS);
  const slice = ranked.slice((page - 1) * perPage, page * perPage);
  const [results, counts] = await Promise.all([
    loadResults(db, slice, hide, companies, base.near),
    facets ? facetsOf(db, ranked.slice(0, MAX_RESULTS)) : null,
  ]);
  return {
    ...(facets ? { facets: counts } : {}),
    results,
    page,
    perPage,
    total,
    totalIsLowerBound: lowerBound,
    totalPages: Math.ceil(total / perPage),
    query,
    queryKind: kind,
  };
}

/**
 * A company known only from its establishments (no legal-unit record: its page is built from
 * them), as a search row: head office first, no name (the establishments do not give it, and a
 * protected one must not), its commune, its open establishments, the state unknown.
 */
async function establishmentOnlyRows(db: Db, sirens: string[]): Promise<SearchCompanyRow[]> {
  const rows = await queryRows<{
    siren: string;
    siret: string;
    diffusion: string;
    postcode: string | null;
    commune_code: string | null;
    commune_name: string | null;
    naf_code: string | null;
    latitude: number | null;
    longitude: number | null;
    open_count: number;
  }>(
    db,
    sql`SELECT DISTINCT ON (e.siren) e.siren, e.siret, e.diffusion, e.postcode, e.commune_code,
        e.commune_name, e.naf_code, e.latitude, e.longitude,
        (SELECT count(*)::int FROM establishments o WHERE o.siren = e.siren AND o.status <> 'F') AS open_count
      FROM establishments e WHERE e.siren = ANY(${textArray(sirens)}::bpchar[])
      ORDER BY e.siren, e.is_head_office DESC, (e.status = 'F') ASC, e.siret`,
  );
  return rows.map((e) => {
    const open = e.diffusion === 'O';
    return {
      siren: e.siren,
      name: null,
      sigle: null,
      diffusion: e.diffusion,
      is_natural_person: !open,
      status: 'U',
      state: 'unknown',
      ceased_date: null,
      strike_off_date: null,
      legal_form_code: null,
      naf_code: e.naf_code,
      naf_section: null,
      head_office_siret: open ? e.siret : null,
      postcode: open ? e.postcode : null,
      commune_code: e.commune_code,
      commune_name: e.commune_name,
      department: null,
      address_source: null,
      activity_text: null,
      activity_source: null,
      creation_date: null,
      headcount_band: null,
      category: null,
      capital_amount: null,
      revenue: null,
      net_result: null,
      fiscal_year: null,
      open_establishments: e.open_count,
      labels: [],
      idcc: [],
      label_ids: [],
      colter_code: null,
      main_director: null,
      popularity: 0,
      latitude: e.latitude,
      longitude: e.longitude,
      geo_cell: null,
    };
  });
}

function toNumber(v: string | number | null): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export async function loadResults(
  db: Db,
  slice: Array<{ siren: string; matched: CompanyResult['matched'] }>,
  hideFinancialData: boolean,
  preloaded?: Map<string, SearchCompanyRow>,
  near?: CompanySearchPage['near'],
): Promise<CompanyResult[]> {
  if (slice.length === 0) return [];
  const bySiren = new Map<string, SearchCompanyRow>();
  const missing: string[] = [];
  for (const s of slice) {
    const row = preloaded?.get(s.siren);
    if (row) bySiren.set(s.siren, row);
    else missing.push(s.siren);
  }
  if (missing.length > 0) {
    const rows = await queryRows<SearchCompanyRow>(
      db,
      sql`SELECT * FROM search_companies WHERE siren = ANY(${textArray(missing)}::bpchar[])`,
    );
    for (const r of rows) bySiren.set(r.siren, r);
    const orphans = missing.filter((siren) => !bySiren.has(siren));
    if (orphans.length)
      for (const r of await establishmentOnlyRows(db, orphans)) bySiren.set(r.siren, r);
  }
  const out: CompanyResult[] = [];
  for (const s of slice) {
    const r = bySiren.get(s.siren);
    if (r) out.push(companyResultOf(r, s.matched, hideFinancialData, near));
  }
  return out;
}

/**
 * One results row as the results page shows it, from its search_companies row: the one mapping
 * (names and addresses hidden by the index, labels) that the results, the export and the saved
 * searches' mails share.
 */
export function companyResultOf(
  r: SearchCompanyRow,
  matched: CompanyResult['matched'],
  hideFinancialData: boolean,
  /** Around a point: each result gets its distance from the point. */
  near?: CompanySearchPage['near'],
): CompanyResult {
  const nameHidden = r.name === null;
  const result: CompanyResult = {
    siren: r.siren,
    sirenFormatted: formatSiren(r.siren),
    name: r.name,
    sigle: r.sigle,
    nameHidden,
    url: `/entreprises/${r.siren}/${slugify(r.name) || 'entreprise'}`,
    state: r.state,
    stateLabel: companyStateLabel(r.state, {
      ceasedDate: r.ceased_date,
      strikeOffDate: r.strike_off_date,
    }),
    legalForm: r.legal_form_code
      ? { code: r.legal_form_code, label: legalFormLabel(r.legal_form_code) }
      : null,
    naf: r.naf_code ? { code: r.naf_code, label: nafLabel(r.naf_code) } : null,
    activity:
      !r.naf_code && r.activity_text
        ? { text: r.activity_text, source: sourceLabel(r.activity_source) }
        : null,
    headOffice: {
      siret: nameHidden ? null : r.head_office_siret,
      postcode: r.postcode,
      commune: r.commune_name,
      source: r.address_source && r.commune_name ? sourceLabel(r.address_source) : null,
    },
    creationDate: r.creation_date,
    headcountBand: r.headcount_band
      ? { code: r.headcount_band, label: headcountBandLabel(r.headcount_band) }
      : null,
    category: r.category,
    openEstablishments: r.open_establishments,
    mainDirector: r.main_director ? directorLabel(r.main_director) : null,
    matched,
  };
  if (near) {
    result.distanceKm =
      r.latitude === null || r.longitude === null
        ? null
        : Math.round(
            distanceKm(near, { lat: Number(r.latitude), lon: Number(r.longitude) }) * 100,
          ) / 100;
  }
  if (!hideFinancialData) {
    result.finances = {
      revenue: toNumber(r.revenue),
      netResult: toNumber(r.net_result),
      fiscalYear: r.fiscal_year,
    };
  }
  return result;
}
