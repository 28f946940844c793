import 'server-only';
import { dataAnswer, failureAnswer, toResponse, type Answer } from '@/lib/http/answer';
import { failure, type Failure } from '@/lib/errors';

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
