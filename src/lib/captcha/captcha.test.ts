import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { encodeSolution } from './protocol';
import { CAPTCHA_TTL_SECONDS, issueChallenge, resetCaptchaState, verifyCaptcha } from './server';
import { solveForTest } from './testing';

const decode = (p: string) => JSON.parse(Buffer.from(p, 'base64').toString('utf8'));

afterEach(() => {
  resetAllRateLimits();
  resetCaptchaState();
});

describe('proof-of-work captcha (altcha-lib)', () => {
  it('accepts a solution once: a replayed solution is refused', async () => {
    const payload = await solveForTest(await issueChallenge());
    expect(await verifyCaptcha(payload)).toEqual({ ok: true });
    expect(await verifyCaptcha(payload)).toMatchObject({ ok: false, code: 'CAPTCHA_REUSED' });
  });

  it('refuses on a second process a solution spent on a first, even while its Redis connection opens', async () => {
    // Two processes: each its own Redis connection and captcha state, one store. The second
    // verifies right after its start, its connection still opening (without waiting for it, its
    // memory fallback accepted the replay: bench/cluster.ts).
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const open = () =>
      new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on('error', () => {});
    const first = open();
    let second: Redis | undefined;
    try {
      resetAllRateLimits({ kind: 'redis', client: first });
      const payload = await solveForTest(await issueChallenge());
      expect(await verifyCaptcha(payload)).toEqual({ ok: true });
      second = open();
      resetAllRateLimits({ kind: 'redis', client: second });
      resetCaptchaState();
      expect(second.status).not.toBe('ready');
      expect(await verifyCaptcha(payload)).toMatchObject({ ok: false, code: 'CAPTCHA_REUSED' });
    } finally {
      first.disconnect();
      second?.disconnect();
    }
  });

  it('refuses a missing, malformed, forged or tampered solution with a French message', async () => {
    for (const missing of [undefined, null, '', '   ', 42, {}])
      expect(await verifyCaptcha(missing)).toMatchObject({ ok: false, code: 'CAPTCHA_MISSING' });
    for (const garbage of ['abc', 'e30', 'x'.repeat(5000), Buffer.from('[1,2]').toString('base64')])
      expect(await verifyCaptcha(garbage)).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });

    const c = await issueChallenge();
    const good = decode(await solveForTest(c));
    // The derived key is the proof: any other key fails.
    const wrongKey = encodeSolution(good.challenge, {
      ...good.solution,
      derivedKey: good.solution.derivedKey.replace(/^./, (d: string) => (d === '0' ? '1' : '0')),
    });
    expect(await verifyCaptcha(wrongKey)).toMatchObject({ code: 'CAPTCHA_INVALID' });
    // A bot that makes up its own easy challenge cannot sign it with our key.
    const own = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 0,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      hmacSignatureSecret: 'not-our-key-not-our-key-not-our-key',
    });
    const r = await verifyCaptcha(await solveForTest(own));
    expect(r).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(r.ok ? '' : r.message).toMatch(/^La vérification anti-robot a échoué/);
    // Nor stretch the expiry of a real one.
    const stretched = structuredClone(good);
    stretched.challenge.parameters.expiresAt += 3600;
    expect(
      await verifyCaptcha(encodeSolution(stretched.challenge, stretched.solution)),
    ).toMatchObject({ code: 'CAPTCHA_INVALID' });
    // The untouched solution still passes: failed attempts do not spend it.
    expect(await verifyCaptcha(encodeSolution(good.challenge, good.solution))).toEqual({
      ok: true,
    });
  });

  it('refuses an expired challenge', async () => {
    const issuedAt = Date.now() - (CAPTCHA_TTL_SECONDS + 5) * 1000;
    const payload = await solveForTest(await issueChallenge(issuedAt));
    expect(await verifyCaptcha(payload)).toMatchObject({ ok: false, code: 'CAPTCHA_EXPIRED' });
    const fresh = await solveForTest(await issueChallenge(Date.now() - 60_000));
    expect(await verifyCaptcha(fresh)).toEqual({ ok: true });
  });
});
