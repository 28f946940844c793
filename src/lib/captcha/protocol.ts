/**
 * Proof-of-work captcha (the ALTCHA scheme, self-hosted): the server draws a secret number and
 * publishes SHA-256(salt + number) with an HMAC signature of that hash; the browser finds the
 * number by trying each one up to `maxNumber`, which costs a person a second of background work
 * and a bot farm real CPU per form. No third party, no cookie, nothing to click (spec §5: "forms
 * are protected by a captcha").
 *
 * This file holds what both sides share: the shapes and the payload encoding. Node's and the
 * browser's Web Crypto both provide `crypto.subtle`.
 */

export const CAPTCHA_ALGORITHM = 'SHA-256';
/** Form field (and JSON property) that carries the solution. */
export const CAPTCHA_FIELD = 'captcha';

export type CaptchaChallenge = {
  algorithm: typeof CAPTCHA_ALGORITHM;
  /** Hex SHA-256 of salt + number. */
  challenge: string;
  /** Random part, a dot, then the expiry as Unix seconds. */
  salt: string;
  /** Hex HMAC-SHA-256 of `challenge` with the server's key. */
  signature: string;
  maxNumber: number;
};

export type CaptchaSolution = Pick<CaptchaChallenge, 'challenge' | 'salt' | 'signature'> & {
  number: number;
};

export function encodeSolution(s: CaptchaSolution): string {
  const json = JSON.stringify(s);
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const toHex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Finds the number, trying `batch` candidates at a time between pauses so the page stays
 * responsive. Null if no number up to maxNumber fits (a forged or corrupted challenge).
 */
export async function solveChallenge(
  c: Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxNumber'>,
  batch = 500,
): Promise<number | null> {
  for (let start = 0; start <= c.maxNumber; start += batch) {
    const end = Math.min(c.maxNumber, start + batch - 1);
    const tries: Array<Promise<string>> = [];
    for (let n = start; n <= end; n++) tries.push(sha256Hex(c.salt + n));
    const hashes = await Promise.all(tries);
    const i = hashes.indexOf(c.challenge);
    if (i >= 0) return start + i;
  }
  return null;
}
