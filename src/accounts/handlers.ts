import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getEnv, siteOrigin } from '@/config/env';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema/accounts';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { failure, type Failure } from '@/lib/errors';
import {
  errorResponse,
  failureAnswer,
  toResponse,
  type Answer,
  type ApiRequest,
} from '@/lib/http/answer';
import { overriddenMethod, readFields, type Fields } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { logFailure } from '@/lib/log';
import { available, consume, reset } from '@/lib/rate-limit';
import { authErrorCode, callAuth } from './adapter';
import { authFor } from './auth';
import { csrfCookieHeader, issueCsrfToken, readCookie } from './csrf';
import { accountAnswer, dataResponse, guarded, guardedAnswer, loggedInHint, str } from './http';
import { describeDevice, ipPrefix } from './devices';
import { captchaRequired, clearLoginFailures, recordLoginFailure } from './login-guard';
import { MAGIC_TOKEN_PARAM } from './magic-token';
import { emailChangeNotice } from './mails';
import { safeNext } from './next-path';
import { sendAccountMail } from './outbox';
import { PASSWORD_MESSAGES, passwordProblem } from './passwords';
import {
  checkCsrf,
  readSession,
  requireUser,
  sessionCookieName,
  sessionTokenOf,
  verifiedSessionToken,
  type SessionUser,
} from './session';
import { exportUserData, updateProfile } from './users';

/**
 * The account routes of spec section 7 "Authentication", as request handlers: each checks the
 * XSRF token (state-changing routes), reads its fields, runs our checks, then calls Better Auth's
 * handler and passes its cookies on. Route files in src/app only export these.
 */
export type PublicUser = {
  id: string;
  email: string;
  email_verified_at: string | null;
  name: string;
};

export function publicUser(u: Record<string, unknown>): PublicUser {
  const verifiedAt = u.emailVerifiedAt ?? (u.emailVerified ? u.updatedAt : null);
  return {
    id: String(u.id),
    email: String(u.email),
    email_verified_at:
      verifiedAt instanceof Date
        ? verifiedAt.toISOString()
        : typeof verifiedAt === 'string'
          ? new Date(verifiedAt).toISOString()
          : null,
    name: typeof u.name === 'string' ? u.name : '',
  };
}

export const emailSchema = z
  .string({ message: 'Indiquez votre adresse e-mail.' })
  .trim()
  .toLowerCase()
  .min(1, 'Indiquez votre adresse e-mail.')
  .max(254, 'Cette adresse e-mail est trop longue.')
  .email('Cette adresse e-mail n’est pas valide.');

function fieldErrors(issues: z.ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? 'form');
    (out[key] ??= []).push(i.message);
  }
  return out;
}

const invalid = (fields: Record<string, string[]>, message?: string): Failure =>
  failure('VALIDATION_FAILED', message ?? Object.values(fields)[0]?.[0], { fields });

function checkPasswordPair(fields: Fields, email: string): Record<string, string[]> | null {
  const password = str(fields.password);
  const problem = passwordProblem(password, email);
  if (problem) return { password: [PASSWORD_MESSAGES[problem]] };
  if ('password_confirmation' in fields && str(fields.password_confirmation) !== password) {
    return { password_confirmation: ['Les deux mots de passe ne sont pas identiques.'] };
  }
  return null;
}

async function captchaFailure(fields: Fields): Promise<Failure | null> {
  const c = await verifyCaptcha(fields[CAPTCHA_FIELD]);
  return c.ok ? null : failure(c.code, c.message);
}

/**
 * Reads the fields of a state-changing call after its origin and XSRF check; `anonymousForm` for
 * the forms of a visitor without an account (a token of no session is taken).
 */
async function begin(req: Request, anonymousForm = false): Promise<Fields | Failure> {
  const csrf = checkCsrf(req, { anonymousForm });
  if (!csrf.ok) return csrf;
  const fields = await readFields(req);
  return fields.ok ? fields.value : fields;
}
const isFailure = (x: Fields | Failure): x is Failure => (x as Failure).ok === false;

/** GET /sanctum/csrf-cookie: a token bound to the request's session (or to none). */
export function csrfCookie(req: Request): Response {
  // Secure when the site is served over https (SITE_URL), as the session cookie: behind a TLS
  // proxy the request itself arrives over http.
  const secure = getEnv().SITE_URL.startsWith('https://');
  return new Response(null, {
    status: 204,
    headers: {
      'Set-Cookie': csrfCookieHeader(issueCsrfToken(sessionTokenOf(req)), secure),
      'Cache-Control': 'no-store',
    },
  });
}

export const registerSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(120, 'Ce nom est trop long.').optional(),
});

/** POST /register: 201 and a session; 422 with field errors. */
export const register = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return errorResponse(fields);
    const parsed = registerSchema.safeParse({
      email: fields.email,
      name: typeof fields.name === 'string' ? fields.name : undefined,
    });
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const email = parsed.success ? parsed.data.email : str(fields.email).toLowerCase();
    Object.assign(errors, checkPasswordPair(fields, email) ?? {});
    if (Object.keys(errors).length) return errorResponse(invalid(errors));
    const captcha = await captchaFailure(fields);
    if (captcha) return errorResponse(captcha);
    const name = parsed.data!.name || email.split('@')[0]!;
    // Where the verification link brings the person back (`next`, a path of this site).
    const next = safeNext(str(fields.next), '');
    const answer = await callAuth(db, req, '/sign-up/email', {
      body: { email, password: str(fields.password), name, ...(next ? { callbackURL: next } : {}) },
    });
    if (answer.status === 200) {
      const user = (answer.json?.user ?? {}) as Record<string, unknown>;
      return dataResponse(publicUser(user), 201, [...answer.cookies, loggedInHint(true)]);
    }
    const code = authErrorCode(answer);
    if (code.includes('ALREADY_EXISTS')) {
      return errorResponse(
        invalid({ email: ['Un compte existe déjà avec cette adresse e-mail.'] }),
      );
    }
    if (code.includes('PASSWORD')) {
      return errorResponse(invalid({ password: [PASSWORD_MESSAGES['too-short']] }));
    }
    return errorResponse(failure('INVALID_INPUT'));
  });

export const LOGIN_FAILED_MESSAGE = 'Ces identifiants ne correspondent à aucun compte.';

/** POST /login: the session is rotated (a new one each time); 422 with one message. */
export const login = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return errorResponse(fields);
    const email = str(fields.email).trim().toLowerCase().slice(0, 254);
    const password = str(fields.password).slice(0, 1000);
    if (!email || !password) {
      return errorResponse(invalid({ email: [LOGIN_FAILED_MESSAGE] }, LOGIN_FAILED_MESSAGE));
    }
    const address = clientAddress(req);
    const byAddress = await consume('login-address', address);
    if (!byAddress.ok) return errorResponse(byAddress);
    // A locked account is refused whatever the password; the lock is spent only below, by wrong
    // passwords given with a solved captcha, so unsolved requests cannot lock anyone out.
    const locked = await available('login-account', email);
    if (!locked.ok) return errorResponse(locked);
    // The captcha, when required or given: only a solved one lets a wrong password count.
    const required = captchaRequired(email, address);
    let captchaSolved = false;
    if (required || str(fields[CAPTCHA_FIELD]) !== '') {
      const captcha = await captchaFailure(fields);
      if (captcha && required) {
        return errorResponse({ ...captcha, extra: { captcha_required: true } });
      }
      captchaSolved = captcha === null;
    }
    const answer = await callAuth(db, req, '/sign-in/email', {
      body: {
        email,
        password,
        rememberMe: fields.remember !== false && fields.remember !== 'false',
      },
    });
    if (answer.status === 200) {
      clearLoginFailures(email);
      await reset('login-account', email);
      const user = (answer.json?.user ?? {}) as Record<string, unknown>;
      return dataResponse(publicUser(user), 200, [...answer.cookies, loggedInHint(true)]);
    }
    if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    if (answer.status === 403 && authErrorCode(answer).includes('ORIGIN')) {
      return errorResponse(failure('FORBIDDEN'));
    }
    recordLoginFailure(email, address);
    if (captchaSolved) await consume('login-account', email);
    return errorResponse({
      ...invalid({ email: [LOGIN_FAILED_MESSAGE] }, LOGIN_FAILED_MESSAGE),
      extra: { captcha_required: captchaRequired(email, address) },
    });
  });

export const FORGOT_PASSWORD_MESSAGE =
  'Si un compte existe pour cette adresse, nous venons d’y envoyer un lien pour choisir un nouveau mot de passe.';

/** POST /forgot-password: the same answer whether the address is known or not. */
export const forgotPassword = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return errorResponse(fields);
    const parsed = emailSchema.safeParse(fields.email);
    if (!parsed.success)
      return errorResponse(invalid({ email: [parsed.error.issues[0]!.message] }));
    const captcha = await captchaFailure(fields);
    if (captcha) return errorResponse(captcha);
    const answer = await callAuth(db, req, '/request-password-reset', {
      body: { email: parsed.data },
    });
    if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    return dataResponse({ status: FORGOT_PASSWORD_MESSAGE });
  });

/** POST /reset-password: token and e-mail from the page's link, plus the new password. */
export const resetPassword = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return errorResponse(fields);
    const token = str(fields.token).slice(0, 200);
    const email = str(fields.email).trim().toLowerCase();
    const errors = checkPasswordPair(fields, email);
    if (errors) return errorResponse(invalid(errors));
    if (!token) return errorResponse(invalid({ token: [RESET_LINK_INVALID] }));
    const answer = await callAuth(db, req, '/reset-password', {
      body: { token, newPassword: str(fields.password) },
    });
    if (answer.status === 200) {
      return dataResponse({
        status: 'Votre mot de passe a été modifié : connectez-vous avec le nouveau.',
      });
    }
    if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    return errorResponse(invalid({ token: [RESET_LINK_INVALID] }));
  });
const RESET_LINK_INVALID =
  'Ce lien de réinitialisation n’est plus valable : demandez-en un nouveau.';

export const LOGOUT_FAILED_MESSAGE =
  'La déconnexion n’a pas pu aboutir : réessayez dans un instant.';

/**
 * POST /logout: the session row is deleted, then its cookie cleared. Better Auth's sign-out
 * clears the cookie even when its delete failed (a database outage), which left the session valid
 * behind a browser that believed it had logged out: the answer waits for the row to be gone, and
 * otherwise is a 503 with `Retry-After` that keeps the cookie.
 */
export const logout = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const token = verifiedSessionToken(readCookie(req, sessionCookieName()));
    const unavailable = failure('SERVICE_UNAVAILABLE', LOGOUT_FAILED_MESSAGE, {
      retryAfterSeconds: 5,
    });
    const answer = await callAuth(db, req, '/sign-out').catch(() => null);
    if (!answer || (token && !(await sessionGone(db, token)))) {
      return errorResponse(unavailable);
    }
    return dataResponse(null, 204, [...answer.cookies, loggedInHint(false)]);
  });

/** Whether no session row holds this token any more; false when the database cannot tell. */
async function sessionGone(db: Db, token: string): Promise<boolean> {
  try {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, token))
      .limit(1);
    return rows.length === 0;
  } catch {
    return false;
  }
}

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
        return accountAnswer({ ...publicUser(row), profile: row.profile }, 200, cookies);
      }
    }
    // The session's user row comes with the session (one query).
    const session = await readSession(req, db);
    if (!session) return failureAnswer(failure('UNAUTHENTICATED'), [loggedInHint(false)]);
    const { user, name, profile, emailVerifiedAt, updatedAt, refreshCookies } = session;
    if (id && id !== user.id) return failureAnswer(failure('NOT_FOUND'), refreshCookies);
    const row = { ...user, name, emailVerifiedAt, updatedAt };
    return accountAnswer({ ...publicUser(row), profile }, 200, refreshCookies);
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
 * POST /api/me (PATCH override): name and profile fields; a new e-mail (with the current
 * password: the link mailed to the new address applies it, and the old address is told); a new
 * password (with the current one; every other session is revoked). DELETE override: the account,
 * with its password.
 */
export const updateMe = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req);
    if (isFailure(fields)) return errorResponse(fields);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const method = overriddenMethod(req, fields);
    if (method === 'DELETE') return deleteAccount(req, db, user.value, fields);
    if (method !== 'PATCH' && method !== 'PUT') return errorResponse(failure('METHOD_NOT_ALLOWED'));
    const newPassword = typeof fields.password === 'string' && fields.password !== '';
    const newEmail =
      typeof fields.email === 'string' &&
      fields.email.trim().toLowerCase() !== user.value.email.toLowerCase();
    let email: string | null = null;
    if (newEmail) {
      const parsed = emailSchema.safeParse(fields.email);
      if (!parsed.success)
        return errorResponse(invalid({ email: [parsed.error.issues[0]!.message] }));
      email = parsed.data;
    }
    if (newPassword) {
      const errors = checkPasswordPair(fields, user.value.email);
      if (errors) return errorResponse(invalid(errors));
    }
    if (email || newPassword) {
      const wrong = await checkCurrentPassword(
        req,
        db,
        user.value,
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
      await sendAccountMail(db, emailChangeNotice(user.value.email, email, siteOrigin())).catch(
        (e) => logFailure('accounts: e-mail change notice failed', e),
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
    const updated = await updateProfile(db, user.value.id, { name, profile, partial: true });
    if (!updated.ok) return errorResponse(updated, cookies);
    const pending = email
      ? { pending_email: email, status: EMAIL_CHANGE_PENDING.replace('{email}', email) }
      : {};
    return dataResponse({ ...updated.value, ...pending }, 200, cookies);
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
  return dataResponse(null, 204, [...answer.cookies, loggedInHint(false)]);
}

/** POST /api/onboarding/user-infos (PATCH override): the company-data form of spec section 5. */
export const onboarding = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req);
    if (isFailure(fields)) return errorResponse(fields);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const method = overriddenMethod(req, fields);
    if (method !== 'PATCH' && method !== 'PUT') return errorResponse(failure('METHOD_NOT_ALLOWED'));
    const profile: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) profile[k] = fields[k];
    const updated = await updateProfile(db, user.value.id, { profile, partial: false });
    return updated.ok ? dataResponse(updated.value) : errorResponse(updated);
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
    if (user.value.emailVerified) return dataResponse({ sent: false });
    const limited = await consume('login-account', `verify:${user.value.id}`);
    if (!limited.ok) return errorResponse(limited);
    await callAuth(db, req, '/send-verification-email', { body: { email: user.value.email } });
    return dataResponse({ sent: true });
  });

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
    return dataResponse(out);
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
    return dataResponse(null, 204, cookies);
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
    return dataResponse(null, 204);
  });
