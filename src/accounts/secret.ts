import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/config/env';

const state = globalThis as unknown as { __authSecret?: string };

/**
 * The key that signs session cookies, CSRF tokens, magic tokens and unsubscribe links.
 * `AUTH_SECRET` when set (required where several processes serve the site); otherwise a key drawn
 * once and kept in `DATA_DIR/auth-secret`, so that `npm start` works with nothing set up and
 * sessions survive a restart. Tests draw one per process.
 */
export function authSecret(): string {
  if (state.__authSecret) return state.__authSecret;
  const env = getEnv();
  if (env.AUTH_SECRET) return (state.__authSecret = env.AUTH_SECRET);
  if (env.APP_ENV === 'test') return (state.__authSecret = randomBytes(32).toString('base64url'));
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  try {
    state.__authSecret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      state.__authSecret = secret;
    } catch {
      // Another process wrote it first.
      state.__authSecret = readFileSync(file, 'utf8').trim();
    }
  }
  return state.__authSecret;
}

/** Signatures computed, by secret and message: a browser sends the same signed cookies all day. */
const signatures = new Map<string, string>();
let signaturesOf = '';

/**
 * HMAC-SHA256 of `message` with the auth secret, in `encoding`: what the session cookie and the
 * CSRF token are signed with. The hot routes check both on every call, and the digest of a value
 * is the same each time, so it is kept: a browser's cookies cost one HMAC each per process. Only
 * short messages are kept (a session token is 32 characters, a CSRF nonce 24), at most 10,000 of
 * them, then the lot is dropped: whatever a client sends, forged values included, the memory stays
 * under a few megabytes and a value costs at worst one HMAC, as before.
 */
export function authSignature(message: string, encoding: 'base64' | 'base64url'): string {
  const secret = authSecret();
  if (signaturesOf !== secret) {
    signatures.clear();
    signaturesOf = secret;
  }
  const key = message.length <= 128 ? `${encoding}:${message}` : undefined;
  let signature = key === undefined ? undefined : signatures.get(key);
  if (signature === undefined) {
    signature = createHmac('sha256', secret).update(message).digest(encoding);
    if (key !== undefined) {
      if (signatures.size >= 10_000) signatures.clear();
      signatures.set(key, signature);
    }
  }
  return signature;
}
