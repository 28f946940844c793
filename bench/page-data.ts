/**
 * `npx tsx --conditions=react-server bench/page-data.ts`: what a cold company page asks of the
 * database, without Next's render around it (issue 41, item 3): the company page's loader
 * (`getCompanyPageData`, with the « Documents » section's availability checks as the page runs
 * them) for `--pages` (100) random companies of an existing PostgreSQL database (DATABASE_URL),
 * one after the other, the registry's data cache off. Prints the statements sent per page (by
 * the pool: a transaction's own are not counted) and the wall time per page, p50 and mean, with
 * the load average before and after.
 *
 *   DATABASE_URL=postgres://…/h41_sample flock /tmp/heavy.lock npx tsx --conditions=react-server bench/page-data.ts
 */
import os from 'node:os';
import { connectPostgres } from '../src/db/client';
import { companyDocuments } from '../src/documents';
import { getCompanyPageData } from '../src/registry/page-data';

process.env.REGISTRY_CACHE = 'off';
const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const PAGES = Number(arg('--pages') ?? 100);
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL : la base PostgreSQL à lire (l’échantillon ou une base de bench).');
  process.exit(1);
}
const load1 = () => os.loadavg()[0]!.toFixed(2);

const handle = connectPostgres(url, 10, { preparedStatements: true });
const pool = handle.pool!;
let statements = 0;
const query = pool.query.bind(pool);
pool.query = ((...a: Parameters<typeof query>) => {
  statements++;
  return query(...a);
}) as typeof pool.query;

const { rows } = await query<{ siren: string }>(
  `SELECT siren FROM companies TABLESAMPLE SYSTEM (10) LIMIT ${PAGES * 2 + 10}`,
);
const sirens = rows.map((r) => r.siren).sort(() => Math.random() - 0.5);
const warm = sirens.splice(0, 10);
// Old loaders take `(siren)`, new ones `(siren, db)`: the page's own handle when given.
const documents = (s: string, db?: unknown) =>
  companyDocuments((db ?? handle.db) as typeof handle.db, s);
for (const s of warm) await getCompanyPageData(handle.db, s, { documents });

const before = load1();
const times: number[] = [];
const counts: number[] = [];
for (const s of sirens.slice(0, PAGES)) {
  statements = 0;
  const t0 = performance.now();
  const page = await getCompanyPageData(handle.db, s, { documents });
  times.push(performance.now() - t0);
  counts.push(statements);
  if (!page.ok) throw new Error(`${s} : ${page.message}`);
}
times.sort((a, b) => a - b);
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
console.log(
  `${times.length} pages : ${mean(counts).toFixed(1)} requêtes par page (min ${Math.min(...counts)}, max ${Math.max(...counts)}), p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, moyenne ${mean(times).toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms ; charge ${before}→${load1()}`,
);
await handle.close();
