import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { verifications } from '@/db/schema/accounts';
import { authSecret } from './secret';

/**
 * The magic token of spec section 6: a query parameter (`magic_token`) in the links we e-mail,
 * which identifies the user on whatever page it lands. Signed (a forged one never reaches the
 * database), single use (its row is deleted when spent) and short-lived (48 hours). The browser
 * exchanges it for a session through `GET /api/me?magic_token=…`, then removes it from the URL.
 */
export const MAGIC_TOKEN_PARAM = 'magic_token';
export const MAGIC_TOKEN_TTL_SECONDS = 48 * 60 * 60;
const IDENTIFIER_PREFIX = 'magic-token:';

const sign = (nonce: string) =>
  createHmac('sha256', authSecret()).update(`magic:${nonce}`).digest('base64url').slice(0, 22);

function verifySignature(token: string): string | null {
  if (token.length > 100) return null;
  const [nonce, sig] = token.split('.');
  if (!nonce || !sig || !/^[A-Za-z0-9_-]{20,40}$/.test(nonce)) return null;
  const expected = Buffer.from(sign(nonce));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** A new token for a user, to put in a mailed link. */
export async function issueMagicToken(db: Db, userId: string, now = new Date()): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: IDENTIFIER_PREFIX + nonce,
    value: userId,
    expiresAt: new Date(now.getTime() + MAGIC_TOKEN_TTL_SECONDS * 1000),
  });
  return `${nonce}.${sign(nonce)}`;
}

/** Better Auth endpoint `POST /magic-token/exchange`: spends a token and opens a session. */
export function magicTokenPlugin() {
  return {
    id: 'magic-token',
    endpoints: {
      exchangeMagicToken: createAuthEndpoint(
        '/magic-token/exchange',
        { method: 'POST', body: z.object({ token: z.string().max(200) }) },
        async (ctx) => {
          const nonce = verifySignature(ctx.body.token);
          if (!nonce) throw new APIError('UNAUTHORIZED', { message: 'INVALID_MAGIC_TOKEN' });
          // Atomic: of two concurrent exchanges of one token, one gets the row; expired is null.
          const row = await ctx.context.internalAdapter.consumeVerificationValue(
            IDENTIFIER_PREFIX + nonce,
          );
          if (!row) throw new APIError('UNAUTHORIZED', { message: 'INVALID_MAGIC_TOKEN' });
          const user = await ctx.context.internalAdapter.findUserById(row.value);
          if (!user) throw new APIError('UNAUTHORIZED', { message: 'INVALID_MAGIC_TOKEN' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** For tests and cleanup: drops a user's unspent magic tokens. */
export async function deleteMagicTokensOf(db: Db, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.value, userId));
}
