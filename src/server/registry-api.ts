/**
 * The registry API (spec section 7, "Companies and directors") served straight from Node's HTTP
 * server, ahead of Next.js routing: `GET|HEAD /api/companies/{siren}[/{section}|/network]` and
 * `/api/directors/{id}[/personal|/pole-score|/network]`.
 *
 * Why: these are the site's hottest JSON routes (one read from the in-process data cache or one
 * prepared statement), and Next's route handling (routing, request and response wrapping) cost
 * about 1.5 ms of CPU per call, several times the read itself. The answers come from the same
 * service functions as the Next route handlers in src/app/api/, which stay in place for
 * `next dev` and document the routes: both paths give the same status, body and headers
 * (tested in registry-api.test.ts).
 *
 * Its paths are entries of the site's route table (src/server/routes.ts, derived from src/app),
 * matched with Next's precedence; anything else (another method, a trailing slash, an
 * undecodable segment, a path another route of the table takes) is left to Next.js.
 *
 * The same fast path answers the search API (src/server/search-api.ts): `answerRegistryApi` and
 * `isRegistryApiRequest` take both, so the worker thread serves both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/db/client';
import type { ApiAnswer, PlainApiRequest } from '@/lib/http/answer';
import { encodeBody } from '@/lib/http/gzip';
import { byPrecedence, matchRoute, ROUTES, type Params, type RoutePattern } from './routes';
import { logFailure } from '@/lib/log';
import { answerSearchApi, isSearchApiRequest } from './search-api';
import {
  apiHeaders,
  getCompanyApi,
  getCompanySectionApi,
  getDirectorApi,
  SOURCE_UNAVAILABLE,
  type ApiResult,
} from '@/public-api/registry-handlers';
import { getCompanyNetworkApi, getDirectorNetworkApi } from '@/public-api/network-handlers';

export type RegistryCall = (db: Db) => Promise<ApiResult>;

type Call = (params: Params, query: URLSearchParams) => RegistryCall;
const one = (p: Params, name: string) => p[name] as string;

/** The routes of src/app this path answers (entries of the route table), and their calls. */
const CALLS = {
  '/api/companies/[siren]': (p, q) => (db) => getCompanyApi(db, one(p, 'siren'), q),
  '/api/companies/[siren]/[...section]': (p, q) => (db) =>
    getCompanySectionApi(db, one(p, 'siren'), (p.section as string[]).join('/'), q),
  '/api/companies/[siren]/network': (p, q) => (db) =>
    getCompanyNetworkApi(db, one(p, 'siren'), q.get('depth')),
  '/api/directors/[id]': (p) => (db) => getDirectorApi(db, one(p, 'id'), 'profile'),
  '/api/directors/[id]/network': (p, q) => (db) =>
    getDirectorNetworkApi(db, one(p, 'id'), q.get('depth')),
  '/api/directors/[id]/personal': (p) => (db) => getDirectorApi(db, one(p, 'id'), 'personal'),
  '/api/directors/[id]/pole-score': (p) => (db) => getDirectorApi(db, one(p, 'id'), 'pole-score'),
} satisfies Partial<Record<RoutePattern, Call>>;

export const REGISTRY_API_ROUTES = Object.keys(CALLS) as (keyof typeof CALLS)[];

/**
 * The routes of the table under the same prefixes, in Next's order: a path Next.js would give to
 * another route (`/api/companies/complementary-informations`) is left to it.
 */
const CANDIDATES = byPrecedence(
  ROUTES.filter((r) => r.startsWith('/api/companies/') || r.startsWith('/api/directors/')),
);

/** The service call for a path and query, or null when the path is not one of these routes. */
export function registryApiCall(pathname: string, query: URLSearchParams): RegistryCall | null {
  const match = matchRoute(pathname, CANDIDATES);
  if (match === null || match === 'bad') return null;
  const call: Call | undefined = CALLS[match.pattern as keyof typeof CALLS];
  return call ? call(match.params, query) : null;
}

/** JSON, its Cache-Control, gzip when the client takes it, no body for HEAD. */
export function encodeApiResult(result: ApiResult, request: PlainApiRequest): ApiAnswer {
  // A body of its own (not a slice of Buffer's shared pool): a worker thread can hand it over.
  const { body, headers: encoding } = encodeBody(
    new TextEncoder().encode(JSON.stringify(result.body)),
    request.acceptEncoding,
  );
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ...Object.entries(apiHeaders(result.status)),
    ...encoding,
  ];
  return { status: result.status, headers, body: request.method === 'HEAD' ? null : body };
}

/** The service call a request names, or null when it is not one of these routes. */
function callOf(method: string | undefined, url: string | undefined): RegistryCall | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!url || !(url.startsWith('/api/companies/') || url.startsWith('/api/directors/')))
    return null;
  const q = url.indexOf('?');
  return q < 0
    ? registryApiCall(url, new URLSearchParams())
    : registryApiCall(url.slice(0, q), new URLSearchParams(url.slice(q + 1)));
}

/**
 * Whether the request is one of these routes or a search API call (src/server/search-api.ts),
 * which the same fast path answers (cheap: no database).
 */
export function isRegistryApiRequest(method: string | undefined, url: string | undefined): boolean {
  return callOf(method, url) !== null || isSearchApiRequest(method, url);
}

/**
 * The answer to a request to these routes or to the search API, or null when it is none of them.
 */
export async function answerRegistryApi(
  request: PlainApiRequest,
  db: () => Db,
): Promise<ApiAnswer | null> {
  const call = callOf(request.method, request.url);
  if (!call) return answerSearchApi(request, db);
  let result: ApiResult;
  try {
    result = await call(db());
  } catch (e) {
    logFailure(`${request.method} ${request.url.slice(0, 120)}`, e);
    result = SOURCE_UNAVAILABLE;
  }
  return encodeApiResult(result, request);
}

export function writeApiAnswer(res: ServerResponse, answer: ApiAnswer): void {
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(answer.body ?? undefined);
}

export function apiRequestOf(req: IncomingMessage): PlainApiRequest {
  const request: PlainApiRequest = {
    method: req.method ?? 'GET',
    url: req.url ?? '',
    acceptEncoding:
      typeof req.headers['accept-encoding'] === 'string'
        ? req.headers['accept-encoding']
        : undefined,
  };
  const hide = req.headers['hide-financial-data'];
  if (typeof hide === 'string') request.hideFinancialData = hide;
  return request;
}

/**
 * Serves the request in this thread when it is a registry API call and returns true; returns
 * false, having written nothing, for any other request.
 */
export async function serveRegistryApi(
  req: IncomingMessage,
  res: ServerResponse,
  db: () => Db,
): Promise<boolean> {
  const answer = await answerRegistryApi(apiRequestOf(req), db);
  if (!answer) return false;
  writeApiAnswer(res, answer);
  return true;
}
