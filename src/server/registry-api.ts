/**
 * The registry API (spec section 7, "Companies and directors") served straight from Node's HTTP
 * server, ahead of Next.js routing: `GET|HEAD /api/companies/{siren}[/{section}]` and
 * `/api/directors/{id}[/personal|/pole-score]`.
 *
 * Why: these are the site's hottest JSON routes (one read from the in-process data cache or one
 * prepared statement), and Next's route handling (routing, request and response wrapping) cost
 * about 1.5 ms of CPU per call, several times the read itself. The answers come from the same
 * service functions as the Next route handlers in src/app/api/, which stay in place for
 * `next dev` and document the routes: both paths give the same status, body and headers
 * (tested in registry-api.test.ts).
 *
 * Anything this path does not recognise (another method, a trailing slash, an undecodable
 * segment, an unknown director sub-route) is left to Next.js.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';
import {
  apiHeaders,
  getCompanyApi,
  getCompanySectionApi,
  getDirectorApi,
  SOURCE_UNAVAILABLE,
  type ApiResult,
} from '@/web/registry-api';

export type RegistryCall = (db: Db) => Promise<ApiResult>;

const COMPANY = /^\/api\/companies\/([^/]+)(?:\/([^/]+(?:\/[^/]+)*))?$/;
const DIRECTOR = /^\/api\/directors\/([^/]+)(?:\/(personal|pole-score))?$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The service call for a path and query, or null when the path is not one of these routes. */
export function registryApiCall(pathname: string, query: URLSearchParams): RegistryCall | null {
  const company = COMPANY.exec(pathname);
  if (company) {
    const siren = decode(company[1]!);
    const section = company[2] === undefined ? undefined : decode(company[2]);
    if (siren === null || section === null) return null;
    return section === undefined
      ? (db) => getCompanyApi(db, siren, query)
      : (db) => getCompanySectionApi(db, siren, section, query);
  }
  const director = DIRECTOR.exec(pathname);
  if (director) {
    const id = decode(director[1]!);
    if (id === null) return null;
    const part = (director[2] ?? 'profile') as 'profile' | 'personal' | 'pole-score';
    return (db) => getDirectorApi(db, id, part);
  }
  return null;
}

/** Bodies from this size on are compressed for clients that accept gzip (as Next.js does). */
const COMPRESS_FROM = 1024;

export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** What a request to these routes says: all the answer depends on. */
export type ApiRequest = { method: string; url: string; acceptEncoding?: string };

/** An answer ready to write: it crosses from the worker thread to the HTTP server as is. */
export type ApiAnswer = {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
};

/** JSON, its Cache-Control, gzip when the client takes it, no body for HEAD. */
export function encodeApiResult(result: ApiResult, request: ApiRequest): ApiAnswer {
  // A body of its own (not a slice of Buffer's shared pool): a worker thread can hand it over.
  let body: Uint8Array = new TextEncoder().encode(JSON.stringify(result.body));
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ...Object.entries(apiHeaders(result.status)),
  ];
  if (body.length >= COMPRESS_FROM) {
    headers.push(['Vary', 'Accept-Encoding']);
    if (acceptsGzip(request.acceptEncoding)) {
      body = gzipSync(body);
      headers.push(['Content-Encoding', 'gzip']);
    }
  }
  headers.push(['Content-Length', String(body.length)]);
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

/** Whether the request is one of these routes (cheap: no database). */
export function isRegistryApiRequest(method: string | undefined, url: string | undefined): boolean {
  return callOf(method, url) !== null;
}

/** The answer to a request to these routes, or null when it is not one of them. */
export async function answerRegistryApi(
  request: ApiRequest,
  db: () => Db,
): Promise<ApiAnswer | null> {
  const call = callOf(request.method, request.url);
  if (!call) return null;
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

export const apiRequestOf = (req: IncomingMessage): ApiRequest => ({
  method: req.method ?? 'GET',
  url: req.url ?? '',
  acceptEncoding:
    typeof req.headers['accept-encoding'] === 'string' ? req.headers['accept-encoding'] : undefined,
});

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
