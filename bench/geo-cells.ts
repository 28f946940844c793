/**
 * npx tsx bench/geo-cells.ts DATABASE: the exact total of « 10 km around a point » (40 points in
 * Paris) with the per-cell counts (src/search/geo/cells.ts) and without them (every cell of the
 * circle counted entry by entry, the query before issue 40), on a base already loaded (bench:france).
 * Checks both give the same total; prints median and p95 of each (second pass).
 */
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows } from '../src/db/client';
import { countSql, EMPTY_FILTERS } from '../src/search/filters';
import { boundingBox, cellRanges } from '../src/search/geo/grid';
import { splitCells } from '../src/search/geo/cells';

const db = process.argv[2] ?? 'france';
const h = connectPostgres(`postgres://postgres@127.0.0.1:5432/${db}`, 1);
const ints = (xs: number[]) => `{${xs.join(',')}}`;
function oldSql(c: { lat: number; lon: number; radiusKm: number }) {
  const ranges = cellRanges(c.lat, c.lon, c.radiusKm);
  const b = boundingBox(c.lat, c.lon, c.radiusKm);
  return sql`SELECT coalesce(sum(x.n), 0)::int AS n
    FROM unnest(${ints(ranges.map((r) => r[0]))}::int[], ${ints(ranges.map((r) => r[1]))}::int[]) AS r(lo, hi)
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM search_companies c
      WHERE c.geo_cell BETWEEN r.lo AND r.hi AND c.latitude BETWEEN ${b.minLat} AND ${b.maxLat}
      AND c.longitude BETWEEN ${b.minLon} AND ${b.maxLon}
      AND (${2 * 6371.0088}::float8 * asin(least(1, sqrt(power(sin(radians(c.latitude - ${c.lat}::float8) / 2), 2)
        + cos(radians(${c.lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${c.lon}::float8) / 2), 2))))) <= ${c.radiusKm}::float8
      AND c.name IS NOT NULL) AS x`;
}
const pct = (a: number[], p: number) =>
  [...a].sort((x, y) => x - y)[Math.floor((a.length - 1) * p)]!;
const tNew: number[] = [];
const tOld: number[] = [];
let total = 0;
let inner = 0;
let edge = 0;
for (let pass = 0; pass < 2; pass++)
  for (let i = 0; i < 40; i++) {
    const c = {
      lat: 48.82 + ((i * 37) % 100) / 1000,
      lon: 2.26 + ((i * 53) % 100) / 1000,
      radiusKm: 10,
    };
    let t = performance.now();
    const [a] = await queryRows<{ n: number }>(h.db, countSql(EMPTY_FILTERS, { circle: c }));
    if (pass) tNew.push(performance.now() - t);
    t = performance.now();
    const [b] = await queryRows<{ n: number }>(h.db, oldSql(c));
    if (pass) tOld.push(performance.now() - t);
    if (a!.n !== b!.n) throw new Error(`mismatch ${a!.n} ${b!.n}`);
    total = a!.n;
    const s = splitCells(c);
    inner = s.inner.reduce((n, r) => n + r[1] - r[0] + 1, 0);
    edge = s.edge.reduce((n, r) => n + r[1] - r[0] + 1, 0);
  }
console.log(
  `${db}: 10 km autour de 40 points de Paris, total exact identique (dernier : ${total} entreprises ; ${inner} cases intérieures, ${edge} cases du bord)`,
);
console.log(
  `  sans les comptes par case : médiane ${pct(tOld, 0.5).toFixed(1)} ms, p95 ${pct(tOld, 0.95).toFixed(1)} ms`,
);
console.log(
  `  avec les comptes par case : médiane ${pct(tNew, 0.5).toFixed(1)} ms, p95 ${pct(tNew, 0.95).toFixed(1)} ms`,
);
await h.close();
