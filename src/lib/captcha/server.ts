import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { createLimiter, rateLimitStoreReady } from '@/lib/rate-limit';

/**
 * The secret counter is drawn up to this: about 50,000 SHA-256 tries on average, a second or so
 * in a browser, a few on a slow phone.
 */
export const CAPTCHA_MAX_NUMBER = 100_000;
/** A challenge is good for 20 minutes: time to fill in a form, not to stockpile solutions. */
export const CAPTCHA_TTL_SECONDS = 20 * 60;

export type CaptchaFailure = {
  ok: false;
  code: 'CAPTCHA_MISSING' | 'CAPTCHA_INVALID' | 'CAPTCHA_EXPIRED' | 'CAPTCHA_REUSED';
  message: string;
};

const MESSAGES: Record<CaptchaFailure['code'], string> = {
  CAPTCHA_MISSING:
    "La vérification anti-robot n'est pas encore faite : patientez un instant, puis renvoyez le formulaire.",
  CAPTCHA_INVALID:
    'La vérification anti-robot a échoué : rechargez la page, puis renvoyez le formulaire.',
  CAPTCHA_EXPIRED:
    'La vérification anti-robot a expiré : rechargez la page, puis renvoyez le formulaire.',
  CAPTCHA_REUSED:
    'Cette vérification anti-robot a déjà servi : rechargez la page, puis renvoyez le formulaire.',
};

/** The French message of a captcha failure (pages that show a code from their URL). */
export const captchaMessage = (code: CaptchaFailure['code']): string => MESSAGES[code];

const fail = (code: CaptchaFailure['code']): CaptchaFailure => ({
  ok: false,
  code,
  message: MESSAGES[code],
});

const state = globalThis as unknown as {
  __captchaKey?: string;
  __captchaUsed?: RateLimiterAbstract;
};

/** The HMAC key: CAPTCHA_SECRET, or a random key per process. */
function key(): string {
  return getEnv().CAPTCHA_SECRET ?? (state.__captchaKey ??= randomBytes(32).toString('hex'));
}
/** A second key signs the expected key, so a check needs one HMAC instead of a derivation. */
const keySignatureKey = () => `${key()}:key`;

/**
 * Challenges already used, kept until they expire: altcha-lib verifies a replayed solution again.
 * A counter of one point per challenge in the rate limits' store, so that server processes sharing
 * that store (Redis, PostgreSQL) refuse a solution another process accepted.
 */
function usedChallenges(): RateLimiterAbstract {
  return (state.__captchaUsed ??= createLimiter('captcha-used', {
    points: 1,
    durationSeconds: CAPTCHA_TTL_SECONDS,
  }));
}

/** For tests that switch the rate limits' store. */
export function resetCaptchaState(): void {
  state.__captchaUsed = undefined;
}

/**
 * A new challenge. `maxNumber` lowers the work only for tests whose subject is not the captcha
 * (src/testing/route-client.ts): the verification is the same whatever the counter's range.
 */
export async function issueChallenge(
  nowMs = Date.now(),
  maxNumber = CAPTCHA_MAX_NUMBER,
): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(0, maxNumber + 1),
    deriveKey,
    expiresAt: Math.floor(nowMs / 1000) + CAPTCHA_TTL_SECONDS,
    hmacSignatureSecret: key(),
    hmacKeySignatureSecret: keySignatureKey(),
  });
}

const hex = z
  .string()
  .regex(/^[0-9a-f]+$/)
  .max(256);
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal('SHA-256'),
        nonce: hex,
        salt: hex,
        cost: z.number().int().min(1).max(1),
        keyLength: z.number().int().min(1).max(64),
        keyPrefix: hex,
        keySignature: hex.optional(),
        expiresAt: z.number().int().positive(),
      })
      .passthrough(),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex,
  }),
});

function decode(payload: string): unknown {
  try {
    if (payload.length > 4000) return null;
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Checks a solution from a form or a JSON body, once: a good solution is spent by this call.
 * Anything that is not a well-formed, signed, solved, unexpired, unused challenge fails with a
 * code and a French message.
 */
export async function verifyCaptcha(
  payload: unknown,
  nowMs = Date.now(),
): Promise<{ ok: true } | CaptchaFailure> {
  if (typeof payload !== 'string' || payload.trim() === '') return fail('CAPTCHA_MISSING');
  const parsed = payloadSchema.safeParse(decode(payload.trim()));
  if (!parsed.success) return fail('CAPTCHA_INVALID');
  const { challenge, solution } = parsed.data;
  const now = Math.floor(nowMs / 1000);
  const expiresAt = challenge.parameters.expiresAt;
  if (expiresAt < now) return fail('CAPTCHA_EXPIRED');
  const result = await verifySolution({
    challenge: challenge as Challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: key(),
    hmacKeySignatureSecret: keySignatureKey(),
  }).catch(() => null);
  if (!result) return fail('CAPTCHA_INVALID');
  if (result.expired) return fail('CAPTCHA_EXPIRED');
  if (!result.verified) return fail('CAPTCHA_INVALID');
  // Signed by us, so its expiry is ours: no later than a fresh challenge's.
  if (expiresAt > now + CAPTCHA_TTL_SECONDS) return fail('CAPTCHA_INVALID');
  try {
    // Shared with the other processes only once the store's connection is up.
    await rateLimitStoreReady();
    await usedChallenges().consume(challenge.signature);
  } catch (e) {
    if (e instanceof RateLimiterRes) return fail('CAPTCHA_REUSED');
    throw e;
  }
  return { ok: true };
}
