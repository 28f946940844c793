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
import pg from 'pg';
import { connectPostgres } from '@/db/client';
import {
  createShadowTables,
  dropShadowTables,
  onShadow,
  REBUILT_LITERAL,
  REBUILT_TABLES,
  shadowTable,
  swapShadowTables,
  tableBytes,
} from './shadow';

export type RebuildStats = {
  companies: number;
  names: number;
  postings: number;
  directors: number;
};

/** Advisory lock key held by a full rebuild on PostgreSQL: one rebuild at a time. */
const SEARCH_BUILD_LOCK = 40_000_003;

/** Connections a full rebuild works on: two on PostgreSQL (both cores), the database itself on PGlite. */
type Builders = { db: Db; width: number; close: () => Promise<void> };

async function openBuilders(db: Db): Promise<Builders> {
  const client = (db as { $client?: unknown }).$client;
  const url = client instanceof pg.Pool ? client.options.connectionString : undefined;
  if (!url) return { db, width: 1, close: async () => {} };
  // Its own pool: two connections build, a third holds the lock for the whole run.
  const handle = connectPostgres(url, 3);
  const holder = await handle.pool!.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [SEARCH_BUILD_LOCK]);
  } catch (e) {
    holder.release();
    await handle.close();
    throw e;
  }
  return {
    db: handle.db,
    width: 2,
    close: async () => {
      // Released with its connection (the pool's end closes it): no unlock to forget.
      holder.release(true);
      await handle.close();
    },
  };
}

/** Runs the tasks on `width` workers, in order (each worker takes the next one); stops at an error. */
async function runQueue(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/**
 * Rebuilds the whole search read model from the registry tables (issue 40, docs/SEARCH.md): into
 * shadow tables (src/search/shadow.ts), filled and indexed on two connections on PostgreSQL (one on
 * PGlite), then swapped in in one short transaction. Readers keep the previous index until then; a
 * run killed at any moment leaves it served, and the next run starts over. Called at the end of
 * the sample seed and after every CLI import.
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
  /** A step that runs beside another: its own duration, the phase's lap follows. */
  const timed = async (label: string, run: () => Promise<void>) => {
    const t = performance.now();
    await run();
    options.onStep?.(`  ${label}`, performance.now() - t);
  };
  const builders = await openBuilders(db);
  try {
    const shadow = await createShadowTables(db);
    // The marks present now are what this rebuild covers; later ones stay for the next refresh.
    await db.execute(
      sql.raw(`CREATE TABLE ${shadowTable(shadow, 'stale_at_start')} AS
        SELECT siren FROM search_stale_sirens`),
    );
    const [state] = await queryRows<{ since: string | null }>(
      db,
      sql`SELECT (SELECT updated_at::text FROM search_index_state WHERE id = 1) AS since`,
    );
    // Fresh statistics on the sources: right after a bulk import the planner may still believe
    // a table is empty and pick nested loops over millions of rows.
    await db.execute(
      sql`ANALYZE companies, establishments, directors, financials, opposition_requests,
        company_labels, label_identifiers, establishment_agreements, company_agreements,
        local_authorities`,
    );
    const split = builders.width > 1 ? await sirenMedian(db) : null;
    lap('shadow tables + analyze');
    // The build's own memory (PostgreSQL only; PGlite keeps its defaults in its 4 GiB of WASM
    // memory): index builds, sorts and hashes in memory rather than in temporary files.
    const settings = {
      maintenance_work_mem: BUILD_MAINTENANCE_WORK_MEM,
      work_mem: BUILD_WORK_MEM,
    };
    const on = (run: (tx: Db) => Promise<unknown>) =>
      onShadow(builders.db, shadow, settings, async (tx) => {
        await run(tx);
      });
    // Halves by SIREN for the companies and the postings (the names' ids come from one sequence,
    // in one statement's order, as before).
    const halves: ((col: string) => SQL)[] = split
      ? [(col) => sql`${sql.raw(col)} < ${split}`, (col) => sql`${sql.raw(col)} >= ${split}`]
      : [() => sql`true`];
    const [companies, , postings] = [0, 1, 2].map((i) =>
      halves.map((scope) => fillSteps(scope)[i]!),
    );
    const whole = fillSteps(() => sql`true`);
    const fill = (label: string, step: SQL) => () =>
      timed(label, () => on((tx) => tx.execute(step)));
    const halved = (label: string, steps: SQL[]) =>
      steps.map((step, i) =>
        fill(steps.length > 1 ? `${label} ${i + 1}/${steps.length}` : label, step),
      );
    await runQueue(halved('fill search_companies', companies!), builders.width);
    lap('fill search_companies');
    // Then what reads it, on both connections: the mandates on one, the names, the counts and the
    // postings (once the names are in) on the other.
    let namesFilled!: Promise<void>;
    await runQueue(
      [
        // The mandates whole: each half would scan all of them and all the companies again.
        fill('fill search_directors', whole[3]!),
        () => (namesFilled = fill('fill search_names', whole[1]!)()),
        () =>
          timed('fill search_geo_cells, search_label_counts', () =>
            on(async (tx) => {
              await rebuildGeoCellCounts(tx);
              await rebuildLabelCounts(tx);
            }),
          ),
        ...halved('fill search_postings', postings!).map((task) => async () => {
          await namesFilled;
          await task();
        }),
      ],
      builders.width,
    );
    lap('fill search_names, search_directors, search_postings, counts');
    killPoint('index');
    // Then the vocabulary, and every key and index, the longest first (GIN builds are
    // single-threaded: two at a time, one per connection).
    let vocabularyFilled!: Promise<void>;
    const indexes = [...shadow.indexes].sort((a, b) => b.bytes - a.bytes);
    await runQueue(
      [
        () =>
          (vocabularyFilled = timed('fill search_vocabulary', () =>
            on((tx) =>
              tx.execute(sql`INSERT INTO search_vocabulary (token, frequency)
                SELECT token, count(*) FROM search_postings GROUP BY token`),
            ),
          )),
        ...indexes.map((ix) => async () => {
          if (ix.table === 'search_vocabulary') await vocabularyFilled;
          await timed(`index ${ix.name}`, () => on((tx) => tx.execute(sql.raw(ix.def))));
        }),
      ],
      builders.width,
    );
    lap('fill search_vocabulary ‖ keys and indexes');
    // Statistics for the planner, the visibility map for index-only scans of the postings, and
    // the GIN pending lists flushed, before the switch: the index is served analyzed.
    const bytes = await tableBytes(db, shadow);
    await runQueue(
      [...REBUILT_TABLES]
        .sort((a, b) => (bytes.get(b) ?? 0) - (bytes.get(a) ?? 0))
        .map(
          (t) => () =>
            timed(`vacuum analyze ${t}`, async () => {
              await builders.db.execute(sql.raw(`VACUUM ANALYZE ${shadowTable(shadow, t)}`));
            }),
        ),
      builders.width,
    );
    lap('vacuum analyze');
    await swapShadowTables(db, shadow, async (tx) => {
      // Everything is rebuilt: nothing is stale any more, but what was marked meanwhile.
      await tx.execute(sql`UPDATE search_index_state SET full_rebuild = false, updated_at = now()
        WHERE NOT full_rebuild OR ${state?.since ?? null}::timestamptz IS NULL
          OR updated_at <= ${state?.since ?? null}::timestamptz`);
      await tx.execute(
        sql.raw(`DELETE FROM search_stale_sirens s USING ${shadowTable(shadow, 'stale_at_start')} x
          WHERE s.siren = x.siren`),
      );
    });
    lap('switch');
  } catch (e) {
    // A failed build gives its disk back now (about the index's size) rather than at the next run.
    await dropShadowTables(db).catch(() => {});
    throw e;
  } finally {
    await builders.close();
  }
  clearVocabularyCache();
  return countRows(db);
}

/** The median SIREN of the legal units (from a sample past 200,000 rows), or null when none. */
async function sirenMedian(db: Db): Promise<string | null> {
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'companies'::regclass`,
  );
  const percent = (size?.n ?? 0) > 200_000 ? 1 : 100;
  const [row] = await queryRows<{ split: string | null }>(
    db,
    sql`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY siren)::text AS split
      FROM companies TABLESAMPLE SYSTEM (${sql.raw(String(percent))})`,
  );
  return row?.split ?? null;
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
 * Updates the search rows of the given legal units only, in one transaction. Their new company
 * and name rows are computed first, by the same statements as the full rebuild restricted to these
 * SIRENs, into temporary tables; then only the rows that differ from the stored ones are deleted
 * and inserted (with their postings, vocabulary frequencies, per-cell and per-label counts). A
 * name whose row is unchanged keeps its id, hence its postings: a day of changes at 1 M rewrote
 * 118,575 companies' rows, most of them identical, through 13 indexes on search_companies and 2 on
 * the postings (docs/SCALE.md). The rows left are exactly the rows a delete-and-reinsert (and a
 * full rebuild) gives, but the new names' ids. Returns the rows the index now holds for them (a
 * unit no longer in `companies` simply leaves the index).
 */
export async function updateSearchIndex(
  db: Db,
  changedSirens: readonly string[],
): Promise<RebuildStats> {
  const sirens = [...new Set(changedSirens.filter((s) => /^\d{9}$/.test(s)))];
  const inScope = (col: string) => sql`${sql.raw(col)} IN (SELECT siren FROM search_refresh_scope)`;
  const inChanged = (col: string) =>
    sql`${sql.raw(col)} IN (SELECT siren FROM search_refresh_changed)`;
  const counts = await db.transaction(async (tx) => {
    const temp = (name: string, as: SQL) =>
      tx.execute(sql`CREATE TEMP TABLE ${sql.raw(name)} ON COMMIT DROP AS ${as}`);
    await tx.execute(
      sql`CREATE TEMP TABLE search_refresh_scope (siren char(9) PRIMARY KEY) ON COMMIT DROP`,
    );
    await tx.execute(
      sql`INSERT INTO search_refresh_scope SELECT DISTINCT unnest(${textArray(sirens)}::bpchar[])`,
    );
    await tx.execute(sql`ANALYZE search_refresh_scope`);
    // The companies' rows, stored and new (the stored ones read once: every count below reads
    // them here rather than scanning search_companies again).
    await temp(
      'search_refresh_old',
      sql`SELECT s.* FROM search_companies s WHERE ${inScope('s.siren')}`,
    );
    await temp('search_refresh_new', sql`SELECT * FROM search_companies LIMIT 0`);
    const [fillCompanies, fillNames, , fillDirectors] = fillSteps(inScope, {
      companies: 'search_refresh_new',
      companiesFrom: 'search_refresh_new',
      names: 'search_refresh_new_names',
    });
    await tx.execute(fillCompanies!);
    await tx.execute(sql`ANALYZE search_refresh_new`);
    // The units whose row changes (or appears, or goes): the others are left as they are.
    await temp(
      'search_refresh_changed',
      sql`SELECT coalesce(o.siren, n.siren) AS siren
        FROM search_refresh_old o FULL JOIN search_refresh_new n ON n.siren = o.siren
        WHERE o IS DISTINCT FROM n`,
    );
    await tx.execute(sql`ANALYZE search_refresh_changed`);
    await tx.execute(subtractCellsSql(inChanged('siren'), sql`search_refresh_old`));
    await tx.execute(subtractLabelsSql(inChanged('siren'), sql`search_refresh_old`));
    await tx.execute(sql`DELETE FROM search_companies WHERE ${inChanged('siren')}`);
    await tx.execute(sql`INSERT INTO search_companies SELECT * FROM search_refresh_new
      WHERE ${inChanged('siren')}`);
    await tx.execute(addCellsSql(inChanged('siren'), sql`search_refresh_new`));
    await tx.execute(addLabelsSql(inChanged('siren'), sql`search_refresh_new`));
    await tx.execute(sql`DELETE FROM search_geo_cells WHERE n <= 0`);

    // The names: new ones computed, matched to the stored ones on every column (duplicates
    // numbered, so that they match one for one); the unmatched stored ones go with their
    // postings, the unmatched new ones come with theirs.
    await temp(
      'search_refresh_new_names',
      sql`SELECT siren, siret, kind, label, key, raw, popularity, department FROM search_names LIMIT 0`,
    );
    await tx.execute(fillNames!);
    const numbered = (from: SQL, id: SQL) => sql`SELECT ${id}, siren, siret, kind, label, key, raw,
        popularity, department, row_number() OVER (PARTITION BY siren, siret, kind, label, key, raw,
          popularity, department) AS k
      FROM ${from}`;
    const same = sql`n.siren = o.siren AND n.siret IS NOT DISTINCT FROM o.siret AND n.kind = o.kind
      AND n.label = o.label AND n.key = o.key AND n.raw = o.raw AND n.popularity = o.popularity
      AND n.department IS NOT DISTINCT FROM o.department AND n.k = o.k`;
    await temp(
      'search_refresh_old_names',
      numbered(sql`search_names WHERE ${inScope('siren')}`, sql`id`),
    );
    await temp('search_refresh_new_names_k', numbered(sql`search_refresh_new_names`, sql`NULL`));
    await temp(
      'search_refresh_gone_names',
      sql`SELECT o.id, o.key, o.popularity FROM search_refresh_old_names o
        WHERE NOT EXISTS (SELECT 1 FROM search_refresh_new_names_k n WHERE ${same})`,
    );
    // Postings have no index on name_id: each is found by its full key (token, popularity, name).
    await tx.execute(sql`WITH gone AS (
        DELETE FROM search_postings p
        USING (SELECT DISTINCT n.id, n.popularity, t FROM search_refresh_gone_names n,
                 unnest(${NAME_TOKENS}) t) x
        WHERE p.token = x.t AND p.popularity = x.popularity AND p.name_id = x.id
        RETURNING p.token)
      UPDATE search_vocabulary v SET frequency = v.frequency - g.n
      FROM (SELECT token, count(*)::int AS n FROM gone GROUP BY token) g WHERE v.token = g.token`);
    await tx.execute(
      sql`DELETE FROM search_names WHERE id IN (SELECT id FROM search_refresh_gone_names)`,
    );
    // The names' ids in the full rebuild's order (siren, kind, label, siret).
    await temp(
      'search_refresh_added_names',
      sql`WITH added AS (
        INSERT INTO search_names (siren, siret, kind, label, key, raw, popularity, department)
        SELECT siren, siret, kind, label, key, raw, popularity, department
        FROM search_refresh_new_names_k n
        WHERE NOT EXISTS (SELECT 1 FROM search_refresh_old_names o WHERE ${same})
        ORDER BY siren, kind, label, siret
        RETURNING id, siren, key, popularity, department)
      SELECT * FROM added`,
    );
    await tx.execute(sql`INSERT INTO search_postings (token, popularity, name_id, department)
      SELECT x.t, n.popularity, n.id, n.department FROM search_refresh_added_names n
      CROSS JOIN LATERAL (SELECT DISTINCT t FROM unnest(${NAME_TOKENS}) t) x`);
    await tx.execute(sql`INSERT INTO search_vocabulary (token, frequency)
      SELECT t, count(*) FROM (SELECT DISTINCT n.id, t FROM search_refresh_added_names n,
                                 unnest(${NAME_TOKENS}) t) x
      GROUP BY t
      ON CONFLICT (token) DO UPDATE SET frequency = search_vocabulary.frequency + excluded.frequency`);
    await tx.execute(sql`DELETE FROM search_vocabulary WHERE frequency <= 0`);
    // The mandates (a few per company): deleted and inserted again, from the updated companies.
    await tx.execute(sql`DELETE FROM search_directors WHERE ${inScope('siren')}`);
    await tx.execute(fillDirectors!);
    killPoint('index');
    await tx.execute(sql`DELETE FROM search_stale_sirens WHERE ${inScope('siren')}`);
    // What the index now holds for these units: the new rows (the unchanged stored ones equal them).
    const [row] = await queryRows<RebuildStats>(
      tx,
      sql`SELECT (SELECT count(*) FROM search_refresh_new)::int AS companies,
        (SELECT count(*) FROM search_refresh_new_names)::int AS names,
        (SELECT coalesce(sum(cardinality(ARRAY(SELECT DISTINCT unnest(${NAME_TOKENS})))), 0)
           FROM search_refresh_new_names n)::int AS postings,
        (SELECT count(*) FROM search_directors WHERE ${inScope('siren')})::int AS directors`,
    );
    return row!;
  });
  // New GIN entries wait in a pending list that every search scans linearly: measured at 5M, a
  // 10,000-unit update left typo and director searches 3 to 5 times slower until it was merged.
  await db.execute(sql`SELECT gin_clean_pending_list(c.oid) FROM pg_class c
    JOIN pg_index x ON x.indexrelid = c.oid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND t.relname = ANY(${REBUILT_LITERAL}::text[])
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
  return counts;
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
