import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { encodeSolution } from './protocol';

/** What a browser does, with Node's hashing (tests, e2e). */
export async function solveForTest(c: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge: c, deriveKey });
  if (!solution) throw new Error('unsolvable');
  return encodeSolution(c, solution);
}
