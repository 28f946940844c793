/**
 * What the search pages ask: one function per page kind, errors as values so a failing database
 * shows an honest message instead of breaking the page.
 */
import type { Db } from '@/db/client';
import { searchFromRequest } from './companies';
import { PAGE_SIZE, type CompanySearchPage } from './company-results';
import { searchDirectors, type DirectorSearchPage } from './directors';
import { EMPTY_FILTERS, hasFilters, type SearchFilters } from './filters';
import { SEARCH_PARAMS } from './filter-params';
import { readSearchRequest } from './request';
import { logFailure } from '@/lib/log';
import { anyContradiction } from '@/registry/contradictions';

export type PageParams = Record<string, string | string[] | undefined>;

/** Next.js search params → URLSearchParams; repeated values are joined with commas. */
export function toSearchParams(params: PageParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out.set(k, Array.isArray(v) ? v.join(',') : v);
  }
  return out;
}

/** What a results page shows: nothing asked yet, results, a French reason, or the search down. */
export type SearchPageState<T> =
  | { state: 'idle'; filters: SearchFilters }
  | {
      state: 'ok';
      data: T;
      filters: SearchFilters;
      /**
       * When the filters or the place excluded every company a name matches: how many it matches
       * without them (the empty state says so, and offers to remove them).
       */
      withoutFilters?: number;
      /** The contradictions filter found nothing because the data holds no contradiction at all. */
      noContradictions?: boolean;
    }
  | { state: 'invalid'; message: string; filters: SearchFilters }
  | { state: 'unavailable'; filters: SearchFilters };

function pageOf(raw: string | null, max: number): number | null {
  if (raw === null || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

export async function loadCompanyResults(
  db: Db,
  params: URLSearchParams,
  options: { allowFiltersOnly?: boolean } = {},
): Promise<SearchPageState<CompanySearchPage>> {
  // The panel's own plain form (without JavaScript) always sends its radius: without a place or a
  // point it says nothing, where the API refuses a radius alone (422).
  const read = new URLSearchParams(params);
  if (
    !read.get(SEARCH_PARAMS.around) &&
    !read.get(SEARCH_PARAMS.lat) &&
    !read.get(SEARCH_PARAMS.lon)
  )
    read.delete(SEARCH_PARAMS.radius);
  // One reader for the page and the API: the query, filters, sort, page and point of the URL,
  // read once. On a refusal the panel still shows the filters, when they all were valid.
  const { request: parsed, filters: valid } = readSearchRequest(read);
  if ('code' in parsed)
    return { state: 'invalid', message: parsed.message, filters: valid ?? EMPTY_FILTERS };
  const filters = parsed.filters;
  const q = parsed.query?.trim() ?? '';
  if (!q && !(options.allowFiltersOnly && (hasFilters(filters) || parsed.near)))
    return { state: 'idle', filters };
  try {
    const result = await searchFromRequest(
      db,
      { ...parsed, pageSize: PAGE_SIZE },
      { facets: true },
    );
    if (!result.ok) return { state: 'invalid', message: result.message, filters };
    const noContradictions =
      result.value.total === 0 && filters.contradictions && !(await anyContradiction(db))
        ? true
        : undefined;
    if (result.value.total > 0 || !q || !(hasFilters(filters) || parsed.near))
      return { state: 'ok', data: result.value, filters, noContradictions };
    // Nothing left: the name alone, so the empty state blames the filters, not the words.
    const unfiltered = await searchFromRequest(db, {
      ...parsed,
      filters: EMPTY_FILTERS,
      near: null,
      page: 1,
      pageSize: 1,
    });
    const withoutFilters = unfiltered.ok ? unfiltered.value.total : undefined;
    return { state: 'ok', data: result.value, filters, withoutFilters, noContradictions };
  } catch (error) {
    logFailure('search page', error);
    return { state: 'unavailable', filters };
  }
}

export async function loadDirectorResults(
  db: Db,
  params: URLSearchParams,
): Promise<SearchPageState<DirectorSearchPage>> {
  const name = (params.get('name') ?? params.get('q') ?? '').trim();
  if (!name) return { state: 'idle', filters: EMPTY_FILTERS };
  const page = pageOf(params.get('page'), 25);
  if (page === null)
    return { state: 'invalid', message: 'La page demandée n’existe pas.', filters: EMPTY_FILTERS };
  try {
    const result = await searchDirectors(db, { name, page });
    if (!result.ok) return { state: 'invalid', message: result.message, filters: EMPTY_FILTERS };
    return { state: 'ok', data: result.value, filters: EMPTY_FILTERS };
  } catch (error) {
    logFailure('search directors page', error);
    return { state: 'unavailable', filters: EMPTY_FILTERS };
  }
}
