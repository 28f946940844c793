/**
 * The confirmation link of an opposition request: `{id}.{expires}.{nonce}.{signature}`, signed by
 * HMAC-SHA-256. The signature stops forged and altered links before any database read; the
 * request's row keeps only the SHA-256 of the nonce and clears it on use, which makes a link good
 * once; `expires` (Unix seconds) bounds it in time.
 *
 * Key: `OPPOSITION_LINK_SECRET`, or else a random key kept in `DATA_DIR/secrets/` (created on first
 * use), so that links survive a restart of the embedded default. Several servers on different
 * machines need the setting.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/config/env';

/** A link is good for 48 hours. */
export const LINK_TTL_SECONDS = 48 * 3600;

const state = globalThis as unknown as { __oppositionLinkKey?: { source: string; key: Buffer } };

function linkKey(): Buffer {
  const env = getEnv();
  const source = env.OPPOSITION_LINK_SECRET ?? path.resolve(env.DATA_DIR, 'secrets');
  if (state.__oppositionLinkKey?.source === source) return state.__oppositionLinkKey.key;
  let key: Buffer;
  if (env.OPPOSITION_LINK_SECRET) key = Buffer.from(env.OPPOSITION_LINK_SECRET, 'utf8');
  else {
    const file = path.join(source, 'opposition-link.key');
    mkdirSync(source, { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes starting together keep the first key written.
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
  state.__oppositionLinkKey = { source, key };
  return key;
}

const sign = (payload: string) =>
  createHmac('sha256', linkKey()).update(`opposition-confirm:${payload}`).digest('hex');

export const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** A new link token for request `id`, and the hash of its nonce to store with the request. */
export function issueLinkToken(
  id: number,
  nowMs = Date.now(),
): { token: string; nonceHash: string; expiresAt: Date } {
  const expires = Math.floor(nowMs / 1000) + LINK_TTL_SECONDS;
  const nonce = randomBytes(18).toString('hex');
  const payload = `${id}.${expires}.${nonce}`;
  return {
    token: `${payload}.${sign(payload)}`,
    nonceHash: nonceHash(nonce),
    expiresAt: new Date(expires * 1000),
  };
}

export type LinkCheck =
  { ok: true; id: number; nonceHash: string; expired: boolean } | { ok: false };

/** Reads a token: a well-formed, correctly signed one gives its request and nonce hash. */
export function readLinkToken(token: unknown, nowMs = Date.now()): LinkCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false };
  const m = /^(\d{1,10})\.(\d{10})\.([0-9a-f]{36})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!m) return { ok: false };
  const [, id, expires, nonce, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(sign(`${id}.${expires}.${nonce}`), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false };
  return {
    ok: true,
    id: Number(id),
    nonceHash: nonceHash(nonce),
    expired: Number(expires) * 1000 < nowMs,
  };
}
