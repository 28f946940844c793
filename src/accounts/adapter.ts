import 'server-only';
import { siteOrigin } from '@/config/env';
import type { Db } from '@/db/client';
import type { ApiRequest } from '@/lib/http/answer';
import { clientAddress } from '@/lib/http/client';
import { failure, type Failure } from '@/lib/errors';
import { AUTH_BASE_PATH, authFor } from './auth';
import { csrfCookieHeader, issueCsrfToken } from './csrf';
import { sessionCookieName, verifiedSessionToken } from './session';

/**
 * The spec's account routes are a thin adapter over Better Auth's handler (not `auth.api`), so
 * that its origin check and session handling apply. Our own checks (XSRF token, captcha, limits,
 * password list) run before the call.
 */
export type AuthAnswer = {
  status: number;
  json: Record<string, unknown> | null;
  /** Set-Cookie lines to pass on to the browser (session rotated, cleared…). */
  cookies: string[];
};

const FORWARDED = [
  'cookie',
  'origin',
  'referer',
  'user-agent',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
];

export async function callAuth(
  db: Db,
  req: ApiRequest,
  path: string,
  init: {
    method?: 'GET' | 'POST';
    body?: unknown;
    query?: Record<string, string>;
    /** Without the browser's cookies: the call must not see nor touch its session. */
    anonymous?: boolean;
  } = {},
): Promise<AuthAnswer> {
  // Better Auth sees the site's public origin (SITE_URL), whatever Host or X-Forwarded-Host the
  // request carried: the links it mails are built from this URL.
  const url = new URL(AUTH_BASE_PATH + path, siteOrigin());
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers();
  for (const name of FORWARDED) {
    if (init.anonymous && name === 'cookie') continue;
    const v = req.headers.get(name);
    if (v) headers.set(name, v);
  }
  // The client's address by the site's one rule (what Better Auth keeps with a session), never
  // the X-Forwarded-For a client wrote.
  headers.set('x-forwarded-for', clientAddress(req));
  // Our XSRF check already passed; a client that sends no Origin (not a browser) is same-site.
  if (!headers.has('origin') && !headers.has('referer')) headers.set('origin', url.origin);
  const method = init.method ?? 'POST';
  if (method === 'POST') headers.set('content-type', 'application/json');
  const res = await authFor(db).handler(
    new Request(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    }),
  );
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: res.status, json, cookies: withCsrfOfSession(req, res.headers.getSetCookie()) };
}

/**
 * The Set-Cookie lines of an answer, with a new XSRF token when they open, rotate or close the
 * session: the token is bound to the session (src/accounts/csrf.ts), so the browser's next call
 * needs the new one, and gets it with the answer that changed the session.
 */
function withCsrfOfSession(req: ApiRequest, cookies: string[]): string[] {
  const prefix = `${sessionCookieName()}=`;
  const line = cookies.find((c) => c.startsWith(prefix));
  if (line === undefined) return cookies;
  const value = line.slice(prefix.length).split(';')[0]!.trim();
  let token: string | null = null;
  if (value && !/;\s*max-age=0\b/i.test(line)) {
    try {
      token = verifiedSessionToken(decodeURIComponent(value));
    } catch {
      token = null;
    }
  }
  const secure = siteOrigin().startsWith('https:');
  return [...cookies, csrfCookieHeader(issueCsrfToken(token), secure)];
}

/**
 * Better Auth refused the call's Origin (not SITE_URL's: the site opened at another address than
 * its public one): null otherwise. Told in French with both addresses, so the person knows where
 * to go, rather than a bare « accès refusé ».
 */
export function wrongOriginFailure(req: ApiRequest, a: AuthAnswer): Failure | null {
  if (a.status !== 403 || !authErrorCode(a).includes('ORIGIN')) return null;
  const raw = req.headers.get('origin') ?? req.headers.get('referer') ?? '';
  let given = '';
  try {
    given = new URL(raw).origin;
  } catch {
    given = '';
  }
  const own = siteOrigin();
  return failure(
    'FORBIDDEN',
    given && given !== own
      ? `Cette page est ouverte à l’adresse ${given}, mais les comptes fonctionnent à l’adresse ${own} : ouvrez ${own} et recommencez.`
      : `Les comptes fonctionnent à l’adresse ${own} : ouvrez ${own} et recommencez.`,
  );
}

/** Better Auth's error code of a failed call (`INVALID_EMAIL_OR_PASSWORD`, `USER_ALREADY_EXISTS`…). */
export function authErrorCode(a: AuthAnswer): string {
  const code = a.json?.code;
  return typeof code === 'string' ? code : '';
}
