import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { authSignature } from './secret';

const state = globalThis as unknown as { __authSecret?: string };
const saved = state.__authSecret;
afterAll(() => {
  state.__authSecret = saved;
});

const hmac = (secret: string, message: string, encoding: 'base64' | 'base64url') =>
  createHmac('sha256', secret).update(message).digest(encoding);

describe('authSignature', () => {
  it('is the HMAC of the message with the current secret, kept or not', () => {
    state.__authSecret = 'premier secret';
    const long = 'x'.repeat(500);
    for (let round = 0; round < 2; round++)
      for (const message of ['jeton-de-session', 'csrf:nonce', long])
        for (const encoding of ['base64', 'base64url'] as const)
          expect(authSignature(message, encoding)).toBe(hmac('premier secret', message, encoding));
    // Another secret (as another test's): nothing kept from the first one is given.
    state.__authSecret = 'second secret';
    expect(authSignature('jeton-de-session', 'base64')).toBe(
      hmac('second secret', 'jeton-de-session', 'base64'),
    );
  });
});
