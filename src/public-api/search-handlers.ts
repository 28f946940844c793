/**
 * The search API's request → response functions, kept out of src/app so they can be tested and
 * benchmarked without the Next.js server. Route handlers only pass the Request and the Db.
 */
import type { Db } from '@/db/client';
import { searchFromRequest, type CompanySearchInput } from '@/search/companies';
import { DIRECTORS_PAGE_SIZE, searchDirectors } from '@/search/directors';
import { parseSearchRequest } from '@/search/request';
import { isFailure, parsePageParam, UNAVAILABLE, wantsFinancialDataHidden } from './search-params';
import { errorResponse, respond } from '@/lib/http/answer';
import { logFailure } from '@/lib/log';
import type { Failure } from '@/lib/errors';

/**
 * What selects the companies of a results list, read from its URL by the results' own parser
 * (`parseSearchRequest`): the query, the filters, the sort, the point and the financial-data
 * header. One reader for the results API, the export and the saved searches.
 */
export function parseCompanySearchParams(
  params: URLSearchParams,
  headers?: Headers,
): Omit<CompanySearchInput, 'page' | 'perPage'> | Failure {
  const parsed = parseSearchRequest(params);
  if (isFailure(parsed)) return parsed;
  return {
    q: parsed.query,
    filters: parsed.filters,
    sort: parsed.sort,
    order: parsed.order,
    near: parsed.near,
    hideFinancialData: headers ? wantsFinancialDataHidden(headers) : false,
  };
}

export async function handleCompanySearch(db: Db, request: Request): Promise<Response> {
  const parsed = parseSearchRequest(new URL(request.url).searchParams);
  if (isFailure(parsed)) return errorResponse(parsed);
  try {
    const result = await searchFromRequest(db, parsed, {
      hideFinancialData: wantsFinancialDataHidden(request.headers),
    });
    return respond(result);
  } catch (error) {
    logFailure('companies', error);
    return errorResponse(UNAVAILABLE);
  }
}

export async function handleDirectorSearch(db: Db, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const page = parsePageParam(params.get('page'), Math.ceil(500 / DIRECTORS_PAGE_SIZE));
  if (isFailure(page)) return errorResponse(page);
  try {
    const result = await searchDirectors(db, { name: params.get('name') ?? params.get('q'), page });
    return respond(result);
  } catch (error) {
    logFailure('directors', error);
    return errorResponse(UNAVAILABLE);
  }
}
