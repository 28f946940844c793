import 'server-only';
import type { ApiRequest } from '@/lib/http/answer';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authSignature } from './secret';

/**
 * CSRF protection as the spec's front end expects it (Laravel Sanctum's scheme): `GET
 * /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie; the browser sends its value back in
 * the `X-XSRF-TOKEN` header of every state-changing call. Another site can make the browser send
 * the cookie, but cannot read it to copy it into the header. The token is signed, so a value
 * planted through a sibling sub-domain's cookie is refused too.
 */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** Two hours, as Laravel's session lifetime; the client fetches a fresh one before each call. */
export const CSRF_MAX_AGE_SECONDS = 2 * 60 * 60;

const sign = (nonce: string) => authSignature(`csrf:${nonce}`, 'base64url');

export function issueCsrfToken(): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(nonce)}`;
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

/** True when the request carries the same, well-signed token in its cookie and its header. */
export function csrfTokenMatches(req: ApiRequest): boolean {
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
  return same(sign(cookie.slice(0, dot)), cookie.slice(dot + 1));
}
