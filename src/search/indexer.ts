import { addCellsSql, rebuildGeoCellCounts, subtractCellsSql } from './geo/cells';
import { addLabelsSql, rebuildLabelCounts, subtractLabelsSql } from './label-counts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { killPoint } from '@/lib/kill-point';
import { queryRows } from '@/db/client';
import { clearVocabularyCache } from './vocabulary';
import { ensureSearchSchema } from './ddl';
import { textArray } from '@/domain/sql-fragments';
import { fillSteps, NAME_TOKENS } from './index-fill';

const SEARCH_TABLES = [
  'search_companies',
  'search_names',
  'search_postings',
  'search_vocabulary',
  'search_directors',
];
const SEARCH_TABLES_LITERAL = `{${SEARCH_TABLES.join(',')}}`;

export type RebuildStats = {
  companies: number;
  names: number;
  postings: number;
  directors: number;
};

/**
 * Rebuilds the whole search read model from the registry tables, in one transaction (readers
 * keep the previous index until it commits). Called at the end of the sample seed and after
 * every CLI import (docs/SEARCH.md).
 */
export async function rebuildSearchIndex(
  db: Db,
  options: { onStep?: (label: string, ms: number) => void } = {},
): Promise<RebuildStats> {
  let last = performance.now();
  const lap = (label: string) => {
    const now = performance.now();
    options.onStep?.(label, now - last);
    last = now;
  };
  const steps: SQL[] = [
    // The per-cell and per-label counts too (issue 40): refilled below, a DELETE left their old
    // rows dead in the heap and the key at every rebuild. Listed first: a circle's count reads
    // search_geo_cells before search_companies, so a reader never holds one the rebuild still waits
    // for while waiting for one the rebuild holds.
    sql`TRUNCATE search_geo_cells, search_label_counts, search_companies, search_names, search_postings,
      search_vocabulary, search_directors RESTART IDENTITY`,
    ...fillSteps(() => sql`true`),
    sql`INSERT INTO search_vocabulary (token, frequency)
      SELECT token, count(*) FROM search_postings GROUP BY token`,
  ];
  await db.transaction(async (tx) => {
    // Bulk load: secondary indexes are dropped and rebuilt once at the end (much faster than
    // maintaining them row by row); their definitions are read back from the catalogue, so the
    // schema stays the only place that declares them.
    // Primary keys too (issue 40): rows arrive in random key order (search_companies by the
    // companies' physical order, the vocabulary by hash), and a key maintained row by row ends
    // half-empty (47.5 MB instead of 30.7 at 1 M for search_companies); no fill step needs one.
    const indexes = await queryRows<{ name: string; def: string; drop: string }>(
      tx as unknown as Db,
      sql`SELECT i.indexname AS name,
          CASE WHEN x.indisprimary
            THEN format('ALTER TABLE %I ADD CONSTRAINT %I %s', i.tablename, con.conname, pg_get_constraintdef(con.oid))
            ELSE i.indexdef END AS def,
          CASE WHEN x.indisprimary THEN format('ALTER TABLE %I DROP CONSTRAINT %I', i.tablename, con.conname)
            ELSE format('DROP INDEX %I', i.indexname) END AS drop
        FROM pg_indexes i
        JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = current_schema()::regnamespace
        JOIN pg_index x ON x.indexrelid = c.oid
        LEFT JOIN pg_constraint con ON con.conindid = c.oid AND con.contype = 'p'
        WHERE i.schemaname = current_schema() AND i.tablename = ANY(${SEARCH_TABLES_LITERAL}::text[])
        -- Keys first: the secondary indexes are then built on a table that already has its key.
        ORDER BY x.indisprimary DESC, i.indexname`,
    );
    // The build's own memory (PostgreSQL only; PGlite keeps its defaults in its 4 GiB of WASM
    // memory): the index builds and the fill's sorts and hashes in memory rather than in
    // temporary files (measured at 1 M: docs/SCALE.md), for this transaction only.
    await tx.execute(sql`SELECT set_config('maintenance_work_mem', ${BUILD_MAINTENANCE_WORK_MEM}, true),
        set_config('work_mem', ${BUILD_WORK_MEM}, true)
      WHERE version() NOT LIKE '%emscripten%'`);
    for (const step of steps.slice(0, 1)) await tx.execute(step);
    // Fresh statistics on the sources: right after a bulk import the planner may still believe
    // a table is empty and pick nested loops over millions of rows.
    await tx.execute(
      sql`ANALYZE companies, establishments, directors, financials, opposition_requests,
        company_labels, label_identifiers, establishment_agreements, company_agreements,
        local_authorities`,
    );
    lap('truncate + analyze');
    for (const ix of indexes) await tx.execute(sql.raw(ix.drop));
    const labels = [
      'search_companies',
      'search_names',
      'search_postings',
      'search_directors',
      'search_vocabulary',
    ];
    for (const [i, step] of steps.slice(1).entries()) {
      await tx.execute(step);
      lap(`fill ${labels[i]}`);
    }
    await rebuildGeoCellCounts(tx as unknown as Db);
    lap('fill search_geo_cells');
    await rebuildLabelCounts(tx as unknown as Db);
    lap('fill search_label_counts');
    killPoint('index');
    for (const ix of indexes) {
      await tx.execute(sql.raw(ix.def));
      lap(`index ${ix.name}`);
    }
    // Everything is rebuilt: nothing is stale any more, in the same transaction.
    await tx.execute(sql`UPDATE search_index_state SET full_rebuild = false, updated_at = now()`);
    await tx.execute(sql`DELETE FROM search_stale_sirens`);
  });
  // Outside the transaction: statistics for the planner, the visibility map for index-only scans
  // of the postings, and the GIN pending list flushed.
  lap('commit');
  for (const table of SEARCH_TABLES) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    lap(`vacuum analyze ${table}`);
  }
  // Truncated then refilled: without statistics until autovacuum reaches them.
  await db.execute(sql`ANALYZE search_geo_cells, search_label_counts`);
  lap('analyze search_geo_cells, search_label_counts');
  clearVocabularyCache();
  return countRows(db);
}

async function countRows(db: Db): Promise<RebuildStats> {
  const [counts] = await queryRows<RebuildStats>(
    db,
    sql`SELECT (SELECT count(*) FROM search_companies)::int AS companies,
      (SELECT count(*) FROM search_names)::int AS names,
      (SELECT count(*) FROM search_postings)::int AS postings,
      (SELECT count(*) FROM search_directors)::int AS directors`,
  );
  return counts!;
}

/**
 * Updates the search rows of the given legal units only, in one transaction: their rows are
 * deleted (postings through their full index key, the vocabulary frequencies decremented), then
 * rebuilt by the same statements as the full rebuild restricted to these SIRENs. Returns the rows
 * the index now holds for them (a unit no longer in `companies` simply leaves the index).
 */
export async function updateSearchIndex(
  db: Db,
  changedSirens: readonly string[],
): Promise<RebuildStats> {
  const sirens = [...new Set(changedSirens.filter((s) => /^\d{9}$/.test(s)))];
  const inScope = (col: string) => sql`${sql.raw(col)} IN (SELECT siren FROM search_refresh_scope)`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`CREATE TEMP TABLE search_refresh_scope (siren char(9) PRIMARY KEY) ON COMMIT DROP`,
    );
    await tx.execute(
      sql`INSERT INTO search_refresh_scope SELECT DISTINCT unnest(${textArray(sirens)}::bpchar[])`,
    );
    await tx.execute(sql`ANALYZE search_refresh_scope`);
    // Postings have no index on name_id: each is found by its full key (token, popularity, name).
    await tx.execute(sql`WITH gone AS (
        DELETE FROM search_postings p
        USING (SELECT DISTINCT n.id, n.popularity, t FROM search_names n, unnest(${NAME_TOKENS}) t
               WHERE ${inScope('n.siren')}) x
        WHERE p.token = x.t AND p.popularity = x.popularity AND p.name_id = x.id
        RETURNING p.token)
      UPDATE search_vocabulary v SET frequency = v.frequency - g.n
      FROM (SELECT token, count(*)::int AS n FROM gone GROUP BY token) g WHERE v.token = g.token`);
    await tx.execute(sql`DELETE FROM search_names WHERE ${inScope('siren')}`);
    await tx.execute(sql`DELETE FROM search_directors WHERE ${inScope('siren')}`);
    await tx.execute(subtractCellsSql(inScope('siren')));
    await tx.execute(subtractLabelsSql(inScope('siren')));
    await tx.execute(sql`DELETE FROM search_companies WHERE ${inScope('siren')}`);
    for (const step of fillSteps(inScope)) await tx.execute(step);
    await tx.execute(addCellsSql(inScope('siren')));
    await tx.execute(addLabelsSql(inScope('siren')));
    await tx.execute(sql`DELETE FROM search_geo_cells WHERE n <= 0`);
    await tx.execute(sql`INSERT INTO search_vocabulary (token, frequency)
      SELECT t, count(*) FROM (SELECT DISTINCT n.id, t FROM search_names n, unnest(${NAME_TOKENS}) t
                               WHERE ${inScope('n.siren')}) x
      GROUP BY t
      ON CONFLICT (token) DO UPDATE SET frequency = search_vocabulary.frequency + excluded.frequency`);
    await tx.execute(sql`DELETE FROM search_vocabulary WHERE frequency <= 0`);
    killPoint('index');
    await tx.execute(sql`DELETE FROM search_stale_sirens WHERE ${inScope('siren')}`);
  });
  // New GIN entries wait in a pending list that every search scans linearly: measured at 5M, a
  // 10,000-unit update left typo and director searches 3 to 5 times slower until it was merged.
  await db.execute(sql`SELECT gin_clean_pending_list(c.oid) FROM pg_class c
    JOIN pg_index x ON x.indexrelid = c.oid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND t.relname = ANY(${SEARCH_TABLES_LITERAL}::text[])
      AND t.relnamespace = current_schema()::regnamespace`);
  // Updated rows leave their pages out of the visibility map: the vocabulary and postings reads,
  // index-only scans, then fetch table pages again (measured at 5 M after 10,000 units: 1,198 of
  // 3,000 entries of a typo lookup, 3.9 ms instead of ~1 ms), and autovacuum waits for 20 % of the
  // table. A large update vacuums them (only the changed pages are scanned); a small one (an
  // opposition, a few units) leaves them to autovacuum.
  if (sirens.length >= VACUUM_AFTER) {
    await db.execute(sql`VACUUM search_vocabulary`);
    await db.execute(sql`VACUUM search_postings`);
  }
  clearVocabularyCache();
  const [counts] = await queryRows<RebuildStats>(
    db,
    sql`SELECT (SELECT count(*) FROM search_companies WHERE siren = ANY(${textArray(sirens)}::bpchar[]))::int AS companies,
      (SELECT count(*) FROM search_names WHERE siren = ANY(${textArray(sirens)}::bpchar[]))::int AS names,
      (SELECT count(*) FROM (SELECT DISTINCT n.id, t FROM search_names n, unnest(${NAME_TOKENS}) t
        WHERE n.siren = ANY(${textArray(sirens)}::bpchar[])) x)::int AS postings,
      (SELECT count(*) FROM search_directors WHERE siren = ANY(${textArray(sirens)}::bpchar[]))::int AS directors`,
  );
  return counts!;
}

/**
 * What the loaders call after writing registry data: checks the search tables exist (with a clear
 * message when the migrations were not applied), then updates the rows of `changedSirens` when
 * the caller knows them, or rebuilds the whole index.
 */
export async function refreshSearchIndex(
  db: Db,
  options: { changedSirens?: readonly string[] } = {},
): Promise<RebuildStats> {
  await ensureSearchSchema(db);
  // Past a few hundred thousand units, one full rebuild (indexes dropped and recreated) is
  // cheaper than maintaining the indexes row by row.
  if (options.changedSirens && options.changedSirens.length <= INCREMENTAL_MAX) {
    return updateSearchIndex(db, options.changedSirens);
  }
  return rebuildSearchIndex(db);
}

export type StaleRefresh =
  | { kind: 'none' }
  | { kind: 'incremental'; sirens: number; stats: RebuildStats }
  | { kind: 'full'; stats: RebuildStats };

/**
 * Brings the index up to what imports marked stale (src/ingest/core/run.ts marks it in the same
 * transaction as the data): a full rebuild, the stale units only, or nothing. What a killed run
 * left behind is caught up here, at the next import run and at the server's start.
 */
export async function refreshStaleSearchIndex(db: Db): Promise<StaleRefresh> {
  await ensureSearchSchema(db);
  const [state] = await queryRows<{ full: boolean; stale: number }>(
    db,
    sql`SELECT coalesce((SELECT full_rebuild FROM search_index_state WHERE id = 1), false) AS full,
               (SELECT count(*)::int FROM search_stale_sirens) AS stale`,
  );
  if (state?.full || (state?.stale ?? 0) > INCREMENTAL_MAX)
    return { kind: 'full', stats: await rebuildSearchIndex(db) };
  if (!state?.stale) return { kind: 'none' };
  const sirens = (
    await queryRows<{ siren: string }>(db, sql`SELECT siren FROM search_stale_sirens`)
  ).map((r) => r.siren);
  return { kind: 'incremental', sirens: sirens.length, stats: await updateSearchIndex(db, sirens) };
}

/**
 * Marks the index stale for these units (null: everything), on the import's own connection and
 * inside its transaction, so that the mark and the data change commit together.
 */
export async function markSearchStale(
  query: (text: string, params?: unknown[]) => Promise<unknown>,
  sirens: readonly string[] | null,
): Promise<void> {
  if (sirens === null || sirens.length > INCREMENTAL_MAX) {
    await query(
      `INSERT INTO search_index_state (id, full_rebuild, updated_at) VALUES (1, true, now())
       ON CONFLICT (id) DO UPDATE SET full_rebuild = true, updated_at = now()`,
    );
    return;
  }
  if (sirens.length === 0) return;
  await query(
    `INSERT INTO search_stale_sirens (siren) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING`,
    [sirens],
  );
}

/** Memory of a full rebuild's session on PostgreSQL (a server's default, 64 MB, sorts on disk). */
const BUILD_MAINTENANCE_WORK_MEM = '1GB';
const BUILD_WORK_MEM = '256MB';

/** From this many changed legal units, updateSearchIndex vacuums the vocabulary and postings. */
export const VACUUM_AFTER = 1000;

/** Above this many changed legal units, refreshSearchIndex rebuilds everything. */
export const INCREMENTAL_MAX = 200_000;
