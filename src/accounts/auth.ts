import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getEnv, siteOrigin } from '@/config/env';
import type { Db } from '@/db/client';
import { authAccounts, sessions, users, verifications } from '@/db/schema/accounts';
import { log, logFailure } from '@/lib/log';
import { consume } from '@/lib/rate-limit';
import { resetPasswordMail, verificationMail } from './mails';
import { safeNext } from './next-path';
import { sendAccountMail } from './outbox';
import { magicTokenPlugin } from './magic-token';
import { authSecret } from './secret';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/** Where Better Auth's own endpoints live; only our adapters (src/accounts/adapter.ts) call them. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * Hashing: Better Auth's default scrypt (N=16384, r=16, p=1, 64-byte key, 16-byte salt), about
 * 90 ms per sign-in on this machine (src/accounts/README.md, bench/accounts.ts).
 */
const DAY = 24 * 60 * 60;
/** Session lifetime and the age after which a request moves its expiry on (seconds). */
export const SESSION_EXPIRES_IN = 30 * DAY;
export const SESSION_UPDATE_AGE = DAY;
/** Better Auth names its cookies `{prefix}.{name}`, with `__Secure-` in front over https. */
export const COOKIE_PREFIX = 'registre';

/** The return path (`callbackURL`) Better Auth put in a verification URL it built, if safe. */
function returnPath(url: string): string | undefined {
  try {
    const callback = new URL(url).searchParams.get('callbackURL');
    const next = safeNext(callback, '');
    return next && next !== '/' ? next : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a verification token (Better Auth's signed JWT) is an e-mail change's. */
function isEmailChange(token: string): boolean {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    return typeof payload === 'object' && payload !== null && 'updateTo' in payload;
  } catch {
    return false;
  }
}

function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: 'Registre des entreprises',
    secret: authSecret(),
    // SITE_URL only: the links Better Auth builds and the origins it trusts never come from a
    // request's Host or X-Forwarded-Host (a forged one mailed reset links to another host).
    baseURL: siteOrigin(),
    basePath: AUTH_BASE_PATH,
    trustedOrigins: [siteOrigin()],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
      },
    }),
    // Limits are ours (src/lib/rate-limit), per account and per address, with French messages.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        // Queued (one insert), so a known e-mail answers about as fast as an unknown one.
        await sendAccountMail(db, resetPasswordMail(user.email, siteOrigin(), token)).catch((e) =>
          logFailure('accounts: reset mail failed', e),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The mailed link is a GET anyone can be made to open: it confirms the address and never
      // opens a session (login CSRF); the person then signs in as usual.
      autoSignInAfterVerification: false,
      expiresIn: 2 * DAY,
      // Sign-up's link, and an e-mail change's link to the NEW address (its token carries
      // `updateTo`; Better Auth changes the address only when that link is opened).
      sendVerificationEmail: async ({ user, url, token }) => {
        // The address has proved nothing yet: at most a few mails a day to it, whoever asks
        // (the routes check the same counter first, to answer 429 with its message).
        const allowed = await consume('mail-unproven-address', user.email.toLowerCase());
        if (!allowed.ok) {
          log().warn('accounts: verification mail not sent, limit per address reached');
          return;
        }
        const origin = siteOrigin();
        const next = returnPath(url);
        const purpose = isEmailChange(token) ? 'email-change' : 'signup';
        const mail = verificationMail(user.email, origin, token, next, purpose);
        await sendAccountMail(db, mail).catch((e) =>
          logFailure('accounts: verification mail failed', e),
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user', required: false },
        emailVerifiedAt: { type: 'date', input: false, required: false },
      },
      // A new address applies once the link mailed to it is opened (never without it); our route
      // asks the current password first and tells the old address (src/accounts/handlers.ts).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
      // Better Auth's "fresh session" (default: created less than a day ago) stood in for the
      // password on account deletion, and blocks the session list of an older session. Our
      // routes ask the password for every sensitive change instead (src/accounts/handlers.ts), and the
      // list is open to any valid session.
      freshAge: 0,
      // Every request reads the session row: logout and password change take effect at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      // Better Auth skips its origin check under test runners by default; ours test it.
      disableOriginCheck: false,
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.SITE_URL.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        update: {
          before: async (data) =>
            data.emailVerified === true
              ? { data: { ...data, emailVerifiedAt: new Date() } }
              : { data },
        },
      },
    },
    plugins: [magicTokenPlugin()],
    logger: { level: env.APP_ENV === 'test' ? 'error' : 'warn' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const state = globalThis as unknown as { __auths?: WeakMap<object, Auth> };
const auths = (state.__auths ??= new WeakMap());

/** The Better Auth instance of a database (one per database handle, built on first use). */
export function authFor(db: Db): Auth {
  let auth = auths.get(db);
  if (!auth) {
    auth = createAuth(db);
    auths.set(db, auth);
  }
  return auth;
}
