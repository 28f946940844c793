import 'server-only';
import { type Answer, errorResponse, failureAnswer, guarded as guardedAs } from '@/lib/http/answer';

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A handler of this area, any unexpected throw answered 503 (src/lib/http/answer.ts). */
export const guardedAnswer = (run: () => Promise<Answer>) =>
  guardedAs('accounts: route failed', run, (f) => failureAnswer(f));

/** `guardedAnswer` for the handlers that build a `Response` of their own (files, HTML). */
export const guarded = (run: () => Promise<Response>) =>
  guardedAs('accounts: route failed', run, (f) => errorResponse(f));

/**
 * A readable hint for the page frame ("Mon compte" rather than "Se connecter"), never trusted by
 * the server: the session itself is in an httpOnly cookie.
 */
export function loggedInHint(on: boolean): string {
  return on
    ? 'registre_connecte=1; Path=/; Max-Age=2592000; SameSite=Lax'
    : 'registre_connecte=; Path=/; Max-Age=0; SameSite=Lax';
}
