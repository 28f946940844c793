/**
 * The lists' exact totals (countSql): the same number as the plain condition, with or without a
 * circle (counted per grid row, laterally, from the geo index), and the filters' SQL in the shape
 * that keeps the planner on the indexes.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { EMPTY_FILTERS, type SearchFilters } from './filter-params';
import { countSql, filtersSql, type ResolvedScope } from './filters';
import { rebuildGeoCellCounts, splitCells } from './geo/cells';
import { cellRanges, distanceKm, geoCell } from './geo/grid';

let h: DbHandle;

type Row = {
  siren: string;
  named: boolean;
  department: string;
  section: string;
  category: string;
  lat: number;
  lon: number;
};
const ROWS: Row[] = [];
for (let i = 0; i < 400; i++) {
  // A deterministic spread of ±0.2° around Paris and Lyon.
  const paris = i % 3 !== 0;
  const a = ((i * 37) % 100) / 250 - 0.2;
  const b = ((i * 61) % 100) / 250 - 0.2;
  ROWS.push({
    siren: String(990000000 + i),
    named: i % 17 !== 0,
    department: paris ? '75' : '69',
    section: ['H', 'C', 'M'][(i % 7) % 3]!,
    category: i % 5 === 0 ? 'ETI' : 'PME',
    lat: (paris ? 48.86 : 45.76) + a,
    lon: (paris ? 2.34 : 4.84) + b,
  });
}

beforeAll(async () => {
  h = await createTestDb();
  for (const r of ROWS)
    await h.db.execute(sql`INSERT INTO search_companies (siren, name, diffusion, is_natural_person,
        status, state, department, naf_section, category, open_establishments, popularity,
        latitude, longitude, geo_cell)
      VALUES (${r.siren}, ${r.named ? `SOCIETE ${r.siren}` : null}, 'O', false, 'A', 'active',
        ${r.department}, ${r.section}, ${r.category}, 1, 1, ${r.lat}, ${r.lon},
        ${geoCell(r.lat, r.lon)})`);
  // The rows were written here, not by the indexer: its per-cell counts too.
  await rebuildGeoCellCounts(h.db);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const count = async (f: SearchFilters, scope: ResolvedScope = {}) =>
  (await queryRows<{ n: number }>(h.db, countSql(f, scope)))[0]!.n;

describe('countSql', () => {
  const circle = { lat: 48.86, lon: 2.34, radiusKm: 10 };
  const cases: Array<[string, SearchFilters, ResolvedScope, (r: Row) => boolean]> = [
    ['no filter', EMPTY_FILTERS, {}, () => true],
    [
      'one department and one section',
      { ...EMPTY_FILTERS, departments: ['75'], activities: ['H'] },
      {},
      (r) => r.department === '75' && r.section === 'H',
    ],
    [
      'two departments, two sections',
      { ...EMPTY_FILTERS, departments: ['75', '69'], activities: ['H', 'C'] },
      {},
      (r) => r.section !== 'M',
    ],
    ['10 km around a point', EMPTY_FILTERS, { circle }, (r) => distanceKm(circle, r) <= 10],
    [
      'a circle and filters',
      { ...EMPTY_FILTERS, activities: ['C'], categories: ['PME'] },
      { circle },
      (r) => distanceKm(circle, r) <= 10 && r.section === 'C' && r.category === 'PME',
    ],
  ];
  for (const [name, f, scope, keep] of cases) {
    it(`${name}: the exact number of named companies`, async () => {
      const expected = ROWS.filter((r) => r.named && keep(r)).length;
      expect(expected).toBeGreaterThan(0);
      expect(await count(f, scope)).toBe(expected);
      // The plain condition agrees.
      const [plain] = await queryRows<{ n: number }>(
        h.db,
        sql`SELECT count(*)::int AS n FROM search_companies c
          WHERE ${filtersSql(f, scope)} AND c.name IS NOT NULL`,
      );
      expect(plain!.n).toBe(expected);
    });
  }

  it('reads an amount with cents against whole euros: the same rows, never a query error', async () => {
    await h.db.execute(sql`UPDATE search_companies SET net_result = CASE siren
        WHEN '990000001' THEN 49 ELSE 48 END, revenue = CASE siren
        WHEN '990000001' THEN 1001 ELSE 1000 END
      WHERE siren IN ('990000001', '990000002')`);
    try {
      expect(await count({ ...EMPTY_FILTERS, netResultMin: 48.85 })).toBe(1);
      expect(await count({ ...EMPTY_FILTERS, netResultMax: 48.5 })).toBe(1);
      expect(await count({ ...EMPTY_FILTERS, revenueMin: 1000.01, revenueMax: 1001.99 })).toBe(1);
      expect(await count({ ...EMPTY_FILTERS, revenueMin: 1000.2, revenueMax: 1000.8 })).toBe(0);
    } finally {
      await h.db.execute(sql`UPDATE search_companies SET net_result = NULL, revenue = NULL
        WHERE siren IN ('990000001', '990000002')`);
    }
  });

  it('a circle alone: inner cells from the per-cell counts, edge cells entry by entry, the exact total', async () => {
    for (const c of [
      { lat: 48.86, lon: 2.34, radiusKm: 10 },
      { lat: 48.9, lon: 2.3, radiusKm: 3 },
      { lat: 48.75, lon: 2.45, radiusKm: 25 },
      { lat: 45.76, lon: 4.84, radiusKm: 7.5 },
    ]) {
      const { inner, edge } = splitCells(c);
      expect(inner.length, JSON.stringify(c)).toBeGreaterThan(0);
      // Every cell of the box is in exactly one of the two.
      const cells = (rs: Array<[number, number]>) =>
        rs.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, k) => lo + k));
      expect([...cells(inner), ...cells(edge)].sort((a, b) => a - b)).toEqual(
        cells(cellRanges(c.lat, c.lon, c.radiusKm)),
      );
      // A row of an inner cell always lies wholly inside the circle.
      for (const r of ROWS)
        if (cells(inner).includes(geoCell(r.lat, r.lon)))
          expect(distanceKm(c, r)).toBeLessThanOrEqual(c.radiusKm);
      const expected = ROWS.filter((r) => r.named && distanceKm(c, r) <= c.radiusKm).length;
      expect(await count(EMPTY_FILTERS, { circle: c })).toBe(expected);
    }
  });

  it('a circle alone reads the per-cell counts: a stale count shows in the total', async () => {
    // Proves the counts are used (the index entries of inner cells are not read again).
    const c = { lat: 48.86, lon: 2.34, radiusKm: 10 };
    const exact = await count(EMPTY_FILTERS, { circle: c });
    const [cell] = splitCells(c).inner[0]!;
    await h.db.execute(sql`INSERT INTO search_geo_cells (cell, n) VALUES (${cell}, 1000)
      ON CONFLICT (cell) DO UPDATE SET n = search_geo_cells.n + 1000`);
    try {
      expect(await count(EMPTY_FILTERS, { circle: c })).toBe(exact + 1000);
    } finally {
      await rebuildGeoCellCounts(h.db);
    }
  });

  it('a circle where nothing is: 0', async () => {
    expect(await count(EMPTY_FILTERS, { circle: { lat: 43.3, lon: 5.4, radiusKm: 5 } })).toBe(0);
  });

  it('one value is an equality, a NAF section compared as char(1): the indexes stay usable', () => {
    const text = (f: SearchFilters) => new PgDialect().sqlToQuery(filtersSql(f)).sql;
    expect(text({ ...EMPTY_FILTERS, departments: ['75'], activities: ['H'] })).toBe(
      'c.department = $1 AND c.naf_section = $2',
    );
    expect(text({ ...EMPTY_FILTERS, activities: ['H', 'C'] })).toBe(
      'c.naf_section = ANY($1::bpchar[])',
    );
  });
});
