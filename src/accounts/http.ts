import 'server-only';
import {
  dataAnswer,
  failureAnswer,
  toResponse,
  type Answer,
  type ApiRequest,
} from '@/lib/http/answer';
import { failure, success, type Failure, type Result } from '@/lib/errors';

/** Bodies above this are refused before parsing (forms of this area are small). */
const MAX_BODY_BYTES = 64 * 1024;

export type Fields = Record<string, unknown>;

/** A form or JSON body as an object of fields; anything else is INVALID_INPUT, never a 500. */
export async function readFields(req: ApiRequest): Promise<Result<Fields>> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) return failure('PAYLOAD_TOO_LARGE');
  const type = req.headers.get('content-type') ?? '';
  try {
    if (
      type.includes('application/x-www-form-urlencoded') ||
      type.includes('multipart/form-data')
    ) {
      const form = await req.formData();
      const out: Fields = {};
      for (const [k, v] of form) {
        if (typeof v !== 'string') continue;
        if (k.endsWith('[]')) ((out[k.slice(0, -2)] ??= []) as unknown[]).push(v);
        else out[k] = v;
      }
      return success(out);
    }
    const text = await req.text();
    if (text.length > MAX_BODY_BYTES) return failure('PAYLOAD_TOO_LARGE');
    if (text.trim() === '') return success({});
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return failure('INVALID_INPUT', 'Le corps de la requête doit être un objet JSON.');
    }
    return success(parsed as Fields);
  } catch {
    return failure('INVALID_INPUT', 'Le corps de la requête est illisible.');
  }
}

/** Laravel's method override: `_method` in the body or the `X-HTTP-Method-Override` header. */
export function overriddenMethod(req: ApiRequest, fields: Fields): string {
  const header = req.headers.get('x-http-method-override');
  const field = typeof fields._method === 'string' ? fields._method : null;
  return (header ?? field ?? req.method).toUpperCase();
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `{ data: { data } }`, no store, with the Set-Cookie lines given. */
export function accountAnswer(data: unknown, status = 200, cookies: string[] = []): Answer {
  return dataAnswer(data, status, { 'Cache-Control': 'no-store' }, cookies);
}

export function dataResponse(data: unknown, status = 200, cookies: string[] = []): Response {
  return toResponse(accountAnswer(data, status, cookies));
}

export function failureResponse(f: Failure, cookies: string[] = []): Response {
  return toResponse(failureAnswer(f, cookies));
}

/** The client's address for the per-address limits (the proxy in front sets X-Forwarded-For). */
export function clientAddress(req: ApiRequest): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip') || 'local';
}

/** Runs a handler, answering any unexpected throw as 503 rather than a 500 with a stack. */
async function guard<T>(run: () => Promise<T>, failed: (f: Failure) => T): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const { logFailure } = await import('@/lib/log');
    logFailure('accounts: route failed', e);
    return failed(failure('SERVICE_UNAVAILABLE'));
  }
}

export const guardedAnswer = (run: () => Promise<Answer>) => guard(run, (f) => failureAnswer(f));

/** `guardedAnswer` for the handlers that build a `Response` of their own (files, HTML). */
export const guarded = (run: () => Promise<Response>) => guard(run, (f) => failureResponse(f));

/**
 * A readable hint for the page frame ("Mon compte" rather than "Se connecter"), never trusted by
 * the server: the session itself is in an httpOnly cookie.
 */
export function loggedInHint(on: boolean): string {
  return on
    ? 'registre_connecte=1; Path=/; Max-Age=2592000; SameSite=Lax'
    : 'registre_connecte=; Path=/; Max-Age=0; SameSite=Lax';
}
