import 'server-only';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { failure, success } from '@/lib/errors';
import { errorResponse, NO_STORE, respond } from '@/lib/http/answer';
import { callAuth } from './adapter';
import { readCookie } from './csrf';
import { guarded, loggedInHint } from './http';
import { describeDevice, ipPrefix } from './devices';
import { checkCsrf, requireUser, sessionCookieName, verifiedSessionToken } from './session';

/** The routes of the person's sessions (/mon-compte « Appareils connectés »): list and end them. */

/** One session of the user, as /mon-compte lists it (never its token). */
export type SessionSummary = {
  id: string;
  current: boolean;
  device: string;
  ip_prefix: string | null;
  created_at: string;
  last_seen_at: string;
};

type AuthSession = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
};

/** The user's valid sessions, from Better Auth's `/list-sessions`; null when it failed. */
async function sessionsOf(req: Request, db: Db): Promise<AuthSession[] | null> {
  const answer = await callAuth(db, req, '/list-sessions', { method: 'GET' });
  if (answer.status !== 200 || !Array.isArray(answer.json)) return null;
  return answer.json as unknown as AuthSession[];
}

const iso = (v: string) => new Date(v).toISOString();

/** GET /api/me/sessions: the user's sessions, this one first, then the most recent. */
export const listMySessions = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const list = await sessionsOf(req, db);
    if (!list) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    const mine = verifiedSessionToken(readCookie(req, sessionCookieName()));
    const out: SessionSummary[] = list.map((s) => ({
      id: s.id,
      current: s.token === mine,
      device: describeDevice(s.userAgent),
      ip_prefix: ipPrefix(s.ipAddress),
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.updatedAt ?? s.createdAt),
    }));
    out.sort(
      (a, b) => Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at),
    );
    return respond(success(out), { headers: NO_STORE });
  });

/** DELETE /api/me/sessions/{id}: ends one of the user's sessions; another's id is 404. */
export const revokeMySession = (req: Request, id: string, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const list = await sessionsOf(req, db);
    if (!list) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    const target = list.find((s) => s.id === id);
    if (!target) return errorResponse(failure('NOT_FOUND'));
    const answer = await callAuth(db, req, '/revoke-session', { body: { token: target.token } });
    if (answer.status !== 200) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    const mine = verifiedSessionToken(readCookie(req, sessionCookieName()));
    const cookies = target.token === mine ? [...answer.cookies, loggedInHint(false)] : [];
    return respond(success(null), { status: 204, headers: NO_STORE, cookies });
  });

/** DELETE /api/me/sessions: ends every session of the user but this one. */
export const revokeOtherSessions = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const answer = await callAuth(db, req, '/revoke-other-sessions');
    if (answer.status !== 200) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    return respond(success(null), { status: 204, headers: NO_STORE });
  });
