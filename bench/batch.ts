/**
 * bench:batch — the batch lookup (`POST /api/companies/batch`) of 1,000 SIRENs on PostgreSQL.
 *
 *   npm run bench:batch [-- --pg-db bench_search --runs 5 --size 1000 --generate 5000000]
 *   Timed run: `flock /tmp/bench.lock npm run bench:batch`.
 *
 * Reads the generated corpus of bench/search.ts (SIRENs 99xxxxxxx; database `bench_search`, 5
 * million units, prepared with `npm run bench:search -- --only pg --prepare-only`; another
 * database with `--pg-db`), read only. With `--generate N`, when the database holds fewer
 * generated units, it is created and filled first (migrations, then N units and their head
 * offices, no search index: the lookup reads neither; run that under `flock /tmp/heavy.lock`). Each run draws 1,000 SIRENs it has not read before (95 %
 * held, 5 % unknown), calls the route's handler as Next.js would, with a pool as the production
 * server's (DATABASE_POOL_MAX connections, named prepared statements) and the registry's data
 * cache off (every company read from the database), and reads the whole streamed answer. Prints
 * each run's time, the median and the worst; the target is 2 s for 1,000 SIRENs.
 */
import pg from 'pg';
import { connectPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { getEnv } from '../src/config/env';
import { batchLookup } from '../src/api-access/handlers';
import { machine } from './lib/http';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback;
const PG_DB = arg('pg-db', 'bench_search');
const RUNS = Number(arg('runs', '5'));
const SIZE = Number(arg('size', '1000'));
const GENERATE = Number(arg('generate', '0'));

/** N generated units (SIRENs 99xxxxxxx) with their head offices, as bench/search.ts numbers them. */
async function generate(url: string, rows: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [PG_DB]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${PG_DB}`);
  await admin.end();
  const handle = connectPostgres(url, 2);
  await runMigrations(handle);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const have = (await c.query(`SELECT count(*)::int AS n FROM companies WHERE siren >= '99'`))
    .rows[0].n;
  if (have < rows) {
    const t = performance.now();
    for (let start = have + 1; start <= rows; start += 500_000) {
      const end = Math.min(rows, start + 499_999);
      await c.query(`
        INSERT INTO companies (siren, name, legal_form_code, naf_code, naf_version, status, creation_date,
          headcount_band, category, head_office_nic, capital_amount, open_establishments, sirene_updated_at)
        SELECT '99' || lpad(i::text, 7, '0'), 'SOCIETE ' || upper(substr(md5(i::text), 1, 8)),
          (ARRAY['5499','5710','5720','1000'])[1 + i % 4], (ARRAY['62.01Z','47.11F','56.10A','70.22Z','43.21A'])[1 + i % 5],
          'NAFRev2', CASE WHEN i % 5 = 0 THEN 'C' ELSE 'A' END, date '1970-01-01' + (i % 20000),
          (ARRAY['NN','00','01','02','11','21'])[1 + i % 6], 'PME', '00010', (i % 100000) * 10, 1,
          timestamp '2026-01-01'
        FROM generate_series(${start}, ${end}) i`);
      await c.query(`
        INSERT INTO establishments (siret, siren, nic, is_head_office, status, address_number, address_street_type, address_street, postcode, commune_code, commune_name)
        SELECT '99' || lpad(i::text, 7, '0') || '00010', '99' || lpad(i::text, 7, '0'), '00010', true, 'A',
          (1 + i % 120)::text, 'RUE', 'DE LA REPUBLIQUE', (ARRAY['75008','69002','13001','33000'])[1 + i % 4],
          (ARRAY['75108','69382','13201','33063'])[1 + i % 4], (ARRAY['PARIS','LYON','MARSEILLE','BORDEAUX'])[1 + i % 4]
        FROM generate_series(${start}, ${end}) i`);
      process.stdout.write(`  ${end.toLocaleString('fr-FR')} unités générées\r`);
    }
    await c.query('ANALYZE companies; ANALYZE establishments');
    console.log(`\n  génération : ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  await c.end();
  await handle.close();
}

async function main() {
  if (getEnv().REGISTRY_CACHE !== 'off')
    throw new Error('REGISTRY_CACHE=off attendu (npm run bench:batch)');
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${PG_DB}`;
  if (GENERATE > 0) await generate(url.toString(), GENERATE);
  const probe = new pg.Client({ connectionString: url.toString() });
  await probe.connect().catch(() => {
    throw new Error(
      `base ${PG_DB} absente : préparez-la avec npm run bench:search -- --only pg --prepare-only --pg-db ${PG_DB}`,
    );
  });
  const [{ n }] = (
    await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE siren >= '99'`)
  ).rows as [{ n: number }];
  await probe.end();
  if (n < SIZE * RUNS) throw new Error(`base ${PG_DB} : ${n} unités générées, trop peu`);

  const pool = getEnv().DATABASE_POOL_MAX;
  const handle = connectPostgres(url.toString(), pool, { preparedStatements: true });
  console.log(`Machine : ${machine()}`);
  console.log(
    `PostgreSQL, base ${PG_DB} : ${n.toLocaleString('fr-FR')} unités générées ; pool de ${pool} connexions ; cache des fiches coupé`,
  );
  const times: number[] = [];
  // Runs spread over the corpus, each on SIRENs no earlier run read (a cold page cache as far
  // as PostgreSQL's buffers allow); a first, untimed run warms the prepared statements.
  for (let run = 0; run <= RUNS; run++) {
    const sirens = Array.from({ length: SIZE }, (_, i) => {
      if (i % 20 === 19) return `98${String(run * SIZE + i).padStart(7, '0')}`; // unknown
      const k = 1 + (((run * SIZE + i) * 4999 + 17) % n);
      return `99${String(k).padStart(7, '0')}`;
    });
    const t = performance.now();
    const res = await batchLookup(
      new Request('http://localhost/api/companies/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sirens }),
      }),
      handle.db,
    );
    const body = await res.text();
    const ms = performance.now() - t;
    const items = (JSON.parse(body) as { data: { data: Array<{ found: boolean }> } }).data.data;
    const found = items.filter((x) => x.found).length;
    if (res.status !== 200 || items.length !== SIZE)
      throw new Error(`réponse ${res.status}, ${items.length} fiches`);
    if (run === 0) {
      console.log(`  échauffement : ${ms.toFixed(0)} ms`);
      continue;
    }
    times.push(ms);
    console.log(
      `  lot ${run} : ${SIZE.toLocaleString('fr-FR')} SIREN (${found} trouvés), ${(ms / 1000).toFixed(2)} s, ${(body.length / 1e6).toFixed(1)} Mo`,
    );
  }
  await handle.close();
  if (times.length === 0) return;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `\nLot de ${SIZE.toLocaleString('fr-FR')} SIREN : médiane ${(median / 1000).toFixed(2)} s, pire ${(times.at(-1)! / 1000).toFixed(2)} s (cible : 2 s)`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
