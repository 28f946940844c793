import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { users } from '@/db/schema/accounts';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { failure, type Failure } from '@/lib/errors';
import { failureAnswer, toResponse, type Answer, type ApiRequest } from '@/lib/http/answer';
import { overriddenMethod, readFields, type Fields } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { publicOrigin } from '@/lib/http/origin';
import { available, consume, reset } from '@/lib/rate-limit';
import { authErrorCode, callAuth } from './adapter';
import { csrfCookieHeader, issueCsrfToken } from './csrf';
import {
  accountAnswer,
  dataResponse,
  failureResponse,
  guarded,
  guardedAnswer,
  loggedInHint,
  str,
} from './http';
import { captchaRequired, clearLoginFailures, recordLoginFailure } from './login-guard';
import { MAGIC_TOKEN_PARAM } from './magic-token';
import { PASSWORD_MESSAGES, passwordProblem } from './passwords';
import { checkCsrf, readSession, requireUser, sessionTokenOf } from './session';
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

const emailSchema = z
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
  const secure = publicOrigin(req).startsWith('https:');
  return new Response(null, {
    status: 204,
    headers: {
      'Set-Cookie': csrfCookieHeader(issueCsrfToken(sessionTokenOf(req)), secure),
      'Cache-Control': 'no-store',
    },
  });
}

const registerSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(120, 'Ce nom est trop long.').optional(),
});

/** POST /register: 201 and a session; 422 with field errors. */
export const register = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return failureResponse(fields);
    const parsed = registerSchema.safeParse({
      email: fields.email,
      name: typeof fields.name === 'string' ? fields.name : undefined,
    });
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const email = parsed.success ? parsed.data.email : str(fields.email).toLowerCase();
    Object.assign(errors, checkPasswordPair(fields, email) ?? {});
    if (Object.keys(errors).length) return failureResponse(invalid(errors));
    const captcha = await captchaFailure(fields);
    if (captcha) return failureResponse(captcha);
    const name = parsed.data!.name || email.split('@')[0]!;
    const answer = await callAuth(db, req, '/sign-up/email', {
      body: { email, password: str(fields.password), name },
    });
    if (answer.status === 200) {
      const user = (answer.json?.user ?? {}) as Record<string, unknown>;
      return dataResponse(publicUser(user), 201, [...answer.cookies, loggedInHint(true)]);
    }
    const code = authErrorCode(answer);
    if (code.includes('ALREADY_EXISTS')) {
      return failureResponse(
        invalid({ email: ['Un compte existe déjà avec cette adresse e-mail.'] }),
      );
    }
    if (code.includes('PASSWORD')) {
      return failureResponse(invalid({ password: [PASSWORD_MESSAGES['too-short']] }));
    }
    return failureResponse(failure('INVALID_INPUT'));
  });

export const LOGIN_FAILED_MESSAGE = 'Ces identifiants ne correspondent à aucun compte.';

/** POST /login: the session is rotated (a new one each time); 422 with one message. */
export const login = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return failureResponse(fields);
    const email = str(fields.email).trim().toLowerCase().slice(0, 254);
    const password = str(fields.password).slice(0, 1000);
    if (!email || !password) {
      return failureResponse(invalid({ email: [LOGIN_FAILED_MESSAGE] }, LOGIN_FAILED_MESSAGE));
    }
    const address = clientAddress(req);
    const byAddress = await consume('login-address', address);
    if (!byAddress.ok) return failureResponse(byAddress);
    // A locked account is refused whatever the password; the lock is spent only below, by wrong
    // passwords given with a solved captcha, so unsolved requests cannot lock anyone out.
    const locked = await available('login-account', email);
    if (!locked.ok) return failureResponse(locked);
    // The captcha, when required or given: only a solved one lets a wrong password count.
    const required = captchaRequired(email, address);
    let captchaSolved = false;
    if (required || str(fields[CAPTCHA_FIELD]) !== '') {
      const captcha = await captchaFailure(fields);
      if (captcha && required) {
        return failureResponse({ ...captcha, extra: { captcha_required: true } });
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
    if (answer.status >= 500) return failureResponse(failure('SERVICE_UNAVAILABLE'));
    if (answer.status === 403 && authErrorCode(answer).includes('ORIGIN')) {
      return failureResponse(failure('FORBIDDEN'));
    }
    recordLoginFailure(email, address);
    if (captchaSolved) await consume('login-account', email);
    return failureResponse({
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
    if (isFailure(fields)) return failureResponse(fields);
    const parsed = emailSchema.safeParse(fields.email);
    if (!parsed.success)
      return failureResponse(invalid({ email: [parsed.error.issues[0]!.message] }));
    const captcha = await captchaFailure(fields);
    if (captcha) return failureResponse(captcha);
    const answer = await callAuth(db, req, '/request-password-reset', {
      body: { email: parsed.data },
    });
    if (answer.status >= 500) return failureResponse(failure('SERVICE_UNAVAILABLE'));
    return dataResponse({ status: FORGOT_PASSWORD_MESSAGE });
  });

/** POST /reset-password: token and e-mail from the page's link, plus the new password. */
export const resetPassword = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req, true);
    if (isFailure(fields)) return failureResponse(fields);
    const token = str(fields.token).slice(0, 200);
    const email = str(fields.email).trim().toLowerCase();
    const errors = checkPasswordPair(fields, email);
    if (errors) return failureResponse(invalid(errors));
    if (!token) return failureResponse(invalid({ token: [RESET_LINK_INVALID] }));
    const answer = await callAuth(db, req, '/reset-password', {
      body: { token, newPassword: str(fields.password) },
    });
    if (answer.status === 200) {
      return dataResponse({
        status: 'Votre mot de passe a été modifié : connectez-vous avec le nouveau.',
      });
    }
    if (answer.status >= 500) return failureResponse(failure('SERVICE_UNAVAILABLE'));
    return failureResponse(invalid({ token: [RESET_LINK_INVALID] }));
  });
const RESET_LINK_INVALID =
  'Ce lien de réinitialisation n’est plus valable : demandez-en un nouveau.';

/** POST /logout: the session row is deleted and its cookie cleared. */
export const logout = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return failureResponse(csrf);
    const answer = await callAuth(db, req, '/sign-out');
    return dataResponse(null, 204, [...answer.cookies, loggedInHint(false)]);
  });

/**
 * GET /api/me/{optional id}: the user of the session, or of a magic token (`?magic_token=`), which
 * is spent and turned into a session. 401 for a guest; another id than one's own is 404.
 */
export const meAnswer = (req: ApiRequest, id?: string, db: Db = getDb()): Promise<Answer> =>
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

/**
 * POST /api/me (PATCH override): name and profile fields; a new e-mail; a new password (with the
 * current one; every other session is revoked). DELETE override: the account, with its password.
 */
export const updateMe = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req);
    if (isFailure(fields)) return failureResponse(fields);
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    const method = overriddenMethod(req, fields);
    if (method === 'DELETE') return deleteAccount(req, db, fields);
    if (method !== 'PATCH' && method !== 'PUT')
      return failureResponse(failure('METHOD_NOT_ALLOWED'));
    let cookies: string[] = [];
    if (typeof fields.password === 'string' && fields.password) {
      const errors = checkPasswordPair(fields, user.value.email);
      if (errors) return failureResponse(invalid(errors));
      const answer = await callAuth(db, req, '/change-password', {
        body: {
          currentPassword: str(fields.current_password).slice(0, 1000),
          newPassword: str(fields.password),
          revokeOtherSessions: true,
        },
      });
      if (answer.status !== 200) {
        return failureResponse(
          invalid({ current_password: ['Le mot de passe actuel est incorrect.'] }),
        );
      }
      cookies = answer.cookies;
    }
    if (
      typeof fields.email === 'string' &&
      fields.email.trim().toLowerCase() !== user.value.email
    ) {
      const parsed = emailSchema.safeParse(fields.email);
      if (!parsed.success)
        return failureResponse(invalid({ email: [parsed.error.issues[0]!.message] }));
      const answer = await callAuth(db, req, '/change-email', { body: { newEmail: parsed.data } });
      if (answer.status !== 200) {
        return failureResponse(
          invalid({ email: ['Cette adresse e-mail ne peut pas être utilisée.'] }),
        );
      }
    }
    const profile: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) if (k in fields) profile[k] = fields[k];
    const name = typeof fields.name === 'string' ? fields.name : undefined;
    const updated = await updateProfile(db, user.value.id, { name, profile, partial: true });
    if (!updated.ok) return failureResponse(updated, cookies);
    return dataResponse(updated.value, 200, cookies);
  });

async function deleteAccount(req: Request, db: Db, fields: Fields): Promise<Response> {
  if (fields.confirm !== true && fields.confirm !== 'SUPPRIMER' && fields.confirm !== 'true') {
    return failureResponse(invalid({ confirm: ['Confirmez la suppression du compte.'] }));
  }
  const answer = await callAuth(db, req, '/delete-user', {
    body: { password: str(fields.password).slice(0, 1000) },
  });
  if (answer.status !== 200) {
    return failureResponse(invalid({ password: ['Le mot de passe est incorrect.'] }));
  }
  return dataResponse(null, 204, [...answer.cookies, loggedInHint(false)]);
}

/** POST /api/onboarding/user-infos (PATCH override): the company-data form of spec section 5. */
export const onboarding = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const fields = await begin(req);
    if (isFailure(fields)) return failureResponse(fields);
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    const method = overriddenMethod(req, fields);
    if (method !== 'PATCH' && method !== 'PUT')
      return failureResponse(failure('METHOD_NOT_ALLOWED'));
    const profile: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) profile[k] = fields[k];
    const updated = await updateProfile(db, user.value.id, { profile, partial: false });
    return updated.ok ? dataResponse(updated.value) : failureResponse(updated);
  });

/** GET /api/me/export: everything we hold about the user, as a JSON download. */
export const exportMe = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    const data = await exportUserData(db, user.value.id);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="mes-donnees.json"',
        'Cache-Control': 'no-store',
      },
    });
  });

/**
 * GET /verify-email/confirm?token=…: the verification mail's link. Better Auth checks the token,
 * marks the address verified and opens a session; the browser lands on /verify-email.
 */
export const confirmEmail = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const token = (new URL(req.url).searchParams.get('token') ?? '').slice(0, 2000);
    const target = new URL('/verify-email', req.url);
    let cookies: string[] = [];
    if (token) {
      const answer = await callAuth(db, req, '/verify-email', { method: 'GET', query: { token } });
      if (answer.status === 200) {
        cookies = [...answer.cookies, loggedInHint(true)];
        target.searchParams.set('verifie', '1');
      } else target.searchParams.set('erreur', 'lien');
    } else target.searchParams.set('erreur', 'lien');
    const headers = new Headers({
      Location: target.pathname + target.search,
      'Cache-Control': 'no-store',
    });
    for (const c of cookies) headers.append('Set-Cookie', c);
    return new Response(null, { status: 303, headers });
  });

/** POST /api/me/verification-email: sends the verification link again. */
export const resendVerification = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return failureResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    if (user.value.emailVerified) return dataResponse({ sent: false });
    const limited = await consume('login-account', `verify:${user.value.id}`);
    if (!limited.ok) return failureResponse(limited);
    await callAuth(db, req, '/send-verification-email', { body: { email: user.value.email } });
    return dataResponse({ sent: true });
  });
