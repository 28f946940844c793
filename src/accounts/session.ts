import 'server-only';
import { getDb } from '@/db';
import { failure, success, type Result } from '@/lib/errors';
import { authFor } from './auth';
import { csrfTokenMatches } from './csrf';

/**
 * The session seam (docs/ARCHITECTURE.md, "Accounts"): what every other area needs to know about
 * the person behind a request. Sessions live in the database (Better Auth); nothing is cached in
 * the cookie, so a logout or a password change takes effect on the next request.
 */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'operator';
};

export async function getSessionUser(req: Request): Promise<SessionUser | null> {
  // No session cookie: no database round trip.
  if (!req.headers.get('cookie')?.includes('registre.session_token')) return null;
  try {
    const found = await authFor(getDb()).api.getSession({ headers: req.headers });
    if (!found) return null;
    const u = found.user as typeof found.user & { role?: string };
    return {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      role: u.role === 'operator' ? 'operator' : 'user',
    };
  } catch {
    return null;
  }
}

export async function requireUser(req: Request): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  return user ? success(user) : failure('UNAUTHENTICATED');
}

/** Operators only; anyone else is told the resource does not exist. */
export async function requireOperator(req: Request): Promise<Result<SessionUser>> {
  const user = await getSessionUser(req);
  if (!user) return failure('UNAUTHENTICATED');
  return user.role === 'operator' ? success(user) : failure('NOT_FOUND');
}

/** State-changing routes: the `X-XSRF-TOKEN` header must repeat the signed `XSRF-TOKEN` cookie. */
export function checkCsrf(req: Request): Result<void> {
  return csrfTokenMatches(req) ? success(undefined) : failure('CSRF_TOKEN_MISMATCH');
}
