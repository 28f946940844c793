/**
 * STAND-IN for the accounts helper's session module (COMMON.md seam 2), with its exact
 * signatures. It resolves the Better Auth session cookie against the `session` and `user` tables
 * (owned by the accounts area); the real module replaces this file at merge.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/db/site';
import { failure, success, type Result } from '@/lib/errors';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'operator';
};

const SESSION_COOKIES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];
const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

function cookiesOf(req: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    try {
      out.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a cookie that is not URI-encoded text is not ours
    }
  }
  return out;
}

export async function getSessionUser(req: Request): Promise<SessionUser | null> {
  const cookies = cookiesOf(req);
  const raw = SESSION_COOKIES.map((n) => cookies.get(n)).find(Boolean);
  if (!raw) return null;
  const token = raw.split('.')[0]!;
  try {
    const rows = await queryRows<{ id: string; email: string; email_verified: boolean }>(
      getDb(),
      sql`select u.id, u.email, u.email_verified from "session" s join "user" u on u.id = s.user_id
          where s.token = ${token} and s.expires_at > now()`,
    );
    const row = rows[0];
    if (!row) return null;
    return { id: row.id, email: row.email, emailVerified: row.email_verified, role: 'user' };
  } catch {
    return null;
  }
}

export async function requireUser(req: Request): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  return user ? success(user) : failure('UNAUTHENTICATED');
}

export async function requireOperator(req: Request): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  if (!user) return failure('UNAUTHENTICATED');
  return user.role === 'operator' ? success(user) : failure('NOT_FOUND');
}

/** Double-submit check: the X-XSRF-TOKEN header equals the XSRF-TOKEN cookie. */
export function checkCsrf(req: Request): Result<void> {
  const cookie = cookiesOf(req).get(CSRF_COOKIE);
  const header = req.headers.get(CSRF_HEADER);
  if (!cookie || !header || cookie !== header) return failure('CSRF_TOKEN_MISMATCH');
  return success(undefined);
}
