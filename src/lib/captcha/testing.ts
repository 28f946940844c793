import { createHash } from 'node:crypto';
import { encodeSolution, type CaptchaChallenge } from './protocol';

/** What a browser does, done synchronously for speed (tests, e2e). */
export function solveForTest(c: CaptchaChallenge): string {
  for (let n = 0; n <= c.maxNumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return encodeSolution({
        challenge: c.challenge,
        salt: c.salt,
        signature: c.signature,
        number: n,
      });
  }
  throw new Error('unsolvable');
}
