import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeSolution, solveChallenge } from './protocol';
import { CAPTCHA_MAX_NUMBER, CAPTCHA_TTL_SECONDS, issueChallenge, verifyCaptcha } from './server';
import { solveForTest } from './testing';

const decode = (p: string) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));

describe('proof-of-work captcha', () => {
  it('accepts the solution the browser code finds, once', async () => {
    const c = issueChallenge();
    expect(c.maxNumber).toBe(CAPTCHA_MAX_NUMBER);
    const number = await solveChallenge(c);
    expect(number).not.toBeNull();
    const { challenge, salt, signature } = c;
    const payload = encodeSolution({ challenge, salt, signature, number: number! });
    expect(payload).toBe(solveForTest(c));
    expect(verifyCaptcha(payload)).toEqual({ ok: true });
    expect(verifyCaptcha(payload)).toMatchObject({ ok: false, code: 'CAPTCHA_REUSED' });
  });

  it('refuses a missing, malformed, forged or tampered solution with a French message', () => {
    for (const missing of [undefined, null, '', '   ', 42, {}])
      expect(verifyCaptcha(missing)).toMatchObject({ ok: false, code: 'CAPTCHA_MISSING' });
    for (const garbage of ['abc', 'e30', 'x'.repeat(5000), Buffer.from('[1,2]').toString('base64')])
      expect(verifyCaptcha(garbage)).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });

    const c = issueChallenge();
    const good = decode(solveForTest(c));
    const wrongNumber = encodeSolution({ ...good, number: (good.number + 1) % CAPTCHA_MAX_NUMBER });
    expect(verifyCaptcha(wrongNumber)).toMatchObject({ code: 'CAPTCHA_INVALID' });
    // A bot that makes up its own easy challenge cannot sign it.
    const salt = `${'0'.repeat(24)}.${Math.floor(Date.now() / 1000) + 60}`;
    const forged = encodeSolution({
      challenge: createHash('sha256').update(`${salt}0`).digest('hex'),
      salt,
      signature: c.signature,
      number: 0,
    });
    const r = verifyCaptcha(forged);
    expect(r).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(r.ok ? '' : r.message).toMatch(/^La vérification anti-robot a échoué/);
    // The untouched solution still passes: failed attempts do not spend it.
    expect(verifyCaptcha(encodeSolution(good))).toEqual({ ok: true });
  });

  it('refuses an expired challenge', () => {
    const issuedAt = Date.now() - (CAPTCHA_TTL_SECONDS + 5) * 1000;
    const payload = solveForTest(issueChallenge(issuedAt));
    expect(verifyCaptcha(payload)).toMatchObject({ ok: false, code: 'CAPTCHA_EXPIRED' });
    const fresh = solveForTest(issueChallenge(Date.now() - 60_000));
    expect(verifyCaptcha(fresh)).toEqual({ ok: true });
  });
});
