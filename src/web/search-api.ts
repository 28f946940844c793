/**
 * The search API's request → response functions, kept out of src/app so they can be tested and
 * benchmarked without the Next.js server. Route handlers only pass the Request and the Db.
 */
import type { Db } from '@/db/client';
import { MAX_PAGE, PAGE_SIZE, searchCompanies, type CompanySearchInput } from '@/search/companies';
import { DIRECTORS_PAGE_SIZE, searchDirectors } from '@/search/directors';
import { parseFilters } from '@/search/filters';
import {
  isFailure,
  jsonData,
  jsonError,
  parsePageParam,
  parsePerPageParam,
  UNAVAILABLE,
  wantsFinancialDataHidden,
} from './search-http';
import { logFailure } from '@/lib/log';
import type { Failure } from '@/lib/errors';

/**
 * What selects the companies of a results list, read from its URL: the query, the filters and the
 * financial-data header. One reader for the results API, the export and the saved searches.
 */
export function parseCompanySearchParams(
  params: URLSearchParams,
  headers?: Headers,
): Omit<CompanySearchInput, 'page' | 'perPage'> | Failure {
  const filters = parseFilters(params);
  if (isFailure(filters)) return filters;
  return {
    q: params.get('q'),
    filters,
    hideFinancialData: headers ? wantsFinancialDataHidden(headers) : false,
  };
}

export async function handleCompanySearch(db: Db, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const page = parsePageParam(params.get('page'), MAX_PAGE);
  if (isFailure(page)) return jsonError(page);
  const perPage = parsePerPageParam(params.get('per_page'), PAGE_SIZE);
  if (isFailure(perPage)) return jsonError(perPage);
  const search = parseCompanySearchParams(params, request.headers);
  if (isFailure(search)) return jsonError(search);
  try {
    const result = await searchCompanies(db, { ...search, page, perPage });
    if (!result.ok) return jsonError(result);
    return jsonData(result.value);
  } catch (error) {
    logFailure('companies', error);
    return jsonError(UNAVAILABLE);
  }
}

export async function handleDirectorSearch(db: Db, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const page = parsePageParam(params.get('page'), Math.ceil(500 / DIRECTORS_PAGE_SIZE));
  if (isFailure(page)) return jsonError(page);
  try {
    const result = await searchDirectors(db, { name: params.get('name') ?? params.get('q'), page });
    if (!result.ok) return jsonError(result);
    return jsonData(result.value);
  } catch (error) {
    logFailure('directors', error);
    return jsonError(UNAVAILABLE);
  }
}
