/**
 * The search API (`GET|HEAD /api/search/companies` and `/api/search/directors`) and the drop-in
 * for the government's search API (`/api/recherche-entreprises/search` and `/near_point`) served straight
 * from Node's HTTP server, ahead of Next.js, as the registry API is (src/server/registry-api.ts):
 * in the registry API's worker thread on PostgreSQL, in the server's thread otherwise.
 *
 * Why: through Next.js, a search call waited in the one event loop behind the company pages being
 * rendered (issue 29: p50 880 ms under the mixed load, 7 ms alone). The answers come from the same
 * functions as the Next route files (src/public-api/search-handlers.ts), which stay in place for `next dev`
 * and document the routes: same status, body and headers (tested in search-api.test.ts); the
 * public API's gate has counted the call before (src/server/site.ts).
 *
 * Only these exact paths (the search boxes' suggestions, `/api/suggestions/companies`,
 * src/public-api/suggestion-handlers.ts, among them): anything else under /api/search/ (the export, which reads the
 * session, the static lists, a trailing slash) is left to Next.js.
 */
import type { Db } from '@/db/client';
import { errorResponse, type ApiAnswer, type PlainApiRequest } from '@/lib/http/answer';
import { encodeBody } from '@/lib/http/gzip';
import { logFailure } from '@/lib/log';
import { handleDropIn } from '@/drop-in/handlers';
import { handleCompanySearch, handleDirectorSearch } from '@/public-api/search-handlers';
import { UNAVAILABLE } from '@/public-api/search-params';
import { SUGGESTIONS_PATH } from '@/api-access/gate';
import { handleCompanySuggestions } from '@/public-api/suggestion-handlers';

type SearchHandler = (db: Db, request: Request) => Promise<Response>;

const HANDLERS: Record<string, SearchHandler> = {
  '/api/search/companies': handleCompanySearch,
  '/api/search/directors': handleDirectorSearch,
  // The drop-in for the government's search API: the same search, its own shapes (issue 41).
  '/api/recherche-entreprises/search': (db, request) => handleDropIn(db, request, 'search'),
  '/api/recherche-entreprises/near_point': (db, request) => handleDropIn(db, request, 'near_point'),
  // The search boxes' suggestions (site-only, its own limit in the gate): typed, so fast too.
  [SUGGESTIONS_PATH]: handleCompanySuggestions,
};

/** The search handler a request names, or null when it is not one of these two routes. */
function handlerOf(method: string | undefined, url: string | undefined): SearchHandler | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!url || !url.startsWith('/api/')) return null;
  const q = url.indexOf('?');
  return HANDLERS[q < 0 ? url : url.slice(0, q)] ?? null;
}

/** Whether the request is a call of the search API answered here (cheap: no database). */
export function isSearchApiRequest(method: string | undefined, url: string | undefined): boolean {
  return handlerOf(method, url) !== null;
}

/** Response headers the fast path writes itself (the body's encoding and length). */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'vary']);

/** The answer to a search API call, or null when the request is not one (left to Next.js). */
export async function answerSearchApi(
  request: PlainApiRequest,
  db: () => Db,
): Promise<ApiAnswer | null> {
  const handler = handlerOf(request.method, request.url);
  if (!handler) return null;
  let webRequest: Request;
  try {
    const headers = new Headers();
    if (request.hideFinancialData !== undefined)
      headers.set('hide-financial-data', request.hideFinancialData);
    webRequest = new Request(`http://localhost${request.url}`, { headers });
  } catch {
    return null; // a target Request refuses: Next.js answers it as before
  }
  let response: Response;
  try {
    response = await handler(db(), webRequest);
  } catch (e) {
    logFailure(`${request.method} ${request.url.slice(0, 120)}`, e);
    response = errorResponse(UNAVAILABLE);
  }
  const { body, headers: encoding } = encodeBody(
    new Uint8Array(await response.arrayBuffer()),
    request.acceptEncoding,
  );
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers.push([name, value]);
  });
  headers.push(...encoding);
  return { status: response.status, headers, body: request.method === 'HEAD' ? null : body };
}
