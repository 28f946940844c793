import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getEnv, siteOrigin } from '@/config/env';
import type { Db } from '@/db/client';
import { authAccounts, sessions, users, verifications } from '@/db/schema/accounts';
import { logFailure } from '@/lib/log';
import { resetPasswordMail, verificationMail } from './mails';
import { sendAccountMail } from './outbox';
import { magicTokenPlugin } from './magic-token';
import { authSecret } from './secret';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/** Where Better Auth's own endpoints live; only our adapters (src/accounts/adapter.ts) call them. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * Hashing: Better Auth's default scrypt (N=16384, r=16, p=1, 64-byte key, 16-byte salt), about
 * 90 ms per sign-in on this machine (docs/ARCHITECTURE.md, bench/accounts.ts).
 */
const DAY = 24 * 60 * 60;
/** Session lifetime and the age after which a request moves its expiry on (seconds). */
export const SESSION_EXPIRES_IN = 30 * DAY;
export const SESSION_UPDATE_AGE = DAY;
/** Better Auth names its cookies `{prefix}.{name}`, with `__Secure-` in front over https. */
export const COOKIE_PREFIX = 'registre';

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
      autoSignInAfterVerification: true,
      expiresIn: 2 * DAY,
      sendVerificationEmail: async ({ user, token }) => {
        await sendAccountMail(db, verificationMail(user.email, siteOrigin(), token)).catch((e) =>
          logFailure('accounts: verification mail failed', e),
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user', required: false },
        emailVerifiedAt: { type: 'date', input: false, required: false },
      },
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
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
