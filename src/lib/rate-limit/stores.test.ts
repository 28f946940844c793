import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { consume, createLimiter, resetAllRateLimits, type RateLimitStore } from './index';

/**
 * The shared stores, against the real servers: two "processes" (two limiters on one store) share
 * one count. Redis runs on 127.0.0.1:6379 on this machine (REDIS_URL overrides); the PostgreSQL
 * store runs on the test database: a fresh PostgreSQL database with DATABASE_URL, or else the
 * migrated PGlite through its pg-compatible client.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function twoProcessesShareOneCount(store: RateLimitStore, prefix: string) {
  const rule = { points: 2, durationSeconds: 60 };
  const a = createLimiter(prefix, rule, store);
  const b = createLimiter(prefix, rule, store);
  await a.consume('198.51.100.1');
  await b.consume('198.51.100.1');
  await expect(a.consume('198.51.100.1')).rejects.toMatchObject({ remainingPoints: 0 });
  await expect(b.consume('198.51.100.1')).rejects.toMatchObject({ remainingPoints: 0 });
  // Another key has its own count.
  await expect(b.consume('198.51.100.2')).resolves.toMatchObject({ remainingPoints: 1 });
}

describe('rate limits on Redis', () => {
  let client: Redis;
  beforeAll(() => {
    client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    resetAllRateLimits();
    await client?.quit();
  });

  it('shares counts between processes, and answers RATE_LIMITED with the seconds to wait', async () => {
    const prefix = `test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2)}`;
    await twoProcessesShareOneCount({ kind: 'redis', client }, prefix);
    resetAllRateLimits({ kind: 'redis', client });
    const key = `${prefix}@exemple.fr`;
    for (let i = 0; i < 3; i++) expect((await consume('opposition-email', key)).ok).toBe(true);
    const refused = await consume('opposition-email', key);
    expect(refused).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await client.exists(`rl:opposition-email:${key}`)).toBe(1);
    await client.del(`rl:opposition-email:${key}`);
  });
});

describe('rate limits on PostgreSQL', () => {
  let handle: DbHandle;
  let pool: pg.Pool | null = null;
  beforeAll(async () => {
    handle = await createTestDb();
    const client = (handle.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) pool = client;
  });
  afterAll(async () => {
    resetAllRateLimits();
    await handle?.close();
  });

  it('shares counts between processes in the table rate_limits', async () => {
    // PGlite has no pg.Pool: the store is PostgreSQL's, exercised when DATABASE_URL is set; on
    // PGlite the migration's table is checked, which the store needs.
    const rows = await queryRows<{ column_name: string }>(
      handle.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'rate_limits' ORDER BY column_name`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(['expire', 'key', 'points']);
    if (!pool) return;
    await twoProcessesShareOneCount({ kind: 'postgres', pool }, 'test-pg');
    resetAllRateLimits({ kind: 'postgres', pool });
    for (let i = 0; i < 5; i++)
      expect((await consume('opposition-address', '192.0.2.9')).ok).toBe(true);
    expect(await consume('opposition-address', '192.0.2.9')).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
    const stored = await pool.query(`SELECT points FROM rate_limits WHERE key = $1`, [
      'rl:opposition-address:192.0.2.9',
    ]);
    expect(stored.rows[0]?.points).toBe(6);
  });
});
