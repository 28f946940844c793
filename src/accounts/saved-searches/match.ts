/**
 * Finds the new companies of each saved search: companies first seen in the database
 * (`companies.first_seen_at`) since the search last looked, that its results page would show —
 * the same filters (`filtersSql`), the same name matching (`matchTier`, any tier the results
 * accept), a SIREN, SIRET or VAT number by its SIREN. Each is recorded once
 * (`saved_search_matches`, unique per search and company); the mails read them from there.
 *
 * The window looked at starts a day before the cursor (never before the search was saved): an
 * import still running when the search last looked commits its companies with its own, earlier,
 * transaction time; the unique key makes the overlap harmless. A run records at most
 * MAX_MATCHES_PER_RUN companies per search (an initial load makes every company new).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { savedSearches } from '@/db/schema/accounts';
import { logFailure } from '@/lib/log';
import { filtersSql, EMPTY_FILTERS } from '@/search/filters';
import { isQueryError, parseQuery } from '@/search/query';
import { matchTier, type NameKind } from '@/search/rank';
import { parseSearchRequest } from '@/search/request';
import { isFailure } from '@/lib/errors';
import { inList, listOf } from '@/domain/sql-fragments';

export const MAX_MATCHES_PER_RUN = 1000;
/** New companies passing the filters read per search and run, before the name is checked. */
const MAX_CANDIDATES = 20_000;
const CHUNK = 1000;

type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * Records the new matches of every saved search that mails (or of `ids`); returns how many
 * searches were looked at and how many matches were recorded.
 */
export async function matchSavedSearches(
  db: Db,
  ids?: number[],
): Promise<{ searches: number; matches: number }> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(
      and(ne(savedSearches.frequency, 'none'), ids ? inList(savedSearches.id, ids) : sql`true`),
    );
  let matches = 0;
  for (const row of rows) {
    try {
      matches += await matchOne(db, row);
    } catch (e) {
      // One broken search (a filter that no longer parses) must not stop the others.
      logFailure(`saved search ${row.id}: matching failed`, e);
    }
  }
  return { searches: rows.length, matches };
}

async function matchOne(db: Db, s: SavedSearchRow): Promise<number> {
  const [clock] = await queryRows<{ now: string }>(db, sql`SELECT now()::text AS now`);
  const runAt = clock!.now;
  const search = parseSearchRequest(new URLSearchParams(s.query));
  if (isFailure(search)) {
    logFailure(`saved search ${s.id}: its query no longer parses`, new Error(search.message));
    return 0;
  }
  const candidates = await queryRows<{ siren: string }>(
    db,
    sql`SELECT co.siren FROM companies co JOIN search_companies c ON c.siren = co.siren
      WHERE co.first_seen_at > greatest(${s.createdAt}::timestamptz, ${s.cursor}::timestamptz - interval '1 day')
        AND co.first_seen_at <= ${runAt}::timestamptz
        AND c.name IS NOT NULL AND ${filtersSql(search.filters ?? EMPTY_FILTERS)}
        AND NOT EXISTS (SELECT 1 FROM saved_search_matches m
          WHERE m.saved_search_id = ${s.id} AND m.siren = co.siren)
      ORDER BY co.first_seen_at, co.siren LIMIT ${MAX_CANDIDATES}`,
  );
  let found = candidates.map((c) => c.siren);
  const q = search.query?.trim() ?? '';
  if (q) found = await matchingQuery(db, q, found);
  found = found.slice(0, MAX_MATCHES_PER_RUN);
  for (let i = 0; i < found.length; i += CHUNK) {
    await db.execute(
      sql`INSERT INTO saved_search_matches (saved_search_id, siren)
        SELECT ${s.id}, unnest(${listOf(found.slice(i, i + CHUNK), 'bpchar')})
        ON CONFLICT DO NOTHING`,
    );
  }
  await db
    .update(savedSearches)
    .set({ cursor: runAt })
    .where(and(eq(savedSearches.id, s.id), sql`${savedSearches.cursor} < ${runAt}::timestamptz`));
  return found.length;
}

/** The SIRENs among `sirens` that the query finds, as the results rank them (any tier). */
async function matchingQuery(db: Db, q: string, sirens: string[]): Promise<string[]> {
  const parsed = parseQuery(q);
  if (isQueryError(parsed)) return [];
  if (parsed.kind !== 'name') {
    const siren = parsed.kind === 'siret' ? parsed.siret.slice(0, 9) : parsed.siren;
    return sirens.filter((s) => s === siren);
  }
  const hits = new Set<string>();
  for (let i = 0; i < sirens.length; i += CHUNK) {
    const names = await queryRows<{ siren: string; kind: NameKind; key: string; raw: string }>(
      db,
      sql`SELECT siren, kind, key, raw FROM search_names
        WHERE ${inList(sql`siren`, sirens.slice(i, i + CHUNK), 'bpchar')}`,
    );
    for (const n of names) {
      if (hits.has(n.siren)) continue;
      const m = matchTier(parsed, {
        kind: n.kind,
        key: n.key,
        raw: n.raw,
        joined: n.key.replaceAll(' ', ''),
        tokens: n.key.split(' '),
      });
      if (m.tier > 0) hits.add(n.siren);
    }
  }
  return sirens.filter((s) => hits.has(s));
}
