import 'server-only';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { CAPTCHA_ALGORITHM, type CaptchaChallenge } from './protocol';

/** Up to 100,000 tries: about half a second in a browser on average, a few on a slow phone. */
export const CAPTCHA_MAX_NUMBER = 100_000;
/** A challenge is good for 20 minutes: time to fill in a form, not to stockpile solutions. */
export const CAPTCHA_TTL_SECONDS = 20 * 60;
/** Solutions already used, kept until their challenge expires; bounded against floods. */
const MAX_USED = 200_000;

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

const fail = (code: CaptchaFailure['code']): CaptchaFailure => ({
  ok: false,
  code,
  message: MESSAGES[code],
});

const state = globalThis as unknown as {
  __captchaKey?: Buffer;
  __captchaUsed?: Map<string, number>;
};

function key(): Buffer {
  const secret = getEnv().CAPTCHA_SECRET;
  if (secret) return Buffer.from(secret, 'utf8');
  return (state.__captchaKey ??= randomBytes(32));
}

const used = (state.__captchaUsed ??= new Map<string, number>());

const sign = (challenge: string) => createHmac('sha256', key()).update(challenge).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function issueChallenge(nowMs = Date.now()): CaptchaChallenge {
  const expires = Math.floor(nowMs / 1000) + CAPTCHA_TTL_SECONDS;
  const salt = `${randomBytes(12).toString('hex')}.${expires}`;
  const challenge = sha256(salt + randomInt(0, CAPTCHA_MAX_NUMBER + 1));
  return {
    algorithm: CAPTCHA_ALGORITHM,
    challenge,
    salt,
    signature: sign(challenge),
    maxNumber: CAPTCHA_MAX_NUMBER,
  };
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const solutionSchema = z.object({
  challenge: hex64,
  salt: z.string().regex(/^[0-9a-f]{24}\.\d{10}$/),
  signature: hex64,
  number: z.number().int().min(0).max(CAPTCHA_MAX_NUMBER),
});

function decode(payload: string): unknown {
  try {
    if (payload.length > 1000) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a solution from a form or a JSON body, once: a good solution is spent by this call.
 * Anything that is not a well-formed, signed, solved, unexpired, unused challenge fails with a
 * code and a French message.
 */
export function verifyCaptcha(payload: unknown, nowMs = Date.now()): { ok: true } | CaptchaFailure {
  if (typeof payload !== 'string' || payload.trim() === '') return fail('CAPTCHA_MISSING');
  const parsed = solutionSchema.safeParse(decode(payload.trim()));
  if (!parsed.success) return fail('CAPTCHA_INVALID');
  const s = parsed.data;
  if (!sameHex(sign(s.challenge), s.signature)) return fail('CAPTCHA_INVALID');
  if (!sameHex(sha256(s.salt + s.number), s.challenge)) return fail('CAPTCHA_INVALID');
  const expires = Number(s.salt.split('.')[1]);
  const now = Math.floor(nowMs / 1000);
  if (expires < now || expires > now + CAPTCHA_TTL_SECONDS) return fail('CAPTCHA_EXPIRED');
  if (used.has(s.challenge)) return fail('CAPTCHA_REUSED');
  if (used.size >= MAX_USED) {
    for (const [c, exp] of used) if (exp < now) used.delete(c);
    // Still full of live entries: drop the oldest rather than grow without bound.
    while (used.size >= MAX_USED) used.delete(used.keys().next().value as string);
  }
  used.set(s.challenge, expires);
  return { ok: true };
}
