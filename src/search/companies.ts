/**
 * Company search: identifiers, then names. Candidate generation stays bounded whatever the words
 * (rarest word's postings read in popularity order, exact and prefix keys on btree, typo
 * corrections through the vocabulary only), then candidates are ranked here (rank.ts).
 * Design and figures: docs/SEARCH.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import type { RawRow } from '@/db/raw-rows';
import type { searchCompanies as searchCompaniesTable } from '@/db/schema';
import { formatSiren, formatSiret } from '@/domain/siren';
import { slugify } from '@/domain/slug';
import { companyStateLabel, type CompanyState } from '@/domain/company-state';
import { directorLabel, type DirectorLabelRow } from '@/registry/directors';
import { sourceLabel } from '@/registry/result';
import {
  countSql,
  distanceSql,
  filtersSql,
  hasFilters,
  type Circle,
  type ResolvedScope,
  type SearchFilters,
  EMPTY_FILTERS,
} from './filters';
import type { SearchSort } from './filter-params';
import { distanceKm } from './geo/grid';
import {
  departmentOfCommune,
  findCommune,
  resolveCommunes,
  resolveEpcis,
  splitPlace,
} from './geo/places';
import { MAX_RESULT_ROWS, type NearInput, type SearchRequest } from './request';
import { headcountBandLabel, legalFormLabel } from '@/domain/legal-forms';
import { nafLabel } from '@/domain/reference/naf';
import { allowedTypos, editDistance, foldName, LEGAL_FORM_WORDS, STOP_WORDS } from './normalize';
import { textArray } from '@/domain/sql-fragments';
import { isQueryError, parseQuery, type ParsedQuery } from './query';
import { failure, success, type Result } from '@/lib/errors';
import { matchTier, scoreOf, type NameKind } from './rank';

/** One collator: `localeCompare(…, 'fr')` builds one per call (milliseconds each). */
const FRENCH = new Intl.Collator('fr');

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

export type CompanySearchInput = {
  /** A name, a SIREN, a SIRET or a VAT number; null or empty with filters or a point. */
  q: string | null;
  page?: number;
  /** Rows per page: 20 by default, MAX_CALLER_PAGE_SIZE at most. */
  perPage?: number;
  filters?: SearchFilters;
  /** `pertinence` by default, `distance` by default around a point. */
  sort?: SearchSort;
  /** null: the sort's natural order. */
  order?: 'asc' | 'desc' | null;
  near?: NearInput | null;
  hideFinancialData?: boolean;
  /** Count the list's companies per category and state when cheap (`CompanySearchPage.facets`). */
  facets?: boolean;
  /**
   * A condition on search_companies `c` the caller adds to the filters (the drop-in for the
   * government's API: its filters ours do not carry, src/drop-in/filters.ts).
   */
  extraConditions?: SQL | null;
  /** The order of a list without a name, in place of the sort's (the drop-in: the API's). */
  filtersOrder?: SQL | null;
  /** A list without a name counts its companies up to this many (the drop-in: 10,000). */
  countLimit?: number | null;
};

type CandidateRow = {
  siren: string;
  siret: string | null;
  kind: NameKind;
  label: string;
  key: string;
  joined: string;
  raw: string;
  tokens: string[];
  status: string;
  popularity: number;
  /** The company's search_companies row (jsonb), when asked for: no query for the page then. */
  company: SearchCompanyRow | null;
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

/** A parsed URL request (src/search/request.ts) → the search. */
export function searchFromRequest(
  db: Db,
  r: SearchRequest,
  opts: {
    hideFinancialData?: boolean;
    facets?: boolean;
    extraConditions?: SQL | null;
    filtersOrder?: SQL | null;
    countLimit?: number | null;
  } = {},
): Promise<Result<CompanySearchPage>> {
  return searchCompanies(db, {
    q: r.query,
    filters: r.filters,
    sort: r.sort,
    order: r.order,
    page: r.page,
    perPage: r.pageSize,
    near: r.near,
    hideFinancialData: opts.hideFinancialData,
    facets: opts.facets,
    extraConditions: opts.extraConditions,
    filtersOrder: opts.filtersOrder,
    countLimit: opts.countLimit,
  });
}

const invalidField = (field: string, message: string) =>
  failure('VALIDATION_FAILED', `Paramètre « ${field} » : ${message}`, {
    fields: { [field]: [message] },
  });

/** Communes, EPCIs and the point of a request, checked against the official lists. */
async function resolveScope(
  db: Db,
  filters: SearchFilters,
  near: NearInput | null,
): Promise<Result<{ scope: ResolvedScope; near: CompanySearchPage['near'] }>> {
  const scope: ResolvedScope = { communeLists: [] };
  if (filters.communes.length) {
    const r = resolveCommunes(filters.communes);
    if (r.unknown.length)
      return invalidField(
        'commune',
        `Commune inconnue : « ${r.unknown[0]} » (code INSEE attendu).`,
      );
    scope.communeLists!.push(r.codes);
  }
  if (filters.epcis.length) {
    const r = resolveEpcis(filters.epcis);
    if (r.unknown.length)
      return invalidField(
        'epci',
        `Intercommunalité inconnue : « ${r.unknown[0]} » (SIREN d’EPCI attendu).`,
      );
    scope.communeLists!.push(r.codes);
  }
  let resolved: CompanySearchPage['near'] = null;
  if (near?.kind === 'point') {
    resolved = { lat: near.lat, lon: near.lon, radiusKm: near.radiusKm, commune: null };
  } else if (near?.kind === 'commune') {
    const found = findCommune(near.commune);
    if (!found)
      return invalidField('autour', `Commune inconnue : « ${near.commune.slice(0, 40)} ».`);
    // The commune's centre (GeoNames, loaded with the reference tables), else the mean position
    // of the head offices we know there.
    const [centre] = await queryRows<{ lat: number | null; lon: number | null }>(
      db,
      sql`SELECT coalesce(c.latitude, h.lat) AS lat, coalesce(c.longitude, h.lon) AS lon
        FROM (SELECT avg(latitude)::float8 AS lat, avg(longitude)::float8 AS lon FROM search_companies
              WHERE commune_code = ANY(${textArray(found.codes)}::text[]) AND latitude IS NOT NULL) h
        LEFT JOIN (SELECT latitude::float8, longitude::float8 FROM communes
                   WHERE code = ${found.commune.code} AND latitude IS NOT NULL) c ON true`,
    );
    if (centre?.lat == null || centre.lon == null)
      return invalidField('autour', `Position de ${found.commune.name} inconnue de nos données.`);
    resolved = {
      lat: Number(centre.lat),
      lon: Number(centre.lon),
      radiusKm: near.radiusKm,
      commune: found.commune.name,
    };
  }
  if (resolved)
    scope.circle = { lat: resolved.lat, lon: resolved.lon, radiusKm: resolved.radiusKm };
  return success({ scope, near: resolved });
}

function scoped(filters: SearchFilters, scope: ResolvedScope): boolean {
  return (
    hasFilters(filters) ||
    !!scope.circle ||
    !!scope.postcode ||
    !!scope.department ||
    !!scope.extra ||
    (scope.communeLists?.length ?? 0) > 0
  );
}

/**
 * The search behind every results page, the API, the export and saved searches. `q` a name, a
 * SIREN, a SIRET or a VAT number (or nothing, with filters or a point); pages of `perPage` rows
 * (20; 1000 at most for callers, 100 for URLs). Exact totals: a name ranks its 500 best matches
 * (`totalIsLowerBound` beyond), filters and points count every match and serve MAX_RESULT_ROWS.
 */
export async function searchCompanies(
  db: Db,
  input: CompanySearchInput,
): Promise<Result<CompanySearchPage>> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? PAGE_SIZE;
  const filters = input.filters ?? EMPTY_FILTERS;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_CALLER_PAGE_SIZE)
    return invalidField('per_page', `Nombre entier de 1 à ${MAX_CALLER_PAGE_SIZE}.`);
  if (!Number.isInteger(page) || page < 1 || (page - 1) * perPage >= MAX_RESULT_ROWS) {
    return failure(
      'INVALID_PAGE',
      `La page doit être un nombre entier entre 1 et ${Math.ceil(MAX_RESULT_ROWS / perPage)}.`,
      {
        fields: { page: [`Nombre entier de 1 à ${Math.ceil(MAX_RESULT_ROWS / perPage)}.`] },
      },
    );
  }
  const sort: SearchSort = input.sort ?? (input.near ? 'distance' : 'pertinence');
  if (sort === 'distance' && !input.near)
    return invalidField(
      'tri',
      'Le tri par distance demande un point (« autour » ou « lat » et « lon »).',
    );
  const resolved = await resolveScope(db, filters, input.near ?? null);
  if (!resolved.ok) return resolved;
  const { scope, near } = resolved.value;
  if (input.extraConditions) scope.extra = input.extraConditions;
  const qText = input.q?.trim() ?? '';
  const hide = !!input.hideFinancialData;
  const base = { sort, order: input.order ?? naturalOrder(sort), near, place: null };
  if (!qText && scoped(filters, scope)) {
    return success({
      ...base,
      ...(await searchByFilters(
        db,
        filters,
        scope,
        page,
        perPage,
        base.sort,
        base.order,
        hide,
        input.filtersOrder ?? null,
        input.countLimit ?? null,
      )),
    });
  }
  const parsed = parseQuery(input.q);
  if (isQueryError(parsed)) return parsed;

  if (parsed.kind !== 'name') {
    const ranked = await identifierLookup(db, parsed, filters, scope);
    return success({
      ...base,
      ...(await pageOf(
        db,
        ranked,
        false,
        page,
        perPage,
        hide,
        new Map(),
        base,
        qText,
        parsed.kind,
        !!input.facets,
      )),
    });
  }
  // « danone paris »: the place ends the query; its words before it searched in that place. When
  // nothing there matches, the whole query is searched as a name.
  const split = !near ? splitPlace(parsed.tokens) : null;
  if (split) {
    const rest = parseQuery(split.rest.join(' ') + ' ');
    if (!isQueryError(rest) && rest.kind === 'name') {
      const placeScope: ResolvedScope = { ...scope, communeLists: [...(scope.communeLists ?? [])] };
      if (split.place.kind === 'communes') placeScope.communeLists!.push(split.place.codes);
      else if (split.place.kind === 'postcode') placeScope.postcode = split.place.code;
      else placeScope.department = split.place.code;
      const found = await rankName(db, rest, filters, placeScope, perPage);
      if (found.ranked.length > 0) {
        return success({
          ...base,
          place: { label: split.place.label },
          ...(await pageOf(
            db,
            await sortRanked(db, found.ranked, sort, base.order, near),
            found.lowerBound,
            page,
            perPage,
            hide,
            found.companies,
            base,
            qText,
            'name',
            !!input.facets,
          )),
        });
      }
    }
  }
  const found = await rankName(db, parsed, filters, scope, perPage);
  const ranked = await sortRanked(db, found.ranked, sort, base.order, near);
  return success({
    ...base,
    ...(await pageOf(
      db,
      ranked,
      found.lowerBound,
      page,
      perPage,
      hide,
      found.companies,
      base,
      qText,
      'name',
      !!input.facets,
    )),
  });
}

function naturalOrder(sort: SearchSort): 'asc' | 'desc' {
  return sort === 'nom' || sort === 'distance' ? 'asc' : 'desc';
}

type Ranked = Array<{ siren: string; matched: CompanyResult['matched'] }>;

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
async function pageOf(
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

/** The ranked companies of a name (at most MAX_RESULTS), best first. */
async function rankName(
  db: Db,
  parsed: NameQuery,
  filters: SearchFilters,
  scope: ResolvedScope,
  perPage: number,
): Promise<{ ranked: Ranked; lowerBound: boolean; companies: Map<string, SearchCompanyRow> }> {
  const companies = new Map<string, SearchCompanyRow>();
  const alts = await expandTokens(db, parsed);
  // Both decisions depend on the query, never on the page: every page ranks the same set, so
  // totals agree from one page to the next.
  const enough = Math.max(Math.min(perPage, 100), PAGE_SIZE);
  const phase2 = parsed.tokens.length >= 2 || tokenVariants(parsed, alts, 2).length > 0;
  // A word the vocabulary does not know (a typo), in no known joined pair, leaves (nearly)
  // nothing at the "all words" tier: phase 2 will be needed, so it is sent along with phase 1
  // (on PostgreSQL, another connection). Its rows are used under the same condition as before.
  const early = phase2 && parsed.tokens.some((t, i) => !isKnown(parsed, alts, t, i));
  const where: Where = { filters, scope };
  const [cands, early2] = await Promise.all([
    nameCandidates(db, parsed, where, alts, 1, enough, early),
    early ? nameCandidates(db, parsed, where, alts, 2, enough, early) : Promise.resolve(null),
  ]);
  let all = cands;
  let scored = rankCandidates(parsed, cands);
  if (phase2 && scored.filter((r) => r.score >= 3000).length < enough) {
    all = [
      ...cands,
      ...(early2 ?? (await nameCandidates(db, parsed, where, alts, 2, enough, early))),
    ];
    scored = rankCandidates(parsed, all);
  }
  for (const r of all) if (r.company) companies.set(r.siren, r.company);
  return { ranked: scored, lowerBound: scored.length >= MAX_RESULTS, companies };
}

/** A ranked list in another order than relevance (ties keep the relevance order). */
async function sortRanked(
  db: Db,
  ranked: Ranked,
  sort: SearchSort,
  order: 'asc' | 'desc',
  near: CompanySearchPage['near'],
): Promise<Ranked> {
  if (sort === 'pertinence' || ranked.length < 2) return ranked;
  const rows = await queryRows<{
    siren: string;
    name: string | null;
    creation_date: string | null;
    popularity: number;
    revenue: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    sql`SELECT siren, name, creation_date, popularity, revenue, latitude, longitude FROM search_companies
      WHERE siren = ANY(${textArray(ranked.map((r) => r.siren))}::bpchar[])`,
  );
  const by = new Map(rows.map((r) => [r.siren, r]));
  const key = (siren: string): string | number | null => {
    const r = by.get(siren);
    if (!r) return null;
    switch (sort) {
      case 'nom':
        return r.name === null ? null : foldName(r.name);
      case 'creation':
        return r.creation_date;
      case 'taille':
        return Number(r.popularity);
      case 'ca':
        return r.revenue === null ? null : Number(r.revenue);
      default:
        return near && r.latitude !== null && r.longitude !== null
          ? distanceKm(near, { lat: Number(r.latitude), lon: Number(r.longitude) })
          : null;
    }
  };
  const keyed = ranked.map((r, i) => ({ r, i, k: key(r.siren) }));
  const dir = order === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    // Unknown values last, whatever the order.
    if (a.k === null || b.k === null) return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
    const c =
      typeof a.k === 'number' && typeof b.k === 'number'
        ? a.k - b.k
        : String(a.k) < String(b.k)
          ? -1
          : String(a.k) > String(b.k)
            ? 1
            : 0;
    return c * dir || a.i - b.i;
  });
  return keyed.map((x) => x.r);
}

/**
 * A SIREN, SIRET or VAT number: its company, with the establishment a SIRET names. A company
 * known only from its establishments (no legal-unit record yet: it has a page, built from them)
 * is found too, without a name when its establishments are not public.
 */
async function identifierLookup(
  db: Db,
  q: Exclude<ParsedQuery, { kind: 'name' }>,
  filters: SearchFilters,
  scope: ResolvedScope,
): Promise<Ranked> {
  const siren = q.kind === 'siret' ? q.siret.slice(0, 9) : q.siren;
  const siret = q.kind === 'siret' ? q.siret : null;
  const rows = await queryRows<{ siren: string; siret: string | null }>(
    db,
    sql`SELECT c.siren, e.siret FROM search_companies c
      LEFT JOIN establishments e ON e.siret = ${siret} AND e.siren = c.siren
      WHERE c.siren = ${siren} AND ${filtersSql(filters, scope)}`,
  );
  const matched = (r: { siret: string | null }): CompanyResult['matched'] =>
    r.siret
      ? { kind: 'establishment', label: `SIRET ${formatSiret(r.siret)}`, siret: r.siret }
      : null;
  if (rows.length || scoped(filters, scope))
    return rows.map((r) => ({ siren: r.siren, matched: matched(r) }));
  const [known] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM search_companies WHERE siren = ${siren}`,
  );
  if (known?.n) return [];
  const orphans = await queryRows<{ siret: string }>(
    db,
    sql`SELECT siret FROM establishments WHERE siren = ${siren}
      AND (${siret}::text IS NULL OR siret = ${siret}) LIMIT 1`,
  );
  return orphans.length
    ? [{ siren, matched: siret ? matched({ siret: orphans[0]!.siret }) : null }]
    : [];
}

type NameQuery = Extract<ParsedQuery, { kind: 'name' }>;

/**
 * Vocabulary entries of very common words (frequency at least COMMON_WORD_MIN), kept in process:
 * queries made of such words (SCI DUPONT, BOULANGERIE with filters) skip the vocabulary round
 * trip. An entry holds the word's frequency and, once read, its 4 commonest completions; a pair of
 * two common words holds its joined word's frequency, 0 when the vocabulary does not know it.
 * Entries live VOCABULARY_CACHE_MS at most (another process may rebuild the index) and are
 * dropped when this process rebuilds or updates the index (clearVocabularyCache). A stale
 * entry can only change which word drives the postings read, or a completion: never the tiers.
 */
export const COMMON_WORD_MIN = 1000;
const VOCABULARY_CACHE_MS = 60_000;
const VOCABULARY_CACHE_MAX = 20_000;
type CachedWord = {
  frequency: number;
  completions: Array<{ token: string; frequency: number }> | null;
  at: number;
};
let vocabularyCache = new WeakMap<object, Map<string, CachedWord>>();

/** Called by the indexer after a rebuild or an update. */
export function clearVocabularyCache(): void {
  vocabularyCache = new WeakMap();
}

function cachedWords(db: Db): Map<string, CachedWord> {
  let m = vocabularyCache.get(db);
  if (!m) vocabularyCache.set(db, (m = new Map()));
  return m;
}

type VocabularyRow = { q: string | null; token: string; frequency: number; src: string };

/** For each query word, the vocabulary words that may stand for it (itself, completions, typos). */
async function expandTokens(db: Db, q: NameQuery): Promise<Alternatives> {
  const last = q.tokens[q.tokens.length - 1]!;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < q.tokens.length; i++) pairs.push(q.tokens[i]! + q.tokens[i + 1]!);
  const lookup = [...new Set([...q.tokens, ...pairs])];
  const completes = q.lastIsPrefix && last.length >= 2;
  const cache = cachedWords(db);
  const now = Date.now();
  const fresh = (w: string) => {
    const e = cache.get(w);
    return e && now - e.at < VOCABULARY_CACHE_MS ? e : undefined;
  };
  let rows: VocabularyRow[];
  const hit =
    q.tokens.every((t) => (fresh(t)?.frequency ?? 0) > 0) &&
    pairs.every((p) => fresh(p) !== undefined) &&
    (!completes || fresh(last)!.completions !== null);
  if (hit) {
    // Same rows as the query below would give: known words (no typo lookup), completions.
    rows = lookup
      .filter((w) => fresh(w)!.frequency > 0)
      .map((w) => ({ q: null, token: w, frequency: fresh(w)!.frequency, src: 'exact' }));
    if (completes)
      rows.push(...fresh(last)!.completions!.map((c) => ({ q: null, ...c, src: 'prefix' })));
  } else {
    rows = await vocabularyRows(db, q, lookup, completes);
    const known = new Map<string, number>();
    for (const r of rows) if (r.src === 'exact') known.set(r.token, Number(r.frequency));
    const common = (w: string) => (known.get(w) ?? 0) >= COMMON_WORD_MIN;
    if (cache.size > VOCABULARY_CACHE_MAX) cache.clear();
    for (const t of q.tokens) {
      if (!common(t)) continue;
      const completions =
        t === last && completes
          ? rows
              .filter((r) => r.src === 'prefix')
              .map((r) => ({ token: r.token, frequency: Number(r.frequency) }))
          : (fresh(t)?.completions ?? null);
      cache.set(t, { frequency: known.get(t)!, completions, at: now });
    }
    for (let i = 0; i + 1 < q.tokens.length; i++) {
      if (common(q.tokens[i]!) && common(q.tokens[i + 1]!))
        cache.set(pairs[i]!, { frequency: known.get(pairs[i]!) ?? 0, completions: null, at: now });
    }
  }
  const known = new Map<string, number>();
  const completions: Array<{ token: string; frequency: number }> = [];
  const typos = rows.filter((r) => r.src === 'typo');
  for (const r of rows) {
    if (r.src === 'exact') known.set(r.token, Number(r.frequency));
    else if (r.src === 'prefix')
      completions.push({ token: r.token, frequency: Number(r.frequency) });
  }
  const out = new Map<string, Array<{ token: string; frequency: number }>>();
  for (const t of q.tokens) {
    const alts: Array<{ token: string; frequency: number }> = [];
    if (known.has(t)) alts.push({ token: t, frequency: known.get(t)! });
    if (t === last && q.lastIsPrefix) alts.push(...completions);
    if (alts.length === 0 && allowedTypos(t) > 0) {
      alts.push(
        ...closest(
          t,
          typos.filter((r) => r.q === t),
        ),
      );
    }
    out.set(t, alts);
  }
  for (const p of pairs) if (known.has(p)) out.set(p, [{ token: p, frequency: known.get(p)! }]);
  return out;
}

/**
 * Known words, completions of the last word, and the neighbours of the words the vocabulary does
 * not know (and, for the last word, does not complete either): first and second halves (or
 * 3-letter ends) in one query. The trigram neighbours of a long word (7 letters and more, two
 * typos allowed), the costliest lookup (5 to 8 ms at 5 M: a GIN bitmap and ~1,000 heap pages),
 * are read afterwards and only for a word that has no candidate one typo away: every word one typo
 * away shares its first or its last 3 letters, so those reads already hold the closest words, and
 * the trigram neighbours (two typos, one at each end) could only have made up the list of 5.
 */
async function vocabularyRows(
  db: Db,
  q: NameQuery,
  lookup: string[],
  completes: boolean,
): Promise<VocabularyRow[]> {
  const last = q.tokens[q.tokens.length - 1]!;
  const typoCandidates = [...new Set(q.tokens.filter((t) => allowedTypos(t) > 0))];
  const rows = await queryRows<VocabularyRow>(
    db,
    sql`WITH known AS (
        SELECT token, frequency FROM search_vocabulary WHERE token = ANY(${textArray(lookup)}::text[])
      ), comp AS (
        ${
          completes
            ? sql`SELECT token, frequency FROM search_vocabulary
                WHERE token LIKE ${likePrefix(last)} AND token <> ${last}
                ORDER BY frequency DESC NULLS LAST LIMIT 4`
            : sql`SELECT NULL::text AS token, NULL::int AS frequency WHERE false`
        }
      )
      SELECT NULL AS q, token, frequency, 'exact' AS src FROM known
      UNION ALL SELECT NULL, token, frequency, 'prefix' FROM comp
      UNION ALL
      SELECT u.t, v.token, v.frequency, 'typo' FROM unnest(${textArray(typoCandidates)}::text[]) u(t)
      CROSS JOIN LATERAL (${typoLookup('search_vocabulary', sql`u.t`, false)}) v
      WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.token = u.t)
        AND NOT (u.t = ${completes ? last : ''} AND EXISTS (SELECT 1 FROM comp))`,
  );
  const known = new Set(rows.filter((r) => r.src === 'exact').map((r) => r.token));
  const completed = completes && rows.some((r) => r.src === 'prefix');
  const long = typoCandidates.filter(
    (t) =>
      t.length >= 7 &&
      !known.has(t) &&
      !(completed && t === last) &&
      !rows.some((r) => r.src === 'typo' && r.q === t && editDistance(t, r.token, 1) <= 1),
  );
  if (long.length === 0) return rows;
  const trigram = await queryRows<VocabularyRow>(
    db,
    sql`SELECT u.t AS q, v.token, v.frequency, 'typo' AS src
      FROM unnest(${textArray(long)}::text[]) u(t)
      CROSS JOIN LATERAL (SELECT token, frequency FROM search_vocabulary
        WHERE token % u.t ORDER BY similarity(token, u.t) DESC LIMIT 10) v`,
  );
  return [...rows, ...trigram];
}

/**
 * The candidates within the typos the word's length allows, closest then commonest: every word at
 * the smallest distance (up to 20), because a dense vocabulary has many words one letter apart
 * (TULUZI, TUBUZI, TUCUZI…) and the other words of the query pick the right one; farther words
 * only to make up 5.
 */
export function closest(
  word: string,
  candidates: Array<{ token: string; frequency: number }>,
): Array<{ token: string; frequency: number }> {
  const max = allowedTypos(word);
  return (
    candidates
      .map((r) => ({
        token: r.token,
        frequency: Number(r.frequency),
        d: editDistance(word, r.token, max),
      }))
      .filter((r) => r.d <= max && r.token !== word)
      .sort((a, b) => a.d - b.d || b.frequency - a.frequency || a.token.localeCompare(b.token))
      .filter((r, i, all) => i === 0 || r.token !== all[i - 1]!.token)
      // All the closest (up to 20), then farther ones only while fewer than 5: each kept word is
      // one more postings list to read.
      .filter((r, i, all) => i < 5 || (r.d === all[0]!.d && i < 20))
      .map(({ token, frequency }) => ({ token, frequency }))
  );
}

/** `LIKE` pattern for "starts with": the word's own `%`, `_` and `\` escaped. */
function likePrefix(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

/**
 * The words that may be one or two typos away from `word` (an SQL text expression), as rows
 * (token, frequency); the caller checks the edit distance. One edit leaves either the first or
 * the second half of a word intact, so the words starting with its first half and those ending
 * with its second half (reverse index) hold every word one typo away; with two typos allowed
 * (7 letters and more), the words sharing the first or last three letters, and in the vocabulary
 * the closest trigram neighbours. Director surnames repeat (one row per mandate): their ranges are
 * read up to a bound, then made distinct.
 */
export function typoLookup(
  table: 'search_vocabulary' | 'search_directors',
  word: SQL,
  trigrams = true,
): SQL {
  const vocabulary = table === 'search_vocabulary';
  const t = sql.raw(table);
  const c = sql.raw(vocabulary ? 'token' : 'last_key');
  const f = sql.raw(vocabulary ? 'frequency' : '0');
  const head = sql`(CASE WHEN length(${word}) >= 7 THEN left(${word}, 3) ELSE left(${word}, length(${word}) / 2) END)`;
  const tail = sql`reverse(CASE WHEN length(${word}) >= 7 THEN right(${word}, 3) ELSE right(${word}, (length(${word}) + 1) / 2) END)`;
  // An edit changes the length by one at most: the window stays as narrow as the typos allowed.
  const slack = sql`(CASE WHEN length(${word}) >= 7 THEN 2 ELSE 1 END)`;
  const near = sql`length(${c}) BETWEEN length(${word}) - ${slack} AND length(${word}) + ${slack}`;
  const limit = vocabulary ? 3000 : 20000;
  const branches = [
    sql`(SELECT ${c} AS token, ${f} AS frequency FROM ${t}
      WHERE ${c} ~>=~ ${head} AND ${c} ~<~ (${head} || '~') AND ${near} LIMIT ${limit})`,
    sql`(SELECT ${c} AS token, ${f} AS frequency FROM ${t}
      WHERE reverse(${c}) ~>=~ ${tail} AND reverse(${c}) ~<~ (${tail} || '~') AND ${near} LIMIT ${limit})`,
  ];
  if (vocabulary && trigrams)
    branches.push(sql`(SELECT token, frequency FROM search_vocabulary
      WHERE length(${word}) >= 7 AND token % ${word} ORDER BY similarity(token, ${word}) DESC LIMIT 10)`);
  const all = sql.join(branches, sql` UNION ALL `);
  return vocabulary ? all : sql`SELECT DISTINCT token, frequency FROM (${all}) x`;
}

/** The vocabulary knows the word itself, or a joined pair it is part of. */
function isKnown(q: NameQuery, alts: Alternatives, t: string, i: number): boolean {
  const own = (w: string) => (alts.get(w) ?? []).some((a) => a.token === w);
  const prev = i > 0 ? q.tokens[i - 1]! + t : null;
  const next = i + 1 < q.tokens.length ? t + q.tokens[i + 1]! : null;
  return own(t) || (prev !== null && own(prev)) || (next !== null && own(next));
}

/** Alternative word lists to look up: the query, its split words joined, its significant words. */
function tokenVariants(
  q: NameQuery,
  alts: Map<string, Array<{ token: string; frequency: number }>>,
  phase: 1 | 2,
): string[][] {
  if (phase === 2) {
    const significant = q.tokens.filter((t) => !LEGAL_FORM_WORDS.has(t) && !STOP_WORDS.has(t));
    return significant.length > 0 && significant.length < q.tokens.length ? [significant] : [];
  }
  const variants: string[][] = [q.tokens];
  for (let i = 0; i + 1 < q.tokens.length; i++) {
    const pair = q.tokens[i]! + q.tokens[i + 1]!;
    if (alts.has(pair)) variants.push([...q.tokens.slice(0, i), pair, ...q.tokens.slice(i + 2)]);
  }
  return variants;
}

type Alternatives = Map<string, Array<{ token: string; frequency: number }>>;

/**
 * Phase 1: exact, joined, raw and prefix keys, and every word of the query (split words joined).
 * Phase 2, only when phase 1 found fewer all-words matches than the page needs: the query without
 * its legal-form and stop words, and the directors' names.
 */
type Where = { filters: SearchFilters; scope: ResolvedScope };

/**
 * A name's columns that the candidates carry: read where the name is found (its key's index
 * scan already visits the row), not looked up again by id.
 */
const NAME_COLUMNS_OF_N = sql.raw(
  'n.id, n.siren, n.siret, n.kind, n.label, n.key, n.raw, n.department',
);
const NAME_COLUMNS = sql.raw('id, siren, siret, kind, label, key, raw, department');
/**
 * A name's joined key: its folded key without the spaces. Not a column (issue 40: 35 M names),
 * the expression of search_names_joined_idx, written as the index declares it so that the
 * planner reads that index.
 */
const JOINED_KEY = sql.raw(`replace(key, ' ', '')`);

async function nameCandidates(
  db: Db,
  q: NameQuery,
  where: Where,
  alts: Alternatives,
  phase: 1 | 2,
  enough: number,
  withCompanies: boolean,
): Promise<CandidateRow[]> {
  // A query with an unknown word has few candidates: their search_companies rows come along and
  // the page needs no query of its own. Otherwise (hundreds of homonyms) the extra columns cost
  // more than the round trip they save.
  const company = withCompanies ? sql`to_jsonb(c)` : sql`NULL::jsonb`;
  const { filters, scope } = where;
  const filtered = scoped(filters, scope);
  const conditions = filtersSql(filters, scope);
  const postingLimit = filtered ? 3000 : 1000;
  // Phase 1 reads the exact keys first; when they already give `enough` companies, the other
  // branches (the expensive ones: postings of common words) are skipped by a one-time filter.
  // Whatever else matched would rank below every exact match, so the page shows the same first
  // results; the total then counts the exact homonyms only (docs/SEARCH.md).
  // The joined key covers the folded one (equal folded keys have equal joined keys): one read
  // of the same rows fewer.
  const exact: SQL[] =
    phase === 2
      ? []
      : [
          sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE ${JOINED_KEY} = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 200)`,
          sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE raw = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
        ];
  if (phase === 1 && q.raw !== q.joined) {
    exact.push(
      sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE raw = ${q.raw} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
    );
  }
  const branches: SQL[] = [];
  // Filtered postings branches read the name and the company already: they give their rows
  // directly (UNION ALL; a name found twice is ranked once, rankCandidates keeps one per company).
  const rowBranches: SQL[] = [];
  if (phase === 1 && q.joined.length >= 3) {
    branches.push(
      sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE ${JOINED_KEY} LIKE ${likePrefix(q.joined)} ORDER BY ${JOINED_KEY} USING ~<~ LIMIT 100)`,
    );
  }
  for (const variant of tokenVariants(q, alts, phase)) {
    const lists = variant.map((t) => alts.get(t) ?? []);
    if (lists.some((l) => l.length === 0)) continue;
    // Drive from the word whose alternatives are the rarest; check the others on the name.
    let driver = 0;
    const weight = (l: Array<{ frequency: number }>) => l.reduce((s, a) => s + a.frequency, 0);
    for (let i = 1; i < lists.length; i++)
      if (weight(lists[i]!) < weight(lists[driver]!)) driver = i;
    // A department filter is read from the (token, department, popularity) index: one bounded
    // read per department instead of scanning the word's postings for the few in the filter.
    // A commune or a place in the query narrows the read to its department(s) likewise.
    const implied = [
      ...new Set([
        ...(scope.department ? [scope.department] : []),
        ...(scope.communeLists?.[0] ?? []).map(departmentOfCommune),
      ]),
    ];
    const wanted = filters.departments.length ? filters.departments : implied;
    const departments = wanted.length <= 6 ? wanted : [];
    const postings = sql.join(
      lists[driver]!.flatMap((a) =>
        departments.length
          ? departments.map(
              (d) =>
                sql`(SELECT name_id, popularity FROM search_postings WHERE token = ${a.token}
                  AND department = ${d} ORDER BY popularity DESC NULLS LAST LIMIT ${postingLimit})`,
            )
          : [
              sql`(SELECT name_id, popularity FROM search_postings WHERE token = ${a.token}
                ORDER BY popularity DESC NULLS LAST LIMIT ${postingLimit})`,
            ],
      ),
      sql` UNION ALL `,
    );
    // The other words are checked in the inverted index itself: a name's postings share its
    // popularity, so (word, popularity, name) is one probe of the index the driver is read from,
    // on pages that stay cached, instead of a read of the name's row anywhere in search_names.
    const others = lists
      .filter((_, i) => i !== driver)
      .map(
        // A scalar subquery, not EXISTS: PostgreSQL would turn EXISTS into a hash join over the
        // whole postings list of a common word (282,000 rows for "martin").
        (l) => sql`(SELECT true FROM search_postings o
          WHERE o.token = ANY(${textArray(l.map((a) => a.token))}::text[])
            AND o.popularity = p.popularity AND o.name_id = p.name_id LIMIT 1)`,
      );
    const matching = others.length
      ? sql`(SELECT name_id, popularity FROM (${postings}) p WHERE ${sql.join(others, sql` AND `)})`
      : sql`(${postings})`;
    // With filters, they are checked here, before the limit: a selective filter must not leave
    // the page empty because the first postings were all elsewhere.
    if (filtered)
      rowBranches.push(sql`(SELECT n.siren, n.siret, n.kind, n.label, n.key, NULL::text AS joined, n.raw,
          NULL::text[] AS tokens, c.status, c.popularity, ${company} AS company
        FROM ${matching} p JOIN search_names n ON n.id = p.name_id
        JOIN search_companies c ON c.siren = n.siren
        WHERE ${conditions} AND NOT (SELECT ok FROM enough)
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150)`);
    else
      branches.push(sql`(SELECT ${NAME_COLUMNS_OF_N} FROM (SELECT p.name_id FROM ${matching} p
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150) p JOIN search_names n ON n.id = p.name_id)`);
  }
  const directorBranch =
    phase === 2 && q.tokens.length >= 2
      ? sql`UNION ALL
        SELECT d.siren, NULL, 'director', concat_ws(' ', d.first_names, d.last_name), '', '', '',
          d.tokens, c.status, c.popularity, ${company} AS company
        FROM (SELECT siren, first_names, last_name, tokens FROM search_directors
              WHERE tokens @> ${textArray(q.tokens)}::text[] LIMIT 300) d
        JOIN search_companies c ON c.siren = d.siren
        WHERE ${conditions}`
      : sql``;
  // The departments a matching company must be in (a department filter, a place read in the
  // query, communes): the same condition as `conditions`, on the name's copy of its head office's
  // department (indexer.ts), so that names read by key that the filters leave out (most of the
  // 100 joined-key prefixes) are dropped before their company row is read.
  const departmentSets: string[][] = [
    ...(filters.departments.length ? [filters.departments] : []),
    ...(scope.department ? [[scope.department]] : []),
    ...(scope.communeLists ?? []).map((codes) => [...new Set(codes.map(departmentOfCommune))]),
  ];
  const inDepartments = departmentSets.length
    ? sql.join(
        departmentSets.map((d) => sql`n.department = ANY(${textArray(d)}::text[])`),
        sql` AND `,
      )
    : sql`true`;
  const exactCte = exact.length
    ? filtered
      ? sql`SELECT n.* FROM (${sql.join(exact, sql` UNION `)}) n
          JOIN search_companies c ON c.siren = n.siren WHERE ${inDepartments} AND ${conditions}`
      : sql.join(exact, sql` UNION `)
    : sql`SELECT NULL::bigint AS id, NULL::bpchar AS siren, NULL::bpchar AS siret, NULL::text AS kind,
        NULL::text AS label, NULL::text AS key, NULL::text AS raw, NULL::text AS department WHERE false`;
  const gated = branches.map((b) => sql`(SELECT * FROM ${b} b WHERE NOT (SELECT ok FROM enough))`);
  // A name's words and joined key are its folded key split and without spaces (indexer.ts): not
  // transferred (a text[] per row is the costliest column to parse), rebuilt here.
  const rows = await queryRows<CandidateRow>(
    db,
    sql`WITH exact AS MATERIALIZED (${exactCte}),
      enough AS MATERIALIZED (SELECT count(DISTINCT siren) >= ${enough} AS ok FROM exact),
      cand AS (SELECT * FROM exact ${gated.length ? sql`UNION ${sql.join(gated, sql` UNION `)}` : sql``})
      SELECT n.siren, n.siret, n.kind, n.label, n.key, NULL::text AS joined, n.raw,
        NULL::text[] AS tokens, c.status, c.popularity, ${company} AS company
      FROM cand n JOIN search_companies c ON c.siren = n.siren
      WHERE ${inDepartments} AND ${conditions}
      ${sql.join(
        rowBranches.map((b) => sql`UNION ALL SELECT * FROM ${b} r`),
        sql` `,
      )}
      ${directorBranch}`,
  );
  for (const r of rows) {
    if (r.tokens === null) {
      r.tokens = r.key.split(' ');
      r.joined = r.key.replaceAll(' ', '');
    }
  }
  return rows;
}

/**
 * Best match per company, then score order (rank.ts); equal scores by size and activity
 * (popularity: open establishments, headcount band, category, active), then by name, the SIREN
 * last only to keep pages stable.
 */
export function rankCandidates(
  q: NameQuery,
  rows: CandidateRow[],
): Array<{ siren: string; matched: CompanyResult['matched']; score: number }> {
  const best = new Map<string, { score: number; row: CandidateRow }>();
  for (const row of rows) {
    const m = matchTier(q, row);
    if (m.tier === 0) continue;
    const score = scoreOf(m, row.kind, row.status === 'A', Number(row.popularity));
    const prev = best.get(row.siren);
    if (!prev || score > prev.score) best.set(row.siren, { score, row });
  }
  return [...best.entries()]
    .sort(
      (a, b) =>
        b[1].score - a[1].score ||
        Number(b[1].row.popularity) - Number(a[1].row.popularity) ||
        FRENCH.compare(a[1].row.label, b[1].row.label) ||
        a[0].localeCompare(b[0]),
    )
    .slice(0, MAX_RESULTS)
    .map(([siren, { score, row }]) => ({
      siren,
      score,
      matched: row.kind === 'name' ? null : { kind: row.kind, label: row.label, siret: row.siret },
    }));
}

/** ORDER BY of a search by filters; NULLS LAST whatever the direction, the SIREN last. */
/** The ORDER BY of a results list (search_companies aliased `c`): the export reads the same. */
export function orderSql(sort: SearchSort, order: 'asc' | 'desc', circle: Circle | null): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  switch (sort) {
    case 'nom':
      return sql`search_fold(c.name) ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'creation':
      return sql`c.creation_date ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'ca':
      return sql`c.revenue ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'distance':
      return circle
        ? sql`${distanceSql(circle)} ${dir}, c.popularity DESC NULLS LAST, c.siren`
        : sql`c.popularity DESC NULLS LAST, c.siren`;
    default:
      // pertinence and taille: size and activity (popularity), then the open establishments.
      return sql`c.popularity ${dir} NULLS LAST, c.open_establishments ${dir}, c.siren`;
  }
}

/**
 * Search by filters (and around a point) without a name: the exact count, then the page in the
 * requested order. Nearest first reads growing circles (1/8, 1/4, 1/2 of the radius, then all):
 * the rows of a smaller circle, nearest first, are the nearest of the whole circle as soon as it
 * holds the page, so a dense city does not sort every company within 50 km.
 */
async function searchByFilters(
  db: Db,
  filters: SearchFilters,
  scope: ResolvedScope,
  page: number,
  perPage: number,
  sort: SearchSort,
  order: 'asc' | 'desc',
  hideFinancialData: boolean,
  customOrder: SQL | null = null,
  countLimit: number | null = null,
): Promise<Omit<CompanySearchPage, 'sort' | 'order' | 'near' | 'place'>> {
  const where = sql`${filtersSql(filters, scope)} AND c.name IS NOT NULL`;
  const offset = (page - 1) * perPage;
  const circle = scope.circle ?? null;
  const countQuery = queryRows<{ n: number }>(db, countSql(filters, scope, countLimit));
  // Awaited below: should the page's query fail first, the count's own failure must not be left
  // unhandled (Node ends the process on an unhandled rejection).
  countQuery.catch(() => undefined);
  let rows: Array<{ siren: string }> = [];
  if (circle && sort === 'distance' && order === 'asc' && !customOrder) {
    for (const share of [1 / 8, 1 / 4, 1 / 2, 1]) {
      const inner: Circle = { ...circle, radiusKm: circle.radiusKm * share };
      rows = await queryRows<{ siren: string }>(
        db,
        sql`SELECT c.siren FROM search_companies c
          WHERE ${filtersSql(filters, { ...scope, circle: inner })} AND c.name IS NOT NULL
          ORDER BY ${orderSql(sort, order, circle)} LIMIT ${offset + perPage}`,
      );
      if (rows.length >= offset + perPage) break;
    }
    rows = rows.slice(offset);
  } else {
    rows = await queryRows<{ siren: string }>(
      db,
      sql`SELECT c.siren FROM search_companies c WHERE ${where}
        ORDER BY ${customOrder ?? orderSql(sort, order, circle)} LIMIT ${perPage} OFFSET ${offset}`,
    );
  }
  const [count] = await countQuery;
  const n = count?.n ?? 0;
  return {
    results: await loadResults(
      db,
      rows.map((r) => ({ siren: r.siren, matched: null })),
      hideFinancialData,
      undefined,
      circle ? { ...circle, commune: null } : null,
    ),
    page,
    perPage,
    total: n,
    totalIsLowerBound: false,
    totalPages: Math.ceil(n / perPage),
    query: '',
    queryKind: 'filters',
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

async function loadResults(
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
