/** The steps every order and payment route shares: session, CSRF, one service call, one answer. */
import { checkCsrf, readSession, type SessionUser } from '@/accounts/session';
import { getDb, type Db } from '@/db/site';
import { failure, type Failure } from '@/lib/errors';
import { type Answer, type ApiRequest, errorResponse, failureAnswer } from '@/lib/http/answer';

/**
 * Runs `fn` for the user of the session; `failed` answers 401 without one. State-changing routes
 * pass `csrf: true`: a missing or wrong token answers 419 before anything else runs.
 */
async function withUser<T>(
  req: ApiRequest,
  fn: (db: Db, user: SessionUser, cookies: string[]) => Promise<T>,
  failed: (f: Failure) => T,
  opts: { csrf?: boolean },
): Promise<T> {
  if (opts.csrf) {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return failed(csrf);
  }
  const session = await readSession(req);
  if (!session) return failed(failure('UNAUTHENTICATED'));
  return fn(getDb(), session.user, session.refreshCookies);
}

/** `asUser` for a handler that returns an `Answer`; the session's refreshed cookie is passed on. */
export function asUserAnswer(
  req: ApiRequest,
  fn: (db: Db, user: SessionUser, cookies: string[]) => Promise<Answer>,
  opts: { csrf?: boolean } = {},
): Promise<Answer> {
  return withUser(req, fn, (f) => failureAnswer(f), opts);
}

export function asUser(
  req: Request,
  fn: (db: Db, user: SessionUser) => Promise<Response>,
  opts: { csrf?: boolean } = {},
): Promise<Response> {
  return withUser(
    req,
    async (db, user, cookies) => {
      const res = await fn(db, user);
      if (!cookies.length) return res;
      // A refreshed session's cookie goes back with whatever the route answers (a copy: the
      // headers of some responses cannot change).
      const renewed = new Response(res.body, res);
      for (const c of cookies) renewed.headers.append('Set-Cookie', c);
      return renewed;
    },
    (f) => errorResponse(f),
    opts,
  );
}
