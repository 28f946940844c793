/**
 * The forms' captcha: ALTCHA's proof of work (v2 scheme, altcha-lib on both sides). The server
 * signs a challenge (a nonce, a salt and the prefix of the SHA-256 key that one secret counter
 * gives, with an expiry); the browser tries counters until its key starts with that prefix, which
 * costs a person about a second of background work and a bot farm real CPU per form. No third
 * party, no cookie, nothing to click (spec §5: "forms are protected by a captcha").
 *
 * This file holds what both sides share: the field name and the payload encoding (ALTCHA's:
 * base64 of `{ challenge, solution }`), and the browser's solver.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge, Solution } from 'altcha-lib';

export type { Challenge as CaptchaChallenge } from 'altcha-lib';

export { CAPTCHA_FIELD } from './field';

export function encodeSolution(challenge: Challenge, solution: Solution): string {
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  });
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * Finds the counter in the browser: `lanes` solvers interleave the counters so that Web Crypto's
 * digests overlap; the first to find it stops the others. Null if none finds it (a forged
 * challenge) within altcha-lib's timeout.
 */
export async function solveInBrowser(
  challenge: Challenge,
  signal?: AbortSignal,
  lanes = 8,
): Promise<string | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const runs = Array.from({ length: lanes }, (_, i) =>
    solveChallenge({ challenge, controller, counterStart: i, counterStep: lanes, deriveKey }).then(
      (s) => {
        if (!s) throw new Error('unsolved');
        controller.abort();
        return s;
      },
    ),
  );
  try {
    return encodeSolution(challenge, await Promise.any(runs));
  } catch {
    return null;
  }
}
