/**
 * Usage per key and day, counted in memory by the gate and added to `api_key_usage` in one upsert
 * per flush (every FLUSH_MS, and on demand): a call costs a map update, not a write. A process that
 * stops loses at most its last few seconds of counts; the quotas themselves are the rate limiter's
 * (plans.ts), not these counts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';

const FLUSH_MS = 5_000;

const state = globalThis as unknown as {
  __apiUsage?: {
    pending: Map<string, number>;
    timer: NodeJS.Timeout | null;
    db: (() => Db) | null;
  };
};
const usage = (state.__apiUsage ??= { pending: new Map(), timer: null, db: null });

/** Counts `units` for the key today (UTC); written at the next flush. */
export function countUsage(db: () => Db, keyId: string, units: number, now = new Date()): void {
  const id = `${keyId}|${now.toISOString().slice(0, 10)}`;
  usage.pending.set(id, (usage.pending.get(id) ?? 0) + units);
  usage.db = db;
  if (!usage.timer) {
    usage.timer = setTimeout(
      () => void flushUsage().catch((e) => logFailure('API usage', e)),
      FLUSH_MS,
    );
    usage.timer.unref();
  }
}

/** Writes the pending counts (one statement); a key deleted meanwhile is skipped. */
export async function flushUsage(db: Db | null = usage.db?.() ?? null): Promise<void> {
  if (usage.timer) clearTimeout(usage.timer);
  usage.timer = null;
  if (!db || usage.pending.size === 0) return;
  const rows = [...usage.pending];
  usage.pending.clear();
  const values = sql.join(
    rows.map(([id, n]) => {
      const [keyId, day] = id.split('|');
      return sql`(${keyId}, ${day}::date, ${n}::int)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO api_key_usage (key_id, day, requests)
    SELECT v.key_id, v.day, v.n FROM (VALUES ${values}) AS v(key_id, day, n)
    JOIN api_keys k ON k.id = v.key_id
    ON CONFLICT (key_id, day) DO UPDATE SET requests = api_key_usage.requests + excluded.requests`);
}
