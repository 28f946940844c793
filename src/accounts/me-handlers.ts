import 'server-only';
import { and, eq } from 'drizzle-orm';
import { siteOrigin } from '@/config/env';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { users } from '@/db/schema/accounts';
import { failure, type Failure, success } from '@/lib/errors';
import {
  type Answer,
  type ApiRequest,
  errorResponse,
  failureAnswer,
  NO_STORE,
  respond,
  resultAnswer,
  toResponse,
} from '@/lib/http/answer';
import { overriddenMethod, type Fields } from '@/lib/http/body';
import { logFailure } from '@/lib/log';
import { available, consume, reset } from '@/lib/rate-limit';
import { callAuth } from './adapter';
import { authFor } from './auth';
import { guarded, guardedAnswer, loggedInHint, str } from './http';
import { MAGIC_TOKEN_PARAM } from './magic-token';
import { emailChangeNotice } from './mails';
import { safeNext } from './next-path';
import { sendAccountMail } from './outbox';
import { checkCsrf, readSession, requireUser, type SessionUser } from './session';
import { exportUserData, updateProfile } from './users';
import { publicUser, emailSchema, invalid, checkPasswordPair, begin, isFailure } from './handlers';

/**
 * The routes of the signed-in person's own account (spec section 7): /api/me (profile, password,
 * e-mail, deletion), the onboarding form, the data export and the e-mail verification link.
 */

/**
 * GET /api/me/{optional id}: the user of the session, or of a magic token (`?magic_token=`), which
 * is spent and turned into a session. 401 for a guest; another id than one's own is 404.
 */
const meAnswer = (req: ApiRequest, id?: string, db: Db = getDb()): Promise<Answer> =>
  guardedAnswer(async () => {
    const query = req.url.indexOf('?');
    const magic =
      query < 0 ? null : new URLSearchParams(req.url.slice(query)).get(MAGIC_TOKEN_PARAM);
    if (magic) {
      const answer = await callAuth(db, req, '/magic-token/exchange', {
        body: { token: magic },
      });
      if (answer.status === 200) {
        const cookies = [...answer.cookies, loggedInHint(true)];
        const userId = String((answer.json?.user as Record<string, unknown>)?.id ?? '');
        if (id && id !== userId) return failureAnswer(failure('NOT_FOUND'), cookies);
        const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!row) return failureAnswer(failure('UNAUTHENTICATED'), cookies);
        return resultAnswer(success({ ...publicUser(row), profile: row.profile }), {
          headers: NO_STORE,
          cookies,
        });
      }
    }
    // The session's user row comes with the session (one query).
    const session = await readSession(req, db);
    if (!session) return failureAnswer(failure('UNAUTHENTICATED'), [loggedInHint(false)]);
    const { user, name, profile, emailVerifiedAt, updatedAt, refreshCookies } = session;
    if (id && id !== user.id) return failureAnswer(failure('NOT_FOUND'), refreshCookies);
    const row = { ...user, name, emailVerifiedAt, updatedAt };
    return resultAnswer(success({ ...publicUser(row), profile }), {
      headers: NO_STORE,
      cookies: refreshCookies,
    });
  });
export const me = (req: Request, id?: string, db?: Db) => meAnswer(req, id, db).then(toResponse);

const PROFILE_KEYS = ['company_name', 'postcode', 'firstname', 'lastname', 'phone', 'vat_number'];

const CURRENT_PASSWORD_MISSING = 'Saisissez votre mot de passe actuel pour confirmer.';
const CURRENT_PASSWORD_WRONG = 'Le mot de passe actuel est incorrect.';

/**
 * The current password of the session's user, asked before a sensitive change (e-mail,
 * password, deletion): counted in the per-account login limit, so a stolen session cannot try
 * passwords here faster than on the login form. Null when right; the failure otherwise.
 */
async function checkCurrentPassword(
  req: Request,
  db: Db,
  user: SessionUser,
  password: string,
  field: string,
): Promise<Failure | null> {
  if (!password) return invalid({ [field]: [CURRENT_PASSWORD_MISSING] });
  const limited = await consume('login-account', user.email);
  if (!limited.ok) return limited;
  const headers = new Headers({ cookie: req.headers.get('cookie') ?? '' });
  try {
    // A server-only endpoint of Better Auth's public API (not reachable over HTTP).
    await authFor(db).api.verifyPassword({ body: { password }, headers });
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 400 || status === 401) return invalid({ [field]: [CURRENT_PASSWORD_WRONG] });
    throw e;
  }
  await reset('login-account', user.email);
  return null;
}

export const EMAIL_CHANGE_PENDING =
  'Nous avons envoyé un lien de confirmation à {email} : votre adresse changera quand vous l’ouvrirez. Votre adresse actuelle a été prévenue.';

/**
 * A form posted by the signed-in user: its fields read (CSRF checked), the session's user and the
 * method asked (`_method` or the override header); a failure of either is answered here.
 */
const userForm = (
  req: Request,
  handle: (fields: Fields, user: SessionUser, method: string) => Promise<Response>,
) =>
  guarded(async () => {
    const fields = await begin(req);
    if (isFailure(fields)) return errorResponse(fields);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    return handle(fields, user.value, overriddenMethod(req, fields));
  });

/**
 * POST /api/me (PATCH override): name and profile fields; a new e-mail (with the current
 * password: the link mailed to the new address applies it, and the old address is told); a new
 * password (with the current one; every other session is revoked). DELETE override: the account,
 * with its password.
 */
export const updateMe = (req: Request, db: Db = getDb()) =>
  userForm(req, async (fields, user, method) => {
    if (method === 'DELETE') return deleteAccount(req, db, user, fields);
    if (method !== 'PATCH' && method !== 'PUT') return errorResponse(failure('METHOD_NOT_ALLOWED'));
    const newPassword = typeof fields.password === 'string' && fields.password !== '';
    const newEmail =
      typeof fields.email === 'string' &&
      fields.email.trim().toLowerCase() !== user.email.toLowerCase();
    let email: string | null = null;
    if (newEmail) {
      const parsed = emailSchema.safeParse(fields.email);
      if (!parsed.success)
        return errorResponse(invalid({ email: [parsed.error.issues[0]!.message] }));
      email = parsed.data;
    }
    if (newPassword) {
      const errors = checkPasswordPair(fields, user.email);
      if (errors) return errorResponse(invalid(errors));
    }
    if (email) {
      // Spent before the password is checked, and never given back by a right one: a session
      // cannot mail confirmation links to a stranger's address at will (issue 36).
      const toAddress = await available('mail-unproven-address', email);
      if (!toAddress.ok) return errorResponse(toAddress);
      const byAccount = await consume('email-change-user', user.id);
      if (!byAccount.ok) return errorResponse(byAccount);
    }
    if (email || newPassword) {
      const wrong = await checkCurrentPassword(
        req,
        db,
        user,
        str(fields.current_password).slice(0, 1000),
        'current_password',
      );
      if (wrong) return errorResponse(wrong);
    }
    // The e-mail first: a password change replaces this session (and its cookie).
    if (email) {
      const answer = await callAuth(db, req, '/change-email', {
        body: { newEmail: email, callbackURL: '/mon-compte' },
      });
      if (answer.status !== 200) {
        if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
        return errorResponse(
          invalid({ email: ['Cette adresse e-mail ne peut pas être utilisée.'] }),
        );
      }
      await sendAccountMail(db, emailChangeNotice(user.email, email, siteOrigin())).catch((e) =>
        logFailure('accounts: e-mail change notice failed', e),
      );
    }
    let cookies: string[] = [];
    if (newPassword) {
      const answer = await callAuth(db, req, '/change-password', {
        body: {
          currentPassword: str(fields.current_password).slice(0, 1000),
          newPassword: str(fields.password),
          revokeOtherSessions: true,
        },
      });
      if (answer.status !== 200) {
        if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
        return errorResponse(invalid({ current_password: [CURRENT_PASSWORD_WRONG] }));
      }
      cookies = answer.cookies;
    }
    const profile: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) if (k in fields) profile[k] = fields[k];
    const name = typeof fields.name === 'string' ? fields.name : undefined;
    const updated = await updateProfile(db, user.id, { name, profile, partial: true });
    if (!updated.ok) return errorResponse(updated, cookies);
    const pending = email
      ? { pending_email: email, status: EMAIL_CHANGE_PENDING.replace('{email}', email) }
      : {};
    return respond(success({ ...updated.value, ...pending }), { headers: NO_STORE, cookies });
  });

async function deleteAccount(
  req: Request,
  db: Db,
  user: SessionUser,
  fields: Fields,
): Promise<Response> {
  if (fields.confirm !== true && fields.confirm !== 'SUPPRIMER' && fields.confirm !== 'true') {
    return errorResponse(invalid({ confirm: ['Confirmez la suppression du compte.'] }));
  }
  // Never without the password: Better Auth would take a recent session instead.
  const password = str(fields.password).slice(0, 1000);
  const wrong = await checkCurrentPassword(req, db, user, password, 'password');
  if (wrong) return errorResponse(wrong);
  const answer = await callAuth(db, req, '/delete-user', { body: { password } });
  if (answer.status !== 200) {
    if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    return errorResponse(invalid({ password: [CURRENT_PASSWORD_WRONG] }));
  }
  return respond(success(null), {
    status: 204,
    headers: NO_STORE,
    cookies: [...answer.cookies, loggedInHint(false)],
  });
}

/** POST /api/onboarding/user-infos (PATCH override): the company-data form of spec section 5. */
export const onboarding = (req: Request, db: Db = getDb()) =>
  userForm(req, async (fields, user, method) => {
    if (method !== 'PATCH' && method !== 'PUT') return errorResponse(failure('METHOD_NOT_ALLOWED'));
    const profile: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) profile[k] = fields[k];
    const updated = await updateProfile(db, user.id, { profile, partial: false });
    return respond(updated, { headers: NO_STORE });
  });

/** GET /api/me/export: everything we hold about the user, as a JSON download. */
export const exportMe = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const data = await exportUserData(db, user.value.id);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="mes-donnees.json"',
        'Cache-Control': 'no-store',
      },
    });
  });

/** Where a verification link brings the person when it names no page. */
const VERIFIED_DEFAULT_NEXT = '/mon-compte';

/**
 * GET /verify-email/confirm?token=…&next=…: the link of a verification mail (sign-up, or an
 * e-mail change's mail to the new address). Better Auth checks the token and marks the address
 * verified (or applies the new address); this GET never opens nor touches a session (anyone can
 * make a browser open a link: login CSRF), so Better Auth is called without the browser's cookies
 * and no cookie is passed on. The browser goes to the login form with `verifie=1` and the return
 * path: a signed-in browser goes straight on, another signs in first.
 */
export const confirmEmail = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const params = new URL(req.url).searchParams;
    const token = (params.get('token') ?? '').slice(0, 2000);
    const next = safeNext(params.get('next'), VERIFIED_DEFAULT_NEXT);
    let target = '/verify-email?erreur=lien';
    if (token) {
      const answer = await callAuth(db, req, '/verify-email', {
        method: 'GET',
        query: { token },
        anonymous: true,
      });
      if (answer.status === 200) {
        // An e-mail change answers with its user: the link reached the new address, which is
        // therefore verified too (Better Auth keeps the old address's state).
        const changed = answer.json?.user as { id?: unknown; emailVerified?: unknown } | null;
        if (changed && typeof changed.id === 'string' && changed.emailVerified !== true) {
          const now = new Date();
          await db
            .update(users)
            .set({ emailVerified: true, emailVerifiedAt: now, updatedAt: now })
            .where(and(eq(users.id, changed.id), eq(users.emailVerified, false)));
        }
        target = `/login?${new URLSearchParams({ next, verifie: '1' }).toString()}`;
      } else if (answer.status >= 500) {
        return errorResponse(failure('SERVICE_UNAVAILABLE'));
      }
    }
    return new Response(null, {
      status: 303,
      headers: { Location: target, 'Cache-Control': 'no-store' },
    });
  });

/** POST /api/me/verification-email: sends the verification link again. */
export const resendVerification = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    if (user.value.emailVerified) return respond(success({ sent: false }), { headers: NO_STORE });
    const toAddress = await available('mail-unproven-address', user.value.email.toLowerCase());
    if (!toAddress.ok) return errorResponse(toAddress);
    const limited = await consume('verification-user', user.value.id);
    if (!limited.ok) return errorResponse(limited);
    await callAuth(db, req, '/send-verification-email', { body: { email: user.value.email } });
    return respond(success({ sent: true }), { headers: NO_STORE });
  });
