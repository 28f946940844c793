/**
 * npm run bench:export [-- --rows 300000 --pg-db bench_export --only pg|pglite --runs 5]
 * Timed runs: `flock /tmp/bench.lock npm run bench:export` (the corpus is loaded first, outside
 * the timing, and reused when the database already holds it).
 *
 * Export of a results list (src/search/export.ts) on a GENERATED corpus (SIRENs 98xxxxxxx, never
 * shown as real data): legal units with a head office each, 1 in 10 in Paris under the NAF code
 * 62.01Z. Prints, per format, the time to stream 10,000 rows (filters only: keyset batches) and a
 * name query's ranked set (at most 500 rows), from the parsed URL to the last byte consumed, as
 * the export handler does after the session and the rate limit; and the process's peak RSS above
 * its level before the run, sampled every 5 ms, for 1,000 and for 10,000 rows: flat memory is the
 * same peak for both.
 */
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows, wrapPglite, type DbHandle } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { openPglite } from '@/db/pglite';
import { ensureSearchSchema } from '@/search/ddl';
import {
  prepareExport,
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  exportStream,
} from '@/search/export';
import type { ExportColumnName } from '@/search/export';
import { rebuildSearchIndex } from '@/search/indexer';
import { parseCompanySearchParams } from '@/public-api/search-handlers';
import { isFailure } from '@/public-api/search-params';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '300000'));
const PG_DB = arg('pg-db', 'bench_export');
const ONLY = arg('only', 'all');
const RUNS = Number(arg('runs', '5'));
const ALL_COLUMNS = Object.keys(EXPORT_COLUMNS) as ExportColumnName[];

async function prepare(handle: DbHandle, rows: number): Promise<void> {
  await runMigrations(handle);
  await ensureSearchSchema(handle.db);
  const [have] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM search_companies WHERE siren LIKE '98%'`,
  );
  if ((have?.n ?? 0) === rows) return;
  const t0 = Date.now();
  await handle.db.execute(sql`DELETE FROM establishments WHERE siren LIKE '98%'`);
  await handle.db.execute(sql`DELETE FROM companies WHERE siren LIKE '98%'`);
  const nafs = ['62.01Z', '47.11F', '56.10A', '68.20A', '70.22Z', '43.21A', '86.21Z', '10.71C'];
  await handle.db.execute(sql`INSERT INTO companies (siren, name, legal_form_code, naf_code,
      naf_version, status, creation_date, headcount_band, category, head_office_nic,
      capital_amount, open_establishments)
    SELECT '98' || lpad(i::text, 7, '0'),
      'BENCH ' || (ARRAY['SAS','SARL','SCI','HOLDING'])[1 + i % 4] || ' ' || md5(i::text),
      (ARRAY['5710','5499','6540','5720'])[1 + i % 4],
      CASE WHEN i % 10 = 0 THEN '62.01Z' ELSE (${`{${nafs.join(',')}}`}::text[])[1 + i % 8] END,
      'NAFRev2', CASE WHEN i % 9 = 0 THEN 'C' ELSE 'A' END,
      '1990-01-01'::date + (i % 12000), (ARRAY['NN','01','11','21','32'])[1 + i % 5],
      (ARRAY['PME','ETI','GE'])[1 + i % 3], '00010', (i % 1000) * 100.5, 1 + i % 3
    FROM generate_series(1, ${rows}) i`);
  await handle.db.execute(sql`INSERT INTO establishments (siret, siren, nic, is_head_office, status,
      address_number, address_street_type, address_street, postcode, commune_code, commune_name)
    SELECT '98' || lpad(i::text, 7, '0') || '00010', '98' || lpad(i::text, 7, '0'), '00010', true,
      'A', (i % 200)::text, 'RUE', 'DE LA ' || (ARRAY['PAIX','GARE','REPUBLIQUE'])[1 + i % 3],
      CASE WHEN i % 10 = 0 THEN '75011' ELSE '69003' END,
      CASE WHEN i % 10 = 0 THEN '75111' ELSE '69383' END,
      CASE WHEN i % 10 = 0 THEN 'PARIS' ELSE 'LYON' END
    FROM generate_series(1, ${rows}) i`);
  await rebuildSearchIndex(handle.db);
  console.log(
    `  corpus chargé et indexé : ${rows.toLocaleString('fr-FR')} unités légales en ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** Streams one export to nowhere; returns its seconds, bytes, and the RSS peak above the start. */
async function runOnce(
  handle: DbHandle,
  query: string,
  format: 'csv' | 'xlsx',
  limit: number,
  columns: ExportColumnName[],
): Promise<{ seconds: number; bytes: number; rows: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  const search = parseCompanySearchParams(new URLSearchParams(query));
  if (isFailure(search)) throw new Error(search.message);
  const prepared = await prepareExport(handle.db, search, limit);
  if (!prepared.ok) throw new Error(prepared.message);
  const stream = exportStream(format, columns, prepared.value.batches);
  let bytes = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { seconds, bytes, rows: prepared.value.total, peakMb: (peak - base) / 2 ** 20 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function runCases(handle: DbHandle, label: string): Promise<void> {
  console.log(`\n${label} — médiane de ${RUNS} exports (temps jusqu’au dernier octet lu)`);
  const cases: Array<[string, string, number, ExportColumnName[]]> = [
    [
      '10 000 lignes, filtres (activite=62.01Z&departement=75)',
      'activite=62.01Z&departement=75',
      10_000,
      DEFAULT_EXPORT_COLUMNS,
    ],
    ['10 000 lignes, toutes les colonnes', 'activite=62.01Z&departement=75', 10_000, ALL_COLUMNS],
    ['1 000 lignes, filtres', 'activite=62.01Z&departement=75', 1_000, DEFAULT_EXPORT_COLUMNS],
    ['nom (q=bench holding), ensemble classé', 'q=bench%20holding', 10_000, DEFAULT_EXPORT_COLUMNS],
  ];
  for (const format of ['csv', 'xlsx'] as const) {
    for (const [name, query, limit, columns] of cases) {
      await runOnce(handle, query, format, limit, columns); // warm-up
      const results = [];
      for (let i = 0; i < RUNS; i++)
        results.push(await runOnce(handle, query, format, limit, columns));
      const r = results[0]!;
      console.log(
        `  ${format.toUpperCase().padEnd(4)} ${name.padEnd(58)} ${r.rows.toLocaleString('fr-FR').padStart(7)} lignes, ` +
          `${(r.bytes / 2 ** 20).toFixed(2)} Mo : médiane ${median(results.map((x) => x.seconds)).toFixed(3)} s, ` +
          `max ${Math.max(...results.map((x) => x.seconds)).toFixed(3)} s ; RSS crête +${Math.max(...results.map((x) => x.peakMb)).toFixed(1)} Mo`,
      );
    }
  }
}

async function main(): Promise<void> {
  console.log(
    `Machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} Gio, Node ${process.version}`,
  );
  if (ONLY !== 'pglite') {
    const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [PG_DB]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${PG_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${PG_DB}`;
    const handle = connectPostgres(url.toString(), 4);
    await prepare(handle, ROWS);
    await runCases(handle, `PostgreSQL, ${ROWS.toLocaleString('fr-FR')} unités légales générées`);
    await handle.close();
  }
  if (ONLY !== 'pg') {
    const pgliteRows = Math.min(ROWS, 100_000);
    const handle = wrapPglite(await openPglite());
    await prepare(handle, pgliteRows);
    await runCases(
      handle,
      `PGlite en mémoire (dans le processus : sa mémoire compte dans le RSS), ${pgliteRows.toLocaleString('fr-FR')} unités légales`,
    );
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
