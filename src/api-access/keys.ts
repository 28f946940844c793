/**
 * API keys: created by their owner (the secret shown once, only its SHA-256 kept), listed with
 * their usage per day, revoked; and resolved from a request's `Authorization: Bearer …` or
 * `X-Api-Key` by the gate (gate.ts). Another user's key is not found (404), as for everything a
 * user owns.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { apiKeyUsage, apiKeys } from '@/db/schema';
import { failure, success, type Result } from '@/lib/errors';
import type { PlanId } from './plans';

/** Every key starts so: a secret scanner, or its owner, can recognise one. */
export const KEY_PREFIX = 'rg_live_';
/** 32 random bytes in base64url: 43 characters. */
const KEY_FORMAT = /^rg_live_[A-Za-z0-9_-]{43}$/;
export const MAX_ACTIVE_KEYS = 10;
export const KEY_NAME_MAX_LENGTH = 60;
/** Days of usage the list shows. */
export const USAGE_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type KeySummary = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  /** Quota units spent per day (UTC), the last USAGE_DAYS days with any, most recent first. */
  usage: Array<{ day: string; requests: number }>;
};

export type CreatedKey = { key: KeySummary; token: string };

/** A new key for the user: its token, to show once. */
export async function createKey(db: Db, userId: string, name: string): Promise<Result<CreatedKey>> {
  const label = name.trim().replace(/\s+/g, ' ');
  if (label.length > KEY_NAME_MAX_LENGTH)
    return failure('VALIDATION_FAILED', undefined, {
      fields: { name: [`Le nom compte au plus ${KEY_NAME_MAX_LENGTH} caractères.`] },
    });
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS)
    return failure(
      'CONFLICT',
      `Vous avez déjà ${MAX_ACTIVE_KEYS} clés actives : révoquez-en une avant d’en créer une autre.`,
    );
  const token = KEY_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      userId,
      name: label || 'Clé sans nom',
      prefix: token.slice(0, KEY_PREFIX.length + 4),
      tokenHash: hashToken(token),
    })
    .returning();
  return success({ key: summaryOf(row!, []), token });
}

type KeyRow = typeof apiKeys.$inferSelect;

function summaryOf(row: KeyRow, usage: KeySummary['usage']): KeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    usage,
  };
}

/** The user's keys, active first then the most recent, each with its usage per day. */
export async function listKeys(db: Db, userId: string, now = new Date()): Promise<KeySummary[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(sql`${apiKeys.revokedAt} IS NOT NULL`, desc(apiKeys.createdAt));
  if (rows.length === 0) return [];
  const since = new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const usage = await db
    .select()
    .from(apiKeyUsage)
    .where(
      and(
        inArray(
          apiKeyUsage.keyId,
          rows.map((r) => r.id),
        ),
        gte(apiKeyUsage.day, since),
      ),
    )
    .orderBy(desc(apiKeyUsage.day), asc(apiKeyUsage.keyId));
  return rows.map((r) =>
    summaryOf(
      r,
      usage.filter((u) => u.keyId === r.id).map((u) => ({ day: u.day, requests: u.requests })),
    ),
  );
}

/** Revokes one of the user's keys (a revoked one stays revoked); another's or unknown: NOT_FOUND. */
export async function revokeKey(db: Db, userId: string, id: string): Promise<Result<void>> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return failure('NOT_FOUND', 'Cette clé d’API n’existe pas.');
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  return row ? success<void>(undefined) : failure('NOT_FOUND', 'Cette clé d’API n’existe pas.');
}

/**
 * The credential a request carries: `Authorization: Bearer …`, else `X-Api-Key`, else null. Another
 * scheme (`Basic`, a staging site's password) is not ours and is left alone.
 */
export function credentialOf(
  authorization: string | undefined,
  apiKey: string | undefined,
): string | null {
  const bearer = authorization ? /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim()) : null;
  if (bearer) return (bearer[1] ?? '').trim();
  return apiKey?.trim() || null;
}

export type ResolvedKey = { id: string; plan: Exclude<PlanId, 'anonyme'> };

export const KEY_REFUSED =
  'Cette clé d’API est inconnue ou a été révoquée : créez-en une dans « Mon compte », ou appelez l’API sans clé.';

/**
 * The key a token names, with its plan (a subscriber's key when its owner's subscription is active
 * now), or API_KEY_INVALID for a malformed, unknown or revoked token. One query on the unique hash.
 */
export async function resolveKey(db: Db, token: string): Promise<Result<ResolvedKey>> {
  if (!KEY_FORMAT.test(token)) return failure('API_KEY_INVALID', KEY_REFUSED);
  const rows = await queryRows<{ id: string; revoked: boolean; subscriber: boolean }>(
    db,
    sql`SELECT k.id, k.revoked_at IS NOT NULL AS revoked,
          EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = k.user_id
                    AND s.state = 'active' AND s.current_period_end > now()) AS subscriber
        FROM api_keys k WHERE k.token_hash = ${hashToken(token)}`,
    { prepared: true },
  );
  const row = rows[0];
  if (!row || row.revoked) return failure('API_KEY_INVALID', KEY_REFUSED);
  return success({ id: row.id, plan: row.subscriber ? 'abonne' : 'compte' });
}
