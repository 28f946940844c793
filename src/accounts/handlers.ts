import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema/accounts';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { failure, type Failure, success } from '@/lib/errors';
import { errorResponse, NO_STORE, respond } from '@/lib/http/answer';
import { readFields, type Fields } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { available, consume, reset } from '@/lib/rate-limit';
import { authErrorCode, callAuth, wrongOriginFailure } from './adapter';
import { csrfCookieHeader, issueCsrfToken, readCookie } from './csrf';
import { guarded, loggedInHint, str } from './http';
import { captchaRequired, clearLoginFailures, recordLoginFailure } from './login-guard';
import { safeNext } from './next-path';
import { PASSWORD_MESSAGES, passwordProblem } from './passwords';
import { checkCsrf, sessionCookieName, sessionTokenOf, verifiedSessionToken } from './session';

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

export const invalid = (fields: Record<string, string[]>, message?: string): Failure =>
  failure('VALIDATION_FAILED', message ?? Object.values(fields)[0]?.[0], { fields });

export function checkPasswordPair(fields: Fields, email: string): Record<string, string[]> | null {
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
export async function begin(req: Request, anonymousForm = false): Promise<Fields | Failure> {
  const csrf = checkCsrf(req, { anonymousForm });
  if (!csrf.ok) return csrf;
  const fields = await readFields(req);
  return fields.ok ? fields.value : fields;
}
export const isFailure = (x: Fields | Failure): x is Failure => (x as Failure).ok === false;

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
      return respond(success(publicUser(user)), {
        status: 201,
        headers: NO_STORE,
        cookies: [...answer.cookies, loggedInHint(true)],
      });
    }
    const wrongOrigin = wrongOriginFailure(req, answer);
    if (wrongOrigin) return errorResponse(wrongOrigin);
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
      return respond(success(publicUser(user)), {
        headers: NO_STORE,
        cookies: [...answer.cookies, loggedInHint(true)],
      });
    }
    if (answer.status >= 500) return errorResponse(failure('SERVICE_UNAVAILABLE'));
    const wrongOrigin = wrongOriginFailure(req, answer);
    if (wrongOrigin) return errorResponse(wrongOrigin);
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
    return respond(success({ status: FORGOT_PASSWORD_MESSAGE }), { headers: NO_STORE });
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
      return respond(
        success({
          status: 'Votre mot de passe a été modifié : connectez-vous avec le nouveau.',
        }),
        { headers: NO_STORE },
      );
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
    return respond(success(null), {
      status: 204,
      headers: NO_STORE,
      cookies: [...answer.cookies, loggedInHint(false)],
    });
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
