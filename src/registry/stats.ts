import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db';
import { queryRows } from '@/db/client';
import { logFailure } from '@/lib/log';
import { companyClaims } from '@/db/schema';

/**
 * The four counters of the top bar (spec section 2, section 3 "Header statistics"), read from the
 * database rather than the drifting fake numbers of the original product. Definitions:
 *
 * - docAvailable: documents we can deliver today — one Sirene situation per company, plus every
 *   BODACC notice, every published financial year and every trademark we hold.
 * - searchableSiret: establishments (SIRET) in the database, open or closed.
 * - verifiedCompanyProfile: company profiles claimed and verified by their owner
 *   (the claims of src/accounts/claims.ts, counted here: a read model reads, it imports no feature).
 * - kbisAvailable: active legal persons registered at the RCS, for which a Kbis extract exists:
 *   commercial companies (legal-form category 5), economic interest groupings (62) and civil
 *   companies (65), plus any company whose registry court we know.
 *
 * Never slow: counts on tables above a million rows use the planner's estimate (pg_class.reltuples)
 * or a 1 % block sample; results are cached in the process for 5 minutes and refreshed in the
 * background; a page waits for a first count at most COLD_WAIT_MS, then renders without counters.
 */
export type HeaderStats = {
  docAvailable: number;
  searchableSiret: number;
  verifiedCompanyProfile: number;
  kbisAvailable: number;
};

export const STATS_TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 30_000;
const COLD_WAIT_MS = 1_500;
/** Above this many rows, an exact count(*) is too slow for a page: use estimates. */
export const EXACT_COUNT_LIMIT = 1_000_000;

const counted = ['companies', 'establishments', 'notices', 'financials', 'brands'] as const;
type Counted = (typeof counted)[number];

async function tableSizes(db: Db): Promise<Record<Counted, number>> {
  const estimates = await queryRows<{ relname: string; estimate: string | number }>(
    db,
    sql`SELECT c.relname, c.reltuples::bigint AS estimate
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r'
          AND c.relname IN ('companies', 'establishments', 'notices', 'financials', 'brands')`,
  );
  const byName = new Map(estimates.map((r) => [r.relname, Number(r.estimate)]));
  const sizes = {} as Record<Counted, number>;
  for (const table of counted) {
    const estimate = byName.get(table) ?? -1;
    if (estimate >= EXACT_COUNT_LIMIT) {
      sizes[table] = estimate;
      continue;
    }
    // -1 means never analysed: the table may be small or freshly loaded, count it.
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`,
    );
    sizes[table] = Number(row?.n ?? 0);
  }
  return sizes;
}

const rcsCondition = sql`status = 'A' AND NOT is_natural_person AND (
  legal_form_code LIKE '5%' OR legal_form_code LIKE '62%' OR legal_form_code LIKE '65%'
  OR rcs_court IS NOT NULL)`;

async function kbisAvailable(db: Db, companies: number): Promise<number> {
  if (companies >= EXACT_COUNT_LIMIT) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE ${rcsCondition}) * 100 AS n
          FROM companies TABLESAMPLE SYSTEM (1)`,
    );
    return Number(row?.n ?? 0);
  }
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM companies WHERE ${rcsCondition}`,
  );
  return Number(row?.n ?? 0);
}

/** Reads the counters now, without cache. */
export async function readHeaderStats(db: Db): Promise<HeaderStats> {
  const sizes = await tableSizes(db);
  return {
    docAvailable: sizes.companies + sizes.notices + sizes.financials + sizes.brands,
    searchableSiret: sizes.establishments,
    verifiedCompanyProfile: await countVerifiedClaims(db),
    kbisAvailable: await kbisAvailable(db, sizes.companies),
  };
}

type CacheEntry = { value: HeaderStats | null; at: number; ok: boolean };
const cache: { entry?: CacheEntry; inFlight?: Promise<HeaderStats | null> } = {};

function refresh(read: () => Promise<HeaderStats>, now: () => number): Promise<HeaderStats | null> {
  cache.inFlight ??= read()
    .then(
      (value) => {
        cache.entry = { value, at: now(), ok: true };
        return value;
      },
      (error: unknown) => {
        logFailure('header stats', error);
        // Keep the last good figures; remember the failure briefly so a down database is not hammered.
        cache.entry = { value: cache.entry?.value ?? null, at: now(), ok: false };
        return cache.entry.value;
      },
    )
    .finally(() => {
      cache.inFlight = undefined;
    });
  return cache.inFlight;
}

/**
 * The header counters for a page: cached for 5 minutes, refreshed in the background when stale,
 * null when none could be read in time (the top bar then says the figures are unavailable).
 */
export async function getHeaderStats(
  options: {
    read?: () => Promise<HeaderStats>;
    now?: () => number;
    coldWaitMs?: number;
  } = {},
): Promise<HeaderStats | null> {
  const read = options.read ?? (() => readHeaderStats(getDb()));
  const now = options.now ?? Date.now;
  const entry = cache.entry;
  if (entry) {
    const ttl = entry.ok ? STATS_TTL_MS : FAILURE_TTL_MS;
    if (now() - entry.at >= ttl) void refresh(read, now);
    return entry.value;
  }
  const pending = refresh(read, now);
  const wait = options.coldWaitMs ?? COLD_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), wait);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Tests only: forget the cached figures. */
export function resetHeaderStatsCache(): void {
  cache.entry = undefined;
  cache.inFlight = undefined;
}

/** Company profiles claimed and verified by their owner (src/accounts/claims.ts). */
export async function countVerifiedClaims(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${companyClaims} WHERE ${companyClaims.status} = 'verified'`,
  );
  return Number(row?.n ?? 0);
}
