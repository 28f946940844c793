/**
 * npm run bench:network [-- --companies 5000000 --queries 300 --pg-db h28a_bench --prepare-only
 *   --reuse]
 * Timed runs: `flock /tmp/bench.lock npm run bench:network`, after a `--prepare-only` run (under
 * `flock /tmp/heavy.lock`) that generates the corpus.
 *
 * The director network map (src/registry/network.ts) on PostgreSQL at scale. Generates, in SQL
 * (the generate_series approach of bench/search.ts), a corpus of legal units (SIRENs 99xxxxxxx, a
 * range the real sample does not use; never shown as real data) and their directors: one to three
 * people per company drawn from a population of people with a heavy tail (most hold one mandate,
 * a few hundreds), homonyms merged by the person key rule like real ones (name, first first name,
 * birth year-month), and a legal-person director (a holding among the generated companies) on one
 * company in ten. Then prints, for random companies and random directors, the depth-2 answer of
 * the API service (end to end but HTTP: validation, queries, JSON) as p50 / p95 / p99, beside the
 * floor of one indexed query (a company's directors, prepared) on the same companies.
 */
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows, type Db, type DbHandle } from '@/db/client';
import { runMigrations } from '@/db/migrate';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}
const COMPANIES = Number(arg('companies', '5000000'));
const QUERIES = Number(arg('queries', '300'));
const PG_DB = arg('pg-db', 'h28a_bench');
const PREPARE_ONLY = args.includes('--prepare-only');
/** Measure the corpus already generated, whatever its size (a generation stopped early). */
const REUSE = args.includes('--reuse');
/** People: fewer than mandates, so that some hold several. */
const PEOPLE = Math.max(1000, Math.round(COMPANIES * 0.6));

const SURNAMES =
  `MARTIN BERNARD THOMAS PETIT ROBERT RICHARD DURAND DUBOIS MOREAU LAURENT SIMON MICHEL
LEFEBVRE LEROY ROUX DAVID BERTRAND MOREL FOURNIER GIRARD BONNET DUPONT LAMBERT FONTAINE ROUSSEAU VINCENT
MULLER LEFEVRE FAURE ANDRE MERCIER BLANC GUERIN BOYER GARNIER CHEVALIER FRANCOIS LEGRAND GAUTHIER GARCIA
PERRIN ROBIN CLEMENT MORIN NICOLAS HENRY ROUSSEL MATHIEU GAUTIER MASSON MARCHAND DUVAL DENIS DUMONT MARIE
LEMAIRE NOEL MEYER DUFOUR MEUNIER BRUN BLANCHARD GIRAUD JOLY RIVIERE LUCAS BRUNET GAILLARD BARBIER ARNAUD
MARTINEZ GERARD ROCHE RENARD SCHMITT ROY LEROUX COLIN VIDAL CARON PICARD ROGER FABRE AUBERT LEMOINE RENAUD
DUMAS LACROIX OLIVIER PHILIPPE BOURGEOIS PIERRE BENOIT REY LECLERC PAYET ROLLAND LECLERCQ GUILLAUME LECOMTE
LOPEZ JEAN DUPUY GUILLOT HUBERT BERGER CARPENTIER SANCHEZ DUPUIS MOULIN LOUIS DESCHAMPS HUET VASSEUR PEREZ`
    .split(/\s+/)
    .filter(Boolean);
const FIRST_NAMES =
  `JEAN PIERRE MARIE MICHEL ALAIN PHILIPPE NICOLAS CHRISTOPHE PATRICK DANIEL BERNARD
ERIC FREDERIC LAURENT STEPHANE DAVID PASCAL SEBASTIEN JULIEN THIERRY OLIVIER CHRISTIAN FRANCOIS JACQUES
THOMAS ISABELLE NATHALIE SYLVIE CATHERINE FRANCOISE CHRISTINE SANDRINE VALERIE MARTINE SOPHIE CELINE
STEPHANIE ANNE CAROLINE JULIE AURELIE CAMILLE EMMA LEA MANON CHLOE HUGO LUCAS LOUIS GABRIEL ARTHUR`
    .split(/\s+/)
    .filter(Boolean);
const COMMON =
  `BOULANGERIE TRANSPORTS CONSEIL IMMOBILIER BATIMENT GARAGE RESTAURANT PHARMACIE CABINET
HOLDING INVEST GESTION SERVICES DISTRIBUTION CONSTRUCTION NETTOYAGE PLOMBERIE ELECTRICITE TAXI COIFFURE`
    .split(/\s+/)
    .filter(Boolean);
const ROLES = [
  'Président',
  'Gérant',
  'Directeur général',
  'Administrateur',
  'Directeur général délégué',
];

const lit = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (arr: string[], expr: string) => `(${lit(arr)})[1 + (${expr}) % ${arr.length}]`;
const sirenOf = (expr: string) => `('99' || lpad((${expr})::text, 7, '0'))`;

/** A person number drawn with a heavy tail: person 0 holds a few hundred mandates, most one. */
const PERSON = (h: string) =>
  `floor(${PEOPLE} * power(abs(hashint4(${h}))::float8 / 2147483648, 1.5))::int`;

async function generate(db: Db): Promise<void> {
  const chunk = 250_000;
  for (let start = 1; start <= COMPANIES; start += chunk) {
    const end = Math.min(COMPANIES, start + chunk - 1);
    await db.execute(
      sql.raw(`
      INSERT INTO companies (siren, diffusion, name, is_natural_person, last_name, first_names,
        legal_form_code, naf_code, status, creation_date, head_office_nic, open_establishments,
        sirene_updated_at)
      SELECT ${sirenOf('i')}, CASE WHEN i % 10 = 0 AND i % 30 = 0 THEN 'P' ELSE 'O' END,
        CASE WHEN i % 10 = 0 THEN fn || ' ' || sn ELSE cw || ' ' || sn || ' ' || (i % 997) END,
        i % 10 = 0, CASE WHEN i % 10 = 0 THEN sn END, CASE WHEN i % 10 = 0 THEN fn END,
        CASE WHEN i % 10 = 0 THEN '1000' WHEN i % 3 = 0 THEN '5499' ELSE '5710' END,
        '70.22Z', CASE WHEN i % 5 = 0 THEN 'C' ELSE 'A' END, date '1970-01-01' + (i % 20000),
        '00010', 1, timestamp '2026-01-01'
      FROM (SELECT i, ${pick(FIRST_NAMES, 'abs(hashint4(i * 3))')} AS fn,
                 ${pick(SURNAMES, 'abs(hashint4(i * 5))')} AS sn,
                 ${pick(COMMON, 'abs(hashint4(i * 11))')} AS cw
            FROM generate_series(${start}, ${end}) i) g`),
    );
    // People directors: one to three per legal person, the sole trader none (the unit is the person).
    await db.execute(
      sql.raw(`
      INSERT INTO directors (id, siren, kind, role_label, last_name, first_names, birth_year,
        birth_month, person_key, start_date, end_date, source)
      SELECT 'bn-' || s || '-' || j, s, 'person', ${pick(ROLES, 'abs(hashint4(i * 7 + j))')},
        ln, fn, y, m, ln || '|' || fn || '|' || y || '-' || lpad(m::text, 2, '0'),
        date '1990-01-01' + abs(hashint4(i * 13 + j)) % 12000,
        CASE WHEN abs(hashint4(i * 17 + j)) % 6 = 0 THEN date '2024-01-01' END, 'rne'
      FROM (SELECT i, j, ${sirenOf('i')} AS s, p,
                   ${pick(SURNAMES, 'abs(hashint4(p * 3 + 1))')} AS ln,
                   ${pick(FIRST_NAMES, 'abs(hashint4(p * 5 + 2))')} AS fn,
                   1940 + abs(hashint4(p * 7 + 3)) % 60 AS y, 1 + abs(hashint4(p * 11 + 4)) % 12 AS m
            FROM generate_series(${start}, ${end}) i
            CROSS JOIN LATERAL generate_series(1, 1 + abs(hashint4(i * 19)) % 3) j
            CROSS JOIN LATERAL (SELECT ${PERSON('i * 23 + j')} AS p) pp
            WHERE i % 10 <> 0) g`),
    );
    // A legal-person director (a holding among the first 2 % of companies) on one company in ten.
    await db.execute(
      sql.raw(`
      INSERT INTO directors (id, siren, kind, role_label, director_siren, company_name, source)
      SELECT 'bn-' || ${sirenOf('i')} || '-h', ${sirenOf('i')}, 'company', 'Président',
        ${sirenOf('h')}, 'HOLDING ' || h, 'rne'
      FROM (SELECT i, 1 + floor(${Math.max(10, Math.round(COMPANIES * 0.02))} *
                     power(abs(hashint4(i * 29))::float8 / 2147483648, 1.5))::int AS h
            FROM generate_series(${start}, ${end}) i WHERE i % 10 = 1) g
      WHERE h <> i`),
    );
    process.stdout.write(`  ${end.toLocaleString('fr-FR')} unités légales générées\r`);
  }
  process.stdout.write('\n');
}

async function prepare(handle: DbHandle): Promise<void> {
  await runMigrations(handle);
  const [have] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM companies WHERE siren >= '99'`,
  );
  if ((have?.n ?? 0) === COMPANIES || (REUSE && (have?.n ?? 0) > 0)) {
    console.log(`  base existante réutilisée (${have!.n.toLocaleString('fr-FR')} unités générées)`);
    return;
  }
  await handle.db.execute(sql`DELETE FROM directors WHERE siren >= '99'`);
  await handle.db.execute(sql`DELETE FROM companies WHERE siren >= '99'`);
  const t = performance.now();
  await generate(handle.db);
  await handle.db.execute(sql`ANALYZE companies`);
  await handle.db.execute(sql`ANALYZE directors`);
  const [d] = await queryRows<{ n: number; people: number; legal: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n, count(DISTINCT person_key)::int AS people,
          count(*) FILTER (WHERE kind = 'company')::int AS legal
        FROM directors WHERE siren >= '99'`,
  );
  console.log(
    `  génération : ${((performance.now() - t) / 1000).toFixed(0)} s ; ${d!.n.toLocaleString('fr-FR')} mandats, ${d!.people.toLocaleString('fr-FR')} personnes, ${d!.legal.toLocaleString('fr-FR')} dirigeants personnes morales`,
  );
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

type Row = { label: string; times: number[]; nodes: number[]; truncated: number; errors: number };

async function measure(db: Db): Promise<Row[]> {
  const { getCompanyNetworkApi, getDirectorNetworkApi } =
    await import('@/public-api/network-handlers');
  const sirens = (
    await queryRows<{ siren: string }>(
      db,
      sql`SELECT siren FROM companies WHERE siren >= '99' AND NOT is_natural_person
          ORDER BY hashint4(siren::int + 7) LIMIT ${QUERIES}`,
    )
  ).map((r) => r.siren);
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM directors WHERE siren = ANY(${`{${sirens.join(',')}}`}::bpchar[])
          AND kind = 'person' ORDER BY id LIMIT ${QUERIES}`,
    )
  ).map((r) => r.id);
  const rows: Row[] = [];
  const run = async (
    label: string,
    keys: string[],
    call: (k: string) => Promise<{ status: number; body: unknown }>,
  ) => {
    const row: Row = { label, times: [], nodes: [], truncated: 0, errors: 0 };
    for (const k of keys) {
      const t = performance.now();
      const res = await call(k);
      const body = JSON.stringify(res.body);
      row.times.push(performance.now() - t);
      if (res.status !== 200) {
        row.errors++;
        continue;
      }
      const data = (
        JSON.parse(body) as { data: { data: { nodes?: unknown[]; truncated?: boolean } } }
      ).data.data;
      row.nodes.push(data.nodes?.length ?? 0);
      if (data.truncated) row.truncated++;
    }
    rows.push(row);
  };
  // Warm-up: plans and connections, then the timed passes.
  for (const s of sirens.slice(0, 20)) await getCompanyNetworkApi(db, s, '2');
  await run('plancher : une requête indexée (dirigeants d’une entreprise)', sirens, (s) =>
    queryRows(db, sql`SELECT id, person_key FROM directors d WHERE d.siren = ${s}`, {
      prepared: true,
    }).then((r) => ({ status: 200, body: { data: { data: { nodes: r } } } })),
  );
  await run('entreprise, profondeur 1', sirens, (s) => getCompanyNetworkApi(db, s, '1'));
  await run('entreprise, profondeur 2', sirens, (s) => getCompanyNetworkApi(db, s, '2'));
  await run('dirigeant, profondeur 2', ids, (id) => getDirectorNetworkApi(db, id, '2'));
  return rows;
}

async function main(): Promise<void> {
  console.log(
    `Machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} Gio, Node ${process.version}, charge ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [PG_DB]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${PG_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${PG_DB}`;
  const handle = connectPostgres(url.toString(), 4);
  console.log(`PostgreSQL ${PG_DB}, ${COMPANIES.toLocaleString('fr-FR')} unités légales générées`);
  await prepare(handle);
  if (!PREPARE_ONLY) {
    const rows = await measure(handle.db);
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`\n${QUERIES} appels par ligne, de bout en bout sauf HTTP (service de l’API) :`);
    console.log('| mesure | p50 | p95 | p99 | nœuds (médiane / max) | tronqués | erreurs |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const n = r.nodes.length ? `${pct(r.nodes, 50)} / ${Math.max(...r.nodes)}` : '-';
      console.log(
        `| ${r.label} | ${f(pct(r.times, 50))} | ${f(pct(r.times, 95))} | ${f(pct(r.times, 99))} | ${n} | ${r.truncated} | ${r.errors} |`,
      );
    }
    const depth2 = rows.filter((r) => r.label.includes('profondeur 2'));
    const worst = Math.max(...depth2.map((r) => pct(r.times, 95)));
    console.log(
      `\nObjectif profondeur 2 : p95 ≤ 50 ms → ${worst <= 50 ? 'atteint' : 'non atteint'} (${f(worst)}).`,
    );
  }
  await handle.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
