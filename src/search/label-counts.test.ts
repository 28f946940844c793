/**
 * The per-label counts (src/search/label-counts.ts) stay equal to the index's own rows through the
 * seed's rebuild, a label import (marked stale, then the incremental refresh every import run
 * ends with) and a SIRENE change, and a list filtered by one label alone takes its total from them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { openSampleDb } from '@/testing/sample-db';
import { run, tempDir, writeTemp } from '@/ingest/testing';
import { searchCompanies } from './companies';
import { countSql } from './filters';
import { EMPTY_FILTERS } from './filter-params';
import { refreshSearchIndex, refreshStaleSearchIndex } from './indexer';
import { readLabelCounts } from './label-counts';

let h: DbHandle;

beforeAll(async () => {
  h = await openSampleDb();
}, 300_000);
afterAll(async () => h?.close());

/** Labels whose stored count differs from the index's named rows ('' = all named companies). */
async function mismatches(): Promise<string[]> {
  const rows = await queryRows<{ label: string }>(
    h.db,
    sql`SELECT coalesce(g.label, x.label) AS label FROM search_label_counts g
      FULL JOIN (SELECT l AS label, count(*)::int AS n FROM search_companies, unnest(labels) l
                 WHERE name IS NOT NULL GROUP BY l
                 UNION ALL SELECT '', count(*)::int FROM search_companies WHERE name IS NOT NULL) x
        USING (label)
      WHERE coalesce(g.n, 0) <> coalesce(x.n, 0)`,
  );
  return rows.map((r) => r.label);
}

const countOf = async (f: Partial<typeof EMPTY_FILTERS>) =>
  (await queryRows<{ n: number }>(h.db, countSql({ ...EMPTY_FILTERS, ...f })))[0]!.n;

describe('per-label counts', () => {
  it('are built with the index and equal its rows', async () => {
    expect(await mismatches()).toEqual([]);
    const counts = await readLabelCounts(h.db);
    expect(counts.get('')).toBeGreaterThan(50);
    expect(counts.get('ess')).toBeGreaterThan(0);
  });

  it('follow a label import and a SIRENE change through the incremental refresh', async () => {
    const [target] = await queryRows<{ siren: string }>(
      h.db,
      sql`SELECT siren FROM search_companies WHERE name IS NOT NULL
          AND NOT labels @> '{ess}'::text[] ORDER BY siren LIMIT 1`,
    );
    const before = (await readLabelCounts(h.db)).get('ess') ?? 0;
    // ESS France's list (its documented CSV): one more company, imported as every source is.
    const list = writeTemp(tempDir(), 'ess.csv', `SIREN;Nom\n800329849;A\n${target!.siren};B\n`);
    await run(h, 'ess-france', list);
    const refreshed = await refreshStaleSearchIndex(h.db);
    expect(refreshed.kind).toBe('incremental');
    expect((await readLabelCounts(h.db)).get('ess')).toBe(before + 1);
    expect(await mismatches()).toEqual([]);

    // A SIRENE change: the company declares itself a société à mission, then the flag goes.
    const all = (await readLabelCounts(h.db)).get('')!;
    await h.db.execute(
      sql`UPDATE companies SET mission_company = true WHERE siren = ${target!.siren}`,
    );
    await refreshSearchIndex(h.db, { changedSirens: [target!.siren] });
    expect(await mismatches()).toEqual([]);
    expect((await readLabelCounts(h.db)).get('')).toBe(all);
    await h.db.execute(
      sql`UPDATE companies SET mission_company = null WHERE siren = ${target!.siren}`,
    );
    await refreshSearchIndex(h.db, { changedSirens: [target!.siren] });
    expect(await mismatches()).toEqual([]);
  });

  it('give the exact total of a list filtered by one label, required or refused', async () => {
    const direct = async (cond: ReturnType<typeof sql>) =>
      (
        await queryRows<{ n: number }>(
          h.db,
          sql`SELECT count(*)::int AS n FROM search_companies c WHERE ${cond} AND c.name IS NOT NULL`,
        )
      )[0]!.n;
    for (const label of ['ess', 'rge', 'convention-collective', 'association', 'none-such']) {
      const yes = await direct(sql`c.labels @> ARRAY[${label}]::text[]`);
      expect(await countOf({ labels: [label] }), label).toBe(yes);
      const no = await direct(sql`NOT (c.labels && ARRAY[${label}]::text[])`);
      expect(await countOf({ excludedLabels: [label] }), label).toBe(no);
    }
    // One required and some refused: its count less the companies carrying both, exact, and up
    // to a limit as the rows' count is.
    for (const [label, refused] of [
      ['convention-collective', ['ess']],
      ['ess', ['association', 'convention-collective']],
      ['association', ['rge']],
      ['none-such', ['ess']],
    ] as const) {
      const n = await direct(
        sql`c.labels @> ARRAY[${label}]::text[] AND NOT (c.labels && ${`{${refused.join(',')}}`}::text[])`,
      );
      const f = { ...EMPTY_FILTERS, labels: [label], excludedLabels: [...refused] };
      expect(await countOf(f), label).toBe(n);
      const capped = await queryRows<{ n: number }>(h.db, countSql(f, {}, 2));
      expect(capped[0]!.n, label).toBe(Math.min(n, 2));
    }
    // Two labels, or a label and another filter: counted row by row, the same way.
    expect(await countOf({ labels: ['ess'], status: 'A' })).toBe(
      await direct(sql`c.labels @> '{ess}'::text[] AND c.status = 'A'`),
    );
    const page = await searchCompanies(h.db, {
      q: '',
      filters: { ...EMPTY_FILTERS, labels: ['ess'] },
    });
    expect(page.ok && page.value.total).toBe(await direct(sql`c.labels @> '{ess}'::text[]`));
  });

  it('a count with a limit stops there', async () => {
    const all = await countOf({});
    expect(all).toBeGreaterThan(5);
    const capped = await queryRows<{ n: number }>(
      h.db,
      countSql({ ...EMPTY_FILTERS, status: 'A' }, {}, 5),
    );
    expect(capped[0]!.n).toBe(5);
  });
});
