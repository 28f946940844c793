/**
 * What the search pages ask: one function per page kind, errors as values so a failing database
 * shows an honest message instead of breaking the page.
 */
import type { Db } from '@/db/client';
import { MAX_PAGE, searchCompanies, type CompanySearchPage } from './companies';
import { searchDirectors, type DirectorSearchPage } from './directors';
import { EMPTY_FILTERS, hasFilters, parseFilters, type SearchFilters } from './filters';
import { logFailure } from '@/lib/log';

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
  | { state: 'ok'; data: T; filters: SearchFilters }
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
  const parsed = parseFilters(params);
  const filters = 'code' in parsed ? EMPTY_FILTERS : parsed;
  if ('code' in parsed) return { state: 'invalid', message: parsed.message, filters };
  const q = params.get('q')?.trim() ?? '';
  if (!q && !(options.allowFiltersOnly && hasFilters(filters))) return { state: 'idle', filters };
  const page = pageOf(params.get('page'), MAX_PAGE);
  if (page === null) {
    return {
      state: 'invalid',
      message: `La page demandée n’existe pas (1 à ${MAX_PAGE}).`,
      filters,
    };
  }
  try {
    const result = await searchCompanies(db, { q, page, filters });
    if (!result.ok) return { state: 'invalid', message: result.message, filters };
    return { state: 'ok', data: result.value, filters };
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
