/**
 * Per-label counts of the search index (`search_label_counts`, migration 0039): how many named
 * companies carry each code of `search_companies.labels` (the label importers' codes and the flags
 * the indexer reads from SIRENE: ESS, société à mission, entrepreneur individuel, association,
 * convention collective), and under the label '' how many named companies there are. A list
 * filtered by one label alone (`label=ess`, the drop-in's `est_ess=true`) or by its absence alone
 * (`sans_label=rge`, `est_rge=false`) takes its exact total from here: at 1 M companies, counting
 * the 50,000 ESS or the 980,000 without RGE took 0.2 to 0.45 s (docs/DROP-IN.md).
 *
 * Kept by the indexer in the same transaction as the rows, like the per-cell counts
 * (src/search/geo/cells.ts): rebuilt with the whole index, decremented then incremented around an
 * incremental update.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { textArray } from '@/domain/sql-fragments';

/** Which rows the counts hold: the same as the lists' total (named companies). */
const COUNTED = sql`name IS NOT NULL`;

/** Every label of the rows in scope, and '' once per row: the keys a row adds to the counts. */
const keysOf = (
  inScope: SQL,
  from: SQL = sql`search_companies`,
) => sql`SELECT k, count(*)::int AS n FROM (
    SELECT unnest(labels) AS k FROM ${from} WHERE ${inScope} AND ${COUNTED}
    UNION ALL SELECT '' FROM ${from} WHERE ${inScope} AND ${COUNTED}) x GROUP BY k`;

/** Recomputes every count from the index (the full rebuild). */
export async function rebuildLabelCounts(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM search_label_counts`);
  await db.execute(sql`INSERT INTO search_label_counts (label, n) ${keysOf(sql`true`)}`);
}

/** Before the rows in scope are deleted from search_companies: their labels lose them. */
export function subtractLabelsSql(inScope: SQL, from?: SQL): SQL {
  return sql`UPDATE search_label_counts g SET n = g.n - x.n FROM (${keysOf(inScope, from)}) x
    WHERE g.label = x.k`;
}

/** After the rows in scope are inserted again: their labels gain them (a label at 0 stays). */
export function addLabelsSql(inScope: SQL, from?: SQL): SQL {
  return sql`INSERT INTO search_label_counts (label, n) ${keysOf(inScope, from)}
    ON CONFLICT (label) DO UPDATE SET n = search_label_counts.n + excluded.n`;
}

/**
 * Up to this many companies carrying a required label (its count), a list that also refuses labels
 * counts the few that carry both and subtracts them (below); beyond, it counts its rows up to its
 * limit, which stops sooner than reading the whole intersection.
 */
export const SUBTRACT_UP_TO = 50_000;

/**
 * The exact count of a list filtered by labels alone, from the counts: one label required (its
 * count), one refused (all the named companies but its count), or one required and some refused
 * (its count less the named companies that carry it and one of the refused: one read of the GIN
 * index on labels, whose intersection is usually empty or small; `est_bio=true` with
 * `est_qualiopi=false` read the 10,000 bio companies' rows, 0.1 s at 1 M, for 1 ms). Null for
 * anything else (two labels required, a label and another filter): the caller counts the rows.
 * `rows` counts them, up to the caller's limit: with one required label and some refused, it is
 * the count when the required label is too common for the subtraction to read few rows (the
 * scalar subquery not taken is never run).
 */
export function labelCountSql(
  required: readonly string[],
  refused: readonly string[],
  rows: SQL | null = null,
): SQL | null {
  const one = (label: string) =>
    sql`coalesce((SELECT n FROM search_label_counts WHERE label = ${label}), 0)`;
  if (required.length === 1 && refused.length === 0)
    return sql`SELECT ${one(required[0]!)}::int AS n`;
  if (required.length === 0 && refused.length === 1)
    return sql`SELECT (${one('')} - ${one(refused[0]!)})::int AS n`;
  if (required.length === 1 && refused.length >= 1) {
    const both = sql`(SELECT count(*) FROM search_companies c
      WHERE c.labels @> ${textArray([required[0]!])}::text[]
        AND c.labels && ${textArray([...refused])}::text[] AND ${COUNTED})`;
    const subtracted = sql`${one(required[0]!)} - ${both}`;
    if (!rows) return sql`SELECT (${subtracted})::int AS n`;
    return sql`SELECT (CASE WHEN ${one(required[0]!)} <= ${SUBTRACT_UP_TO}
      THEN ${subtracted} ELSE (${rows}) END)::int AS n`;
  }
  return null;
}

/** The counts as a map (tests, the benchmark's check). */
export async function readLabelCounts(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ label: string; n: number }>(
    db,
    sql`SELECT label, n FROM search_label_counts ORDER BY label`,
  );
  return new Map(rows.map((r) => [r.label, r.n]));
}
