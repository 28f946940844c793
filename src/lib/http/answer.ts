/**
 * The one way from a request to a response of the site's JSON handlers: they read an
 * `ApiRequest` (a Fetch `Request` satisfies it as it is: the Next route files pass theirs), call
 * a service that returns a `Result`, and turn it into an `Answer` here (`resultAnswer`; a failure
 * alone: `failureAnswer`; an exception: `guardedAnswer`), which `toResponse` turns into a
 * `Response` (`errorResponse` does both for a failure). A handler chooses only its status, its
 * `Cache-Control` and its cookies; the JSON shapes and the failure's status and headers are
 * decided here. `PlainApiRequest` is the part of a request the registry API's fast path reads
 * (src/server/registry-api.ts), as plain data that crosses to its worker thread.
 */
import { dataEnvelope } from '@/lib/api-envelope';
import {
  failure,
  failureBody,
  failureHeaders,
  statusOf,
  type Failure,
  type Result,
} from '@/lib/errors';
import { logFailure } from '@/lib/log';

/** The part of a Fetch `Request` the hot routes read. */
export interface ApiRequest {
  readonly method: string;
  /** Absolute URL, as `Request.url`. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  /** The body; read it with src/lib/http/body.ts, which caps it. */
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The part of a request a public, cacheable read depends on (the registry API), as plain data:
 * its method, its path and query as received (Node's `IncomingMessage.url`: not absolute, unlike
 * `ApiRequest.url`), its Accept-Encoding and, for the search API, its `hide-financial-data`.
 */
export type PlainApiRequest = Pick<ApiRequest, 'method'> & {
  url: string;
  acceptEncoding?: string;
  /** The search API's `hide-financial-data` header, when sent (src/server/search-api.ts). */
  hideFinancialData?: string;
};

/**
 * An answer of the fast path, encoded and ready to write: plain data, so it crosses from the
 * registry API's worker thread to the HTTP server as is (src/server/registry-api.ts).
 */
export type ApiAnswer = {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
};

/** An HTTP answer with a JSON body (or none). */
export type Answer = {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  /** The JSON body; `undefined` for an answer without one (204). */
  json: unknown;
};

/** `{ data: { data } }` with the headers given (204: no body). */
export function dataAnswer(
  data: unknown,
  status: number,
  headers: Record<string, string>,
  cookies: string[] = [],
): Answer {
  return { status, headers, cookies, json: status === 204 ? undefined : dataEnvelope(data) };
}

/** The answer of a failure: its status and body, `Retry-After` when known, never cached. */
export function failureAnswer(f: Failure, cookies: string[] = []): Answer {
  return { status: statusOf(f.code), headers: failureHeaders(f), cookies, json: failureBody(f) };
}

/** The body's bytes, as `Response.json` writes them (none for a 204). */
export function answerBody(a: Answer): string | null {
  return a.json === undefined ? null : JSON.stringify(a.json);
}

/** The `Cache-Control` of an answer that is one user's (an account's): no cache keeps it. */
export const NO_STORE = { 'Cache-Control': 'no-store' };

/** The same, said twice for the caches that only read `private` (orders, payments, invoices). */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' };

/** What a handler decides of a successful answer; the rest is the adapter's. */
export type AnswerOptions = {
  /** 200 unless given (201 for a creation, 204 for no body). */
  status?: number;
  /** Its `Cache-Control` and any other header of a success. */
  headers?: Record<string, string>;
  /** Set-Cookie lines (a refreshed session), sent with a success or a failure alike. */
  cookies?: string[];
};

/** The answer of a service's `Result`: its value as `{ data: { data } }`, or its failure. */
export function resultAnswer<T>(result: Result<T>, options: AnswerOptions = {}): Answer {
  const { status = 200, headers = {}, cookies = [] } = options;
  if (!result.ok) return failureAnswer(result, cookies);
  return dataAnswer(result.value, status, headers, cookies);
}

/** `resultAnswer` as the `Response` a route file returns. */
export function respond<T>(result: Result<T>, options?: AnswerOptions): Response {
  return toResponse(resultAnswer(result, options));
}

/**
 * Runs a handler, answering an exception (a bug, the database gone) as 503 SERVICE_UNAVAILABLE
 * with `Retry-After` rather than a 500 with a stack; the exception is logged under `label`.
 * `answer` shapes that failure as the handler's own answers (`failureAnswer`, `errorResponse`).
 */
export async function guarded<T>(
  label: string,
  run: () => Promise<T>,
  answer: (f: Failure) => T,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    logFailure(label, e);
    return answer(failure('SERVICE_UNAVAILABLE'));
  }
}

export function toResponse(a: Answer): Response {
  const headers = new Headers(a.headers);
  for (const c of a.cookies) headers.append('Set-Cookie', c);
  const body = answerBody(a);
  if (body !== null) headers.set('Content-Type', 'application/json');
  return new Response(body, { status: a.status, headers });
}

/** The HTTP answer of a failure, with the Set-Cookie lines given. */
export function errorResponse(f: Failure, cookies: string[] = []): Response {
  return toResponse(failureAnswer(f, cookies));
}
