import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getEnv } from '@/config/env';
import { getDb } from '@/db';
import { runStatement, statement, type Db } from '@/db/client';
import { sessions, users } from '@/db/schema/accounts';
import { failure, success, type Result } from '@/lib/errors';
import type { ApiRequest } from '@/lib/http/answer';
import { crossSiteFailure } from '@/lib/http/origin';
import { authFor, COOKIE_PREFIX, SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from './auth';
import { csrfTokenMatches, readCookie } from './csrf';
import { authSignature } from './secret';

/**
 * The session seam (src/accounts/README.md): what every other area needs to know about
 * the person behind a request. Sessions live in the database (Better Auth); nothing is cached in
 * the cookie nor in the process, so a logout or a password change takes effect on the next
 * request, in every process.
 */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'operator';
};

/** The session's user with the rest of the user row the account routes answer with. */
export type SessionAccount = {
  user: SessionUser;
  name: string;
  profile: Record<string, string>;
  emailVerifiedAt: Date | null;
  updatedAt: Date;
  /**
   * The session cookie again, with its new lifetime, when this request moved the session's expiry
   * on (once a day, `updateAge`): answers pass it on, so the browser keeps the session as long as
   * the database does. Empty otherwise.
   */
  refreshCookies: string[];
};

const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/** Better Auth's session cookie: `__Secure-` in front when the site is served over https. */
export function sessionCookieName(): string {
  return getEnv().SITE_URL.startsWith('https://') ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The session token of a signed cookie value, or null: Better Auth (better-call's signed cookies)
 * writes `{token}.{base64 HMAC-SHA256 of the token with the auth secret}`, and takes a value only
 * with a 44-character signature ending in `=`. A forged or altered cookie costs no query.
 * This reads Better Auth's cookie format, which is not its public API: package.json pins
 * better-auth exactly (no caret), and a test signs in through Better Auth and reads the session
 * back here, so an upgrade that changes the format fails the tests before it ships.
 */
export function verifiedSessionToken(value: string | null): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  if (signature.length !== 44 || signature[43] !== 0x3d) return null;
  const expected = Buffer.from(authSignature(token, 'base64'));
  return timingSafeEqual(signature, expected) ? token : null;
}

type SessionRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'emailVerified' | 'role' | 'name' | 'profile'
> & {
  /** Times as epoch milliseconds: the same numbers on node-postgres and PGlite. */
  expiresMs: number;
  verifiedMs: number | null;
  updatedMs: number;
};

const epochMs = (column: unknown) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

const SESSION_COLUMNS = sql`${users.id} AS "id", ${users.email} AS "email",
         ${users.emailVerified} AS "emailVerified", ${users.role} AS "role", ${users.name} AS "name",
         ${users.profile} AS "profile", ${epochMs(sessions.expiresAt)} AS "expiresMs",
         ${epochMs(users.emailVerifiedAt)} AS "verifiedMs", ${epochMs(users.updatedAt)} AS "updatedMs"`;
const SESSION_OF_TOKEN = sql`FROM ${sessions} JOIN ${users} ON ${users.id} = ${sessions.userId}
  WHERE ${sessions.token} = ${sql.placeholder('token')}`;

/** The session of a token with its user: one statement, prepared per connection. */
const SESSION_QUERY = statement(sql`SELECT ${SESSION_COLUMNS} ${SESSION_OF_TOKEN}`);

function accountOf(row: SessionRow, refreshCookies: string[] = []): SessionAccount {
  return {
    refreshCookies,
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      role: row.role === 'operator' ? 'operator' : 'user',
    },
    name: row.name,
    profile: row.profile ?? {},
    emailVerifiedAt: row.verifiedMs === null ? null : new Date(row.verifiedMs),
    updatedAt: new Date(row.updatedMs),
  };
}

/**
 * The session of a request and its user. The signed cookie is checked here (same secret and
 * format as Better Auth) and the session read with its user in one prepared statement. A session
 * that has expired, or whose expiry is due to move on (`updateAge`), goes through Better Auth's
 * own `getSession`, which deletes the expired one and refreshes the other, as before; then the
 * row is read again.
 */
export async function readSession(
  req: ApiRequest,
  db: Db = getDb(),
): Promise<SessionAccount | null> {
  // No session cookie: no database round trip.
  if (!hasSessionCookie(req)) return null;
  const token = verifiedSessionToken(readCookie(req, sessionCookieName()));
  if (!token) return null;
  // A database error is one (a 500), not a missing session: the browser would log its user out.
  const [row] = await runStatement<SessionRow>(db, SESSION_QUERY, { token });
  if (!row) return null;
  // A session expiring after this instant is neither expired nor due for a refresh.
  if (row.expiresMs > Date.now() + (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000)
    return accountOf(row);
  // Expired (deleted) or due for a refresh (expiry moved on): Better Auth decides, and its
  // refreshed cookie goes back to the browser.
  const headers = new Headers({ cookie: req.headers.get('cookie') ?? '' });
  const refreshed = await authFor(db)
    .api.getSession({ headers, returnHeaders: true })
    .catch(() => null);
  if (!refreshed?.response) return null;
  const [again] = await runStatement<SessionRow>(db, SESSION_QUERY, { token });
  return again ? accountOf(again, refreshed.headers.getSetCookie()) : null;
}

/** Whether the request carries a session cookie at all (not whether it is valid). */
export function hasSessionCookie(req: ApiRequest): boolean {
  return req.headers.get('cookie')?.includes(SESSION_COOKIE) ?? false;
}

export async function getSessionUser(req: ApiRequest, db?: Db): Promise<SessionUser | null> {
  return (await readSession(req, db))?.user ?? null;
}

/** The session of the request with its account, or UNAUTHENTICATED. */
export async function requireSession(req: ApiRequest, db?: Db): Promise<Result<SessionAccount>> {
  const session = await readSession(req, db);
  return session ? success(session) : failure('UNAUTHENTICATED');
}

export async function requireUser(req: ApiRequest): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  return user ? success(user) : failure('UNAUTHENTICATED');
}

/** Operators only; anyone else is told the resource does not exist. */
export async function requireOperator(req: ApiRequest): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  if (!user) return failure('UNAUTHENTICATED');
  return user.role === 'operator' ? success(user) : failure('NOT_FOUND');
}

/** The session token of the request's signed session cookie (no database read), or null. */
export function sessionTokenOf(req: ApiRequest): string | null {
  return hasSessionCookie(req) ? verifiedSessionToken(readCookie(req, sessionCookieName())) : null;
}

/**
 * State-changing routes, every one but the payment webhook (signed by Stripe) and the mails'
 * signed links: a request sent from another site is refused (403 CROSS_SITE_REQUEST,
 * src/lib/http/origin.ts), then the `X-XSRF-TOKEN` header must repeat the `XSRF-TOKEN` cookie,
 * signed for the request's session (419 CSRF_TOKEN_MISMATCH otherwise). `anonymousForm`: the
 * forms a visitor fills in without an account (login, register, password reset, contact) also
 * take a token of no session.
 */
export function checkCsrf(req: ApiRequest, opts: { anonymousForm?: boolean } = {}): Result<void> {
  const crossSite = crossSiteFailure(req);
  if (crossSite) return crossSite;
  return csrfTokenMatches(req, sessionTokenOf(req), opts.anonymousForm)
    ? success(undefined)
    : failure('CSRF_TOKEN_MISMATCH');
}
