import 'server-only';
import type { ApiRequest } from '@/lib/http/answer';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authSignature } from './secret';

/**
 * CSRF protection as the spec's front end expects it (Laravel Sanctum's scheme): `GET
 * /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie; the browser sends its value back in
 * the `X-XSRF-TOKEN` header of every state-changing call. Another site can make the browser send
 * the cookie, but cannot read it to copy it into the header.
 *
 * The token is bound to the session: `{nonce}.{HMAC(auth secret, "csrf:" session token ":" nonce)}`,
 * the session token being that of the signed session cookie (none for a visitor without a
 * session). So a token planted through a sibling sub-domain's cookie, or a visitor's own token
 * replayed with someone's session, is refused: only the holder of the session cookie can get a
 * token for it. A token of no session (anonymous) is taken only by the forms a visitor fills in
 * without an account (login, register, password reset, contact). The token changes with the
 * session: the answers that open or close one set a new cookie (src/accounts/adapter.ts).
 * The Origin / Sec-Fetch-Site check comes first (src/lib/http/origin.ts, `checkCsrf`).
 */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** Two hours, as Laravel's session lifetime; the client fetches a fresh one before each call. */
export const CSRF_MAX_AGE_SECONDS = 2 * 60 * 60;

const sign = (session: string, nonce: string) =>
  authSignature(`csrf:${session}:${nonce}`, 'base64url');

/** A new token for the session of this token (null: a visitor without a session). */
export function issueCsrfToken(sessionToken: string | null): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(sessionToken ?? '', nonce)}`;
}

export function csrfCookieHeader(token: string, secure: boolean): string {
  return `${CSRF_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${CSRF_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readCookie(req: ApiRequest, name: string): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * True when the request carries the same token in its cookie and its header, signed for the
 * request's session (`sessionToken`, from its signed cookie), or, with `anonymous`, for no session.
 */
export function csrfTokenMatches(
  req: ApiRequest,
  sessionToken: string | null,
  anonymous = false,
): boolean {
  const cookie = readCookie(req, CSRF_COOKIE);
  let header = req.headers.get(CSRF_HEADER) ?? req.headers.get('x-csrf-token');
  if (!cookie || !header || cookie.length > 200 || header.length > 300) return false;
  try {
    header = decodeURIComponent(header);
  } catch {
    return false;
  }
  if (!same(cookie, header)) return false;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return false;
  const nonce = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (sessionToken !== null && same(sign(sessionToken, nonce), signature)) return true;
  return (sessionToken === null || anonymous) && same(sign('', nonce), signature);
}
