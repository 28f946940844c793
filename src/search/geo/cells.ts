/**
 * Per-cell counts of the search index (`search_geo_cells`, migration 0034): how many named
 * companies have their head office in each grid cell (src/search/geo/grid.ts). « N km around a
 * point » with no other filter then reads the cells wholly inside the circle from this table and
 * counts only the cells on its edge entry by entry: at 29 M companies, 10 km around Paris is
 * ~450 000 index entries to check one by one without it (docs/SEARCH.md, docs/SCALE.md), a few
 * tens of thousands with it. The exact total is unchanged.
 *
 * Kept by the indexer in the same transaction as the rows: rebuilt with the whole index, and
 * decremented then incremented around an incremental update (src/search/indexer.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { cellRanges, distanceKm, GRID_ROW, GRID_STEP } from './grid';

type Circle = { lat: number; lon: number; radiusKm: number };

/** A cell is counted from the table only when its four corners are inside by this margin. */
const INSIDE_MARGIN_KM = 0.001;

/**
 * Per grid row of the circle's box: the range of cells wholly inside the circle (read from the
 * counts), and the ranges on its edge (read from the index, distance checked per entry).
 */
export function splitCells(circle: Circle): {
  inner: Array<[number, number]>;
  edge: Array<[number, number]>;
} {
  const inner: Array<[number, number]> = [];
  const edge: Array<[number, number]> = [];
  const r = circle.radiusKm - INSIDE_MARGIN_KM;
  const inside = (lat: number, lon: number) => distanceKm(circle, { lat, lon }) <= r;
  for (const [lo, hi] of cellRanges(circle.lat, circle.lon, circle.radiusKm)) {
    const row = Math.floor(lo / GRID_ROW);
    const lat0 = row / GRID_STEP - 90;
    const lat1 = (row + 1) / GRID_STEP - 90;
    let first = -1;
    let last = -1;
    for (let cell = lo; cell <= hi; cell++) {
      const lon0 = (cell - row * GRID_ROW) / GRID_STEP - 180;
      const lon1 = lon0 + 1 / GRID_STEP;
      // The circle is convex at this scale: a cell is inside when its four corners are.
      if (inside(lat0, lon0) && inside(lat0, lon1) && inside(lat1, lon0) && inside(lat1, lon1)) {
        if (first < 0) first = cell;
        last = cell;
      }
    }
    if (first < 0) {
      edge.push([lo, hi]);
      continue;
    }
    inner.push([first, last]);
    if (first > lo) edge.push([lo, first - 1]);
    if (last < hi) edge.push([last + 1, hi]);
  }
  return { inner, edge };
}

const ints = (xs: number[]) => `{${xs.join(',')}}`;

/** The named companies of the inner cells, from the counts (one range read per grid row). */
export function innerCountSql(inner: Array<[number, number]>): SQL {
  return sql`(SELECT coalesce(sum(g.n), 0) FROM unnest(${ints(inner.map((r) => r[0]))}::int[], ${ints(inner.map((r) => r[1]))}::int[]) AS r(lo, hi)
    CROSS JOIN LATERAL (SELECT sum(n) AS n FROM search_geo_cells WHERE cell BETWEEN r.lo AND r.hi) AS g)`;
}

/** Which rows the counts hold: the same as the lists' total (named, placed). */
const COUNTED = sql`geo_cell IS NOT NULL AND name IS NOT NULL`;

/** Recomputes every count from the index (the full rebuild, the benchmark's step). */
export async function rebuildGeoCellCounts(db: Db): Promise<number> {
  await db.execute(sql`DELETE FROM search_geo_cells`);
  await db.execute(sql`INSERT INTO search_geo_cells (cell, n)
    SELECT geo_cell, count(*) FROM search_companies WHERE ${COUNTED} GROUP BY geo_cell`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM search_geo_cells`,
  );
  return row!.n;
}

/** Before the rows in scope are deleted from search_companies: their cells lose them. */
export function subtractCellsSql(inScope: SQL, from: SQL = sql`search_companies`): SQL {
  return sql`UPDATE search_geo_cells g SET n = g.n - x.n
    FROM (SELECT geo_cell, count(*)::int AS n FROM ${from}
          WHERE ${inScope} AND ${COUNTED} GROUP BY geo_cell) x
    WHERE g.cell = x.geo_cell`;
}

/** After the rows in scope are inserted again: their cells gain them. */
export function addCellsSql(inScope: SQL, from: SQL = sql`search_companies`): SQL {
  return sql`INSERT INTO search_geo_cells (cell, n)
    SELECT geo_cell, count(*)::int FROM ${from} WHERE ${inScope} AND ${COUNTED} GROUP BY geo_cell
    ON CONFLICT (cell) DO UPDATE SET n = search_geo_cells.n + excluded.n`;
}
