/**
 * npm run bench:search [-- --pg-rows 5000000 --pglite-rows 1000000 --queries 200 --only pg|pglite
 *   --pg-db bench_search --incremental 10000 --prepare-only --rebuild]
 * Timed runs: `flock /tmp/bench.lock npm run bench:search`, after a `--prepare-only` run that loads
 * the corpus and builds the index outside the lock.
 *
 * Loads a GENERATED corpus of legal units (never shown as real data: SIRENs 99xxxxxxx, a range the sample does not use, names built
 * from legal-form words, frequent French surnames and first names, common trade words and
 * pronounceable made-up words) plus the real sample when the seed is available, builds the search
 * index, then prints median / p95 / p99 per query class, end to end through the API handler and
 * for the SQL alone. PostgreSQL (DATABASE_URL or 127.0.0.1:5432, database bench_search, reused
 * when it already holds the requested size) and PGlite on disk (--pglite-dir, reused likewise).
 *
 * `--existing --pg-db france --only pg`: times the same classes over a base loaded otherwise (the
 * full-size France of `npm run bench:france`, docs/SCALE.md) without touching it: no load, no
 * database setting, the generated units being its SIRENs 100000000–979999999. It also prints
 * where the held-out real names of the relevance set (src/search/relevance/queries.json, the
 * Annuaire's fixtures) rank among them, and the machine's load before and after.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows, wrapPglite, type Db, type DbHandle } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { openPglite } from '@/db/pglite';
import { handleCompanySearch, handleDirectorSearch } from '@/public-api/search-handlers';
import { handleDropIn } from '@/drop-in/handlers';
import { ensureSearchSchema } from '@/search/ddl';
import { COMMON } from './lib/words';
import { rebuildSearchIndex, refreshSearchIndex } from '@/search/indexer';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}
const PG_ROWS = Number(arg('pg-rows', '5000000'));
const PGLITE_ROWS = Number(arg('pglite-rows', '1000000'));
const QUERIES = Number(arg('queries', '200'));
const ONLY = arg('only', 'all');
/** Load the corpus and build the index, without the timed runs (they take /tmp/bench.lock). */
const LOAD_ONLY = args.includes('--prepare-only');
const PG_DB = arg('pg-db', 'bench_search');
const INCREMENTAL = Number(arg('incremental', '10000'));
/** Time the classes over a base as it is (see the header). */
const EXISTING = args.includes('--existing');
/** The generated units the cases are drawn from. */
const GEN = sql.raw(EXISTING ? `siren BETWEEN '100000000' AND '979999999'` : `siren >= '99'`);
/** Generated names starting with a rare word: the bench corpus's, or bench:france's made-up ones. */
const RARE_NAME = EXISTING ? `^([BCDFGKLMNPRSTVZ][AEIOU]){2,3} [A-Z]` : '^[A-Z]{6,8}( [A-Z]+)?$';

const SURNAMES =
  `MARTIN BERNARD THOMAS PETIT ROBERT RICHARD DURAND DUBOIS MOREAU LAURENT SIMON MICHEL LEFEBVRE
LEROY ROUX DAVID BERTRAND MOREL FOURNIER GIRARD BONNET DUPONT LAMBERT FONTAINE ROUSSEAU VINCENT MULLER LEFEVRE
FAURE ANDRE MERCIER BLANC GUERIN BOYER GARNIER CHEVALIER FRANCOIS LEGRAND GAUTHIER GARCIA PERRIN ROBIN CLEMENT
MORIN NICOLAS HENRY ROUSSEL MATHIEU GAUTIER MASSON MARCHAND DUVAL DENIS DUMONT MARIE LEMAIRE NOEL MEYER DUFOUR
MEUNIER BRUN BLANCHARD GIRAUD JOLY RIVIERE LUCAS BRUNET GAILLARD BARBIER ARNAUD MARTINEZ GERARD ROCHE RENARD
SCHMITT ROY LEROUX COLIN VIDAL CARON PICARD ROGER FABRE AUBERT LEMOINE RENAUD DUMAS LACROIX OLIVIER PHILIPPE
BOURGEOIS PIERRE BENOIT REY LECLERC PAYET ROLLAND LECLERCQ GUILLAUME LECOMTE LOPEZ JEAN DUPUY GUILLOT HUBERT
BERGER CARPENTIER SANCHEZ DUPUIS MOULIN LOUIS DESCHAMPS HUET VASSEUR PEREZ BOUCHER FLEURY ROYER KLEIN JACQUET
ADAM PARIS POIRIER MARTY AUBRY GUYOT CARRE CHARLES RENAULT CHARPENTIER MENARD MAILLARD BARON BERTIN BAILLY HERVE
SCHNEIDER FERNANDEZ COLLET LEGER BOUVIER JULIEN PREVOST MILLET PERROT DANIEL COUSIN GERMAIN BRETON BESSON
LANGLOIS REMY PELLETIER LEVEQUE PERRIER LEBLANC BARRE LEBRUN MARCHAL WEBER MALLET HAMON BOULANGER JACOB MONNIER
MICHAUD RODRIGUEZ GUICHARD GILLET ETIENNE GRONDIN POULAIN TESSIER CHEVALLIER COLLIN CHAUVIN BOUCHET GAY
LEMAITRE BENARD MARECHAL HUMBERT REYNAUD ANTOINE HOARAU PERRET BARTHELEMY CORDIER PICHON LEJEUNE GILBERT LAMY`
    .split(/\s+/)
    .filter(Boolean);
const FIRST_NAMES =
  `JEAN PIERRE MARIE MICHEL ALAIN PHILIPPE NICOLAS CHRISTOPHE PATRICK DANIEL BERNARD ERIC FREDERIC
LAURENT STEPHANE DAVID PASCAL SEBASTIEN JULIEN THIERRY OLIVIER CHRISTIAN FRANCOIS JACQUES THOMAS ISABELLE NATHALIE
SYLVIE CATHERINE FRANCOISE CHRISTINE SANDRINE VALERIE MARTINE SOPHIE CELINE STEPHANIE ANNE CAROLINE JULIE AURELIE
CAMILLE EMMA LEA MANON CHLOE HUGO LUCAS LOUIS GABRIEL ARTHUR`
    .split(/\s+/)
    .filter(Boolean);
const LEGAL = ['SARL', 'SAS', 'SCI', 'SOCIETE', 'EURL', 'SASU', 'ETS', 'SNC', 'EARL', 'GAEC'];
/** Postcode, commune code, name, and the centre the generated head offices scatter around. */
const CITIES: Array<[string, string, string, number, number]> = [
  ['75008', '75108', 'PARIS', 48.8727, 2.3125],
  ['75011', '75111', 'PARIS', 48.8591, 2.3794],
  ['69003', '69383', 'LYON', 45.7597, 4.8514],
  ['13001', '13201', 'MARSEILLE', 43.2999, 5.3841],
  ['31000', '31555', 'TOULOUSE', 43.6045, 1.444],
  ['06000', '06088', 'NICE', 43.7102, 7.262],
  ['44000', '44109', 'NANTES', 47.2184, -1.5536],
  ['67000', '67482', 'STRASBOURG', 48.5734, 7.7521],
  ['34000', '34172', 'MONTPELLIER', 43.6108, 3.8767],
  ['33000', '33063', 'BORDEAUX', 44.8378, -0.5792],
  ['59000', '59350', 'LILLE', 50.6292, 3.0573],
  ['35000', '35238', 'RENNES', 48.1173, -1.6778],
  ['51100', '51454', 'REIMS', 49.2583, 4.0317],
  ['97400', '97411', 'SAINT-DENIS', -20.8823, 55.4504],
  ['20000', '2A004', 'AJACCIO', 41.9192, 8.7386],
  ['38000', '38185', 'GRENOBLE', 45.1885, 5.7245],
  ['21000', '21231', 'DIJON', 47.322, 5.0415],
  ['49000', '49007', 'ANGERS', 47.4784, -0.5632],
  ['37000', '37261', 'TOURS', 47.3941, 0.6848],
  ['63000', '63113', 'CLERMONT-FERRAND', 45.7772, 3.087],
];
const NAF = [
  '10.71C',
  '49.41A',
  '70.22Z',
  '68.20B',
  '41.20A',
  '45.20A',
  '56.10A',
  '47.73Z',
  '69.20Z',
  '64.20Z',
  '43.21A',
  '81.21Z',
  '49.32Z',
  '96.02A',
  '62.01Z',
  '85.59A',
  '86.21Z',
  '43.34Z',
  '01.11Z',
  '47.11F',
];

const lit = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** A pronounceable made-up word from a hash: rare tokens, as real registers are full of them. */
const RARE_WORD = (h: string) => `(
  substr('bcdfghjklmnprstvz', get_byte(decode(${h},'hex'),0) % 17 + 1, 1) ||
  substr('aeiou', get_byte(decode(${h},'hex'),1) % 5 + 1, 1) ||
  substr('bcdfghjklmnprstvz', get_byte(decode(${h},'hex'),2) % 17 + 1, 1) ||
  substr('aeiouy', get_byte(decode(${h},'hex'),3) % 6 + 1, 1) ||
  substr('bcdfghjklmnprstvz', get_byte(decode(${h},'hex'),4) % 17 + 1, 1) ||
  substr('aeiou', get_byte(decode(${h},'hex'),5) % 5 + 1, 1) ||
  CASE WHEN get_byte(decode(${h},'hex'),6) % 2 = 0 THEN '' ELSE
    substr('nrlst', get_byte(decode(${h},'hex'),7) % 5 + 1, 1) || substr('aeio', get_byte(decode(${h},'hex'),8) % 4 + 1, 1) END
)`;

async function generate(db: Db, rows: number): Promise<void> {
  const pick = (arr: string[], expr: string) => `(${lit(arr)})[1 + (${expr}) % ${arr.length}]`;
  const chunk = 500_000;
  for (let start = 1; start <= rows; start += chunk) {
    const end = Math.min(rows, start + chunk - 1);
    await db.execute(
      sql.raw(`
      INSERT INTO companies (siren, diffusion, name, is_natural_person, last_name, first_names, legal_form_code,
        naf_code, status, creation_date, headcount_band, category, head_office_nic, capital_amount, open_establishments,
        sirene_updated_at)
      SELECT siren, CASE WHEN kind = 0 AND h3 % 10 = 0 THEN 'P' ELSE 'O' END,
        CASE kind
          WHEN 0 THEN fn || ' ' || sn
          WHEN 1 THEN lg || ' ' || sn
          WHEN 2 THEN cw || ' ' || sn
          WHEN 3 THEN upper(rw) || ' ' || cw
          WHEN 4 THEN upper(rw)
          ELSE lg || ' ' || upper(rw) || ' ' || cw END,
        kind = 0, CASE WHEN kind = 0 THEN sn END, CASE WHEN kind = 0 THEN fn END,
        CASE kind WHEN 0 THEN '1000' WHEN 1 THEN '5499' ELSE '5710' END,
        ${pick(NAF, 'h2')},
        CASE WHEN h3 % 5 = 0 THEN 'C' ELSE 'A' END,
        date '1970-01-01' + (h2 % 20000),
        (ARRAY['NN','NN','NN','00','01','02','03','11','12','21','22','31','41','51'])[1 + (h3 / 7) % 14],
        CASE WHEN h3 % 1000 = 0 THEN 'GE' WHEN h3 % 100 = 0 THEN 'ETI' ELSE 'PME' END,
        '00010', (h2 % 100000) * 10,
        CASE WHEN h3 % 5 = 0 THEN 0 ELSE floor(-ln(((h2 % 9973) + 1) / 9974.0) * 1.2)::int END,
        -- Generated units stand for SIRENE records: dated, so their state is known.
        timestamp '2026-01-01'
      FROM (
        SELECT '99' || lpad(i::text, 7, '0') AS siren,
          CASE WHEN i % 10 < 3 THEN 0 WHEN i % 10 < 5 THEN 1 WHEN i % 10 < 7 THEN 2 WHEN i % 10 < 9 THEN 3
               WHEN i % 20 = 9 THEN 4 ELSE 5 END AS kind,
          ${pick(FIRST_NAMES, 'abs(hashint4(i * 3))')} AS fn,
          (${lit(SURNAMES)})[1 + floor(${SURNAMES.length} * power(abs(hashint4(i * 5))::float8 / 2147483648, 2))::int] AS sn,
          ${pick(LEGAL, 'abs(hashint4(i * 7))')} AS lg,
          ${pick(COMMON, 'abs(hashint4(i * 11))')} AS cw,
          ${RARE_WORD('md5(i::text)')} AS rw,
          abs(hashint4(i * 13)) AS h2, abs(hashint4(i * 17)) AS h3
        FROM generate_series(${start}, ${end}) i
      ) g`),
    );
    await db.execute(
      sql.raw(`
      INSERT INTO establishments (siret, siren, nic, is_head_office, status, postcode, commune_code, commune_name,
        latitude, longitude)
      SELECT c.siren || '00010', c.siren, '00010', true, 'A',
        (${lit(CITIES.map((x) => x[0]))})[k], (${lit(CITIES.map((x) => x[1]))})[k], (${lit(CITIES.map((x) => x[2]))})[k],
        -- Scattered ±0.2° north–south and ±0.3° east–west (about 45 × 45 km) around the centre.
        (ARRAY[${CITIES.map((x) => x[3]).join(',')}]::float8[])[k] + (abs(hashint4(siren::int + 43)) % 40001 - 20000) / 100000.0,
        (ARRAY[${CITIES.map((x) => x[4]).join(',')}]::float8[])[k] + (abs(hashint4(siren::int + 47)) % 60001 - 30000) / 100000.0
      FROM (SELECT siren, 1 + abs(hashint4(siren::int)) % ${CITIES.length} AS k FROM companies
            WHERE siren BETWEEN '99' || lpad('${start}', 7, '0') AND '99' || lpad('${end}', 7, '0')) c`),
    );
    await db.execute(
      sql.raw(`
      INSERT INTO directors (id, siren, kind, role_label, last_name, first_names, birth_year, birth_month, source)
      SELECT 'bench-' || c.siren, c.siren, 'person',
        (ARRAY['Président','Gérant','Directeur général','Administrateur'])[1 + abs(hashint4(c.siren::int + 19)) % 4],
        ${pick(SURNAMES, 'abs(hashint4(c.siren::int + 23))')},
        ${pick(FIRST_NAMES, 'abs(hashint4(c.siren::int + 29))')},
        1940 + abs(hashint4(c.siren::int + 31)) % 60, 1 + abs(hashint4(c.siren::int + 37)) % 12, 'rne'
      FROM companies c
      WHERE c.siren BETWEEN '99' || lpad('${start}', 7, '0') AND '99' || lpad('${end}', 7, '0') AND NOT c.is_natural_person`),
    );
    process.stdout.write(`  ${end.toLocaleString('fr-FR')} unités légales générées\r`);
  }
  process.stdout.write('\n');
}

type QueryCase = { cls: string; path: string; params: Record<string, string> };

async function buildCases(db: Db): Promise<QueryCase[]> {
  const n = QUERIES;
  const sample = await queryRows<{ siren: string; name: string; status: string }>(
    db,
    sql`SELECT siren, name, status FROM search_companies WHERE name IS NOT NULL AND ${GEN}
      ORDER BY hashint4(siren::int) LIMIT ${n * 3}`,
  );
  const rare = await queryRows<{ name: string; department: string }>(
    db,
    sql`SELECT name, department FROM search_companies
      WHERE ${GEN} AND name ~ ${RARE_NAME} AND NOT is_natural_person
      ORDER BY hashint4(siren::int) LIMIT ${n}`,
  );
  const dirs = await queryRows<{
    last_name: string;
    first_names: string | null;
    birth_year: number | null;
  }>(
    db,
    sql`SELECT last_name, first_names, birth_year FROM search_directors ORDER BY hashint4(length(id) + ascii(id)) , id LIMIT ${n}`,
  );
  const cases: QueryCase[] = [];
  const company = (cls: string, q: string, extra: Record<string, string> = {}) =>
    cases.push({ cls, path: '/api/search/companies', params: { q, ...extra } });
  sample.slice(0, n).forEach((r) => company('SIREN', r.siren));
  sample.slice(n, 2 * n).forEach((r) => company('nom exact', r.name));
  rare.forEach((r) => company('préfixe', r.name.split(' ')[0]!.slice(0, 4).toLowerCase()));
  rare.forEach((r) => {
    const w = r.name.split(' ')[0]!;
    const i = 2 + (w.length % 3);
    const typo = w.slice(0, i) + (w[i] === 'E' ? 'A' : 'E') + w.slice(i + 1);
    company('faute de frappe', `${typo} ${r.name.split(' ').slice(1).join(' ')}`.trim());
  });
  for (let i = 0; i < n; i++) {
    const a = [...LEGAL, ...COMMON][i % (LEGAL.length + COMMON.length)]!;
    const b = SURNAMES[(i * 13) % 40]!;
    company('mots courants', `${a} ${b}`.toLowerCase());
  }
  for (let i = 0; i < n; i++) {
    const dep = CITIES[i % CITIES.length]![1].slice(0, 2);
    const dept = dep === '97' ? '974' : dep;
    company('nom + filtres', COMMON[i % COMMON.length]!.toLowerCase(), {
      departement: dept,
      etat: 'actif',
    });
  }
  // Issue 27: name + 3 filters, name + place, a broad filter sorted by size, 10 km around a point.
  const sections = ['C', 'H', 'M', 'L', 'F', 'G'];
  for (let i = 0; i < n; i++) {
    const city = CITIES[i % CITIES.length]!;
    const dep = city[1].startsWith('97') ? city[1].slice(0, 3) : city[1].slice(0, 2);
    company('nom + 3 filtres', COMMON[(i * 7) % COMMON.length]!.toLowerCase(), {
      departement: dep,
      etat: 'actif',
      categorie: 'PME',
    });
    company(
      'nom + lieu',
      `${COMMON[(i * 3) % COMMON.length]!.toLowerCase()} ${city[2].toLowerCase()}`,
    );
    company('filtre large, taille', '', {
      departement: dep === '2A' ? '75' : dep,
      activite: sections[i % sections.length]!,
      tri: 'taille',
    });
    // Points spread over Paris (hashed, the same every run).
    const lat = 48.82 + ((i * 37) % 100) / 1000;
    const lon = 2.26 + ((i * 61) % 150) / 1000;
    company('10 km autour (Paris)', '', { lat: lat.toFixed(4), lon: lon.toFixed(4), rayon: '10' });
    cases.push({ cls: 'plancher (SELECT 1)', path: '/floor', params: {} });
  }
  // Issue 28: the drop-in for the government's search API, every block (siege, dirigeants,
  // finances, complements, matching_etablissements), its default 10 per page.
  const dropIn = (cls: string, params: Record<string, string>, kind = 'search') =>
    cases.push({ cls, path: `/api/recherche-entreprises/${kind}`, params });
  sample.slice(0, n).forEach((r) => dropIn('drop-in SIREN', { q: r.siren }));
  for (let i = 0; i < n; i++) {
    const a = [...LEGAL, ...COMMON][i % (LEGAL.length + COMMON.length)]!;
    dropIn('drop-in nom', { q: `${a} ${SURNAMES[(i * 13) % 40]!}`.toLowerCase() });
    const lat = 48.82 + ((i * 37) % 100) / 1000;
    const lon = 2.26 + ((i * 61) % 150) / 1000;
    dropIn(
      'drop-in near_point',
      { lat: lat.toFixed(4), long: lon.toFixed(4), radius: '2' },
      'near_point',
    );
  }
  dirs.forEach((d, i) =>
    cases.push({
      cls: 'dirigeant',
      path: '/api/search/directors',
      // Some directors have no first name or no birth year: the query leaves them out.
      params: {
        name: (i % 2
          ? [d.first_names, d.last_name]
          : [d.last_name, d.first_names, i % 4 === 0 ? d.birth_year : null]
        )
          .filter(Boolean)
          .join(' '),
      },
    }),
  );
  return cases;
}

/**
 * Where the held-out real names rank among the generated ones: the relevance set of the real
 * sample (src/search/relevance/queries.json), company queries, top 1 and top 5.
 */
async function heldOut(db: Db): Promise<void> {
  const { queries } = (
    await import('../src/search/relevance/queries.json', {
      with: { type: 'json' },
    })
  ).default as { queries: Array<{ query: string; siren: string; search?: string }> };
  const { searchCompanies } = await import('@/search/companies');
  let n = 0;
  let top1 = 0;
  let top5 = 0;
  const misses: string[] = [];
  for (const q of queries) {
    if (q.search === 'director') continue;
    n++;
    const r = await searchCompanies(db, { q: q.query, perPage: 5 });
    const rank = r.ok ? r.value.results.findIndex((c) => c.siren === q.siren) : -1;
    if (rank === 0) top1++;
    if (rank >= 0) top5++;
    else if (misses.length < 10) misses.push(`« ${q.query} » → ${q.siren} hors des 5 premiers`);
    else if (rank !== 0 && misses.length < 10) misses.push(`« ${q.query} » → rang ${rank + 1}`);
  }
  console.log(
    `Noms réels tenus à part (relevance/queries.json) : ${n} requêtes, premier ${top1} (${((top1 / n) * 100).toFixed(1)} %), dans les 5 premiers ${top5} (${((top5 / n) * 100).toFixed(1)} %)` +
      (misses.length ? `\n  ${misses.join('\n  ')}` : ''),
  );
}

/** A Db whose execute() adds its time to a counter: the SQL share of a request. */
function timedDb(db: Db, counter: { ms: number }): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (...a: unknown[]) => {
          const t = performance.now();
          try {
            return await (target.execute as (...x: unknown[]) => Promise<unknown>).apply(target, a);
          } finally {
            counter.ms += performance.now() - t;
          }
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function runCases(handle: DbHandle, label: string): Promise<void> {
  const cases = await buildCases(handle.db);
  const counter = { ms: 0 };
  const db = timedDb(handle.db, counter);
  type Stats = { api: number[]; sql: number[]; empty: number; errors: number };
  // Two passes: the first (cold cache, right after the build) and the second (steady state).
  const passes: Array<Map<string, Stats>> = [];
  for (let pass = 0; pass < 2; pass++) {
    const byClass = new Map<string, Stats>();
    for (const c of cases) {
      counter.ms = 0;
      const t = performance.now();
      const res = await run(c);
      const api = performance.now() - t;
      const entry = byClass.get(c.cls) ?? { api: [], sql: [], empty: 0, errors: 0 };
      entry.api.push(api);
      entry.sql.push(counter.ms);
      if (res.status !== 200) {
        if (entry.errors++ === 0) console.log(`  erreur (${c.cls}) : ${await res.text()}`);
      } else {
        const body = (await res.json()) as {
          data?: { data: { total: number } };
          total_results?: number;
        };
        if ((body.data?.data.total ?? body.total_results) === 0) entry.empty++;
      }
      byClass.set(c.cls, entry);
    }
    passes.push(byClass);
  }
  async function run(c: QueryCase): Promise<Response> {
    const url = new URL(`http://bench${c.path}`);
    for (const [k, v] of Object.entries(c.params)) if (v !== '') url.searchParams.set(k, v);
    const req = new Request(url);
    // The floor: one trivial query through the same driver, in the same run.
    if (c.path === '/floor') {
      await db.execute(sql`SELECT 1`);
      return Response.json({ data: { data: { total: 1 } } });
    }
    if (c.path.startsWith('/api/recherche-entreprises/'))
      return handleDropIn(db, req, c.path.endsWith('near_point') ? 'near_point' : 'search');
    return c.path.endsWith('directors')
      ? handleDirectorSearch(db, req)
      : handleCompanySearch(db, req);
  }
  const f = (x: number) => x.toFixed(1).padStart(7);
  for (const [i, byClass] of passes.entries()) {
    console.log(
      `\n${label}, ${i === 0 ? '1er passage (cache froid)' : '2e passage (régime établi)'}`,
    );
    console.log(
      '| classe            | requêtes | API médiane | API p95 | API p99 | SQL médiane | SQL p95 | SQL p99 | vides | erreurs |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const [cls, e] of byClass) {
      console.log(
        `| ${cls.padEnd(17)} | ${String(e.api.length).padStart(8)} | ${f(pct(e.api, 50))} ms | ${f(pct(e.api, 95))} ms | ${f(pct(e.api, 99))} ms | ${f(pct(e.sql, 50))} ms | ${f(pct(e.sql, 95))} ms | ${f(pct(e.sql, 99))} ms | ${String(e.empty).padStart(5)} | ${String(e.errors).padStart(7)} |`,
      );
    }
  }
}

/**
 * Incremental update of the search index: INCREMENTAL generated legal units renamed and ceased,
 * their rows updated (refreshSearchIndex with changedSirens), then restored and updated again so
 * that the database stays the same for the next run.
 */
async function measureIncremental(db: Db): Promise<void> {
  const rows = await queryRows<{ siren: string }>(
    db,
    sql`SELECT siren FROM companies WHERE ${GEN} ORDER BY hashint4(siren::int + 41) LIMIT ${INCREMENTAL}`,
  );
  const sirens = rows.map((r) => r.siren);
  const list = `{${sirens.join(',')}}`;
  await db.execute(sql`UPDATE companies SET name = name || ' NOUVEAU', status = 'C'
    WHERE siren = ANY(${list}::bpchar[])`);
  let t = performance.now();
  await refreshSearchIndex(db, { changedSirens: sirens });
  const first = performance.now() - t;
  await db.execute(sql`UPDATE companies SET name = left(name, length(name) - 8), status = 'A'
    WHERE siren = ANY(${list}::bpchar[]) AND name LIKE '% NOUVEAU'`);
  t = performance.now();
  await refreshSearchIndex(db, { changedSirens: sirens });
  const second = performance.now() - t;
  console.log(
    `\nMise à jour incrémentale de l'index, ${sirens.length.toLocaleString('fr-FR')} unités modifiées : ${(first / 1000).toFixed(1)} s (renommées et cessées), ${(second / 1000).toFixed(1)} s (rétablies)`,
  );
}

async function prepare(handle: DbHandle, rows: number): Promise<void> {
  await runMigrations(handle);
  await ensureSearchSchema(handle.db);
  const [have] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM companies WHERE siren >= '99'`,
  );
  const [indexed] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM search_companies`,
  );
  const [real] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM companies WHERE siren < '99'`,
  );
  // A corpus generated before the units were dated by SIRENE would index them as records of
  // unknown state (issue 16): date them, then rebuild the index.
  const dated = await queryRows<{ n: number }>(
    handle.db,
    sql`WITH u AS (UPDATE companies SET sirene_updated_at = '2026-01-01'
        WHERE siren >= '99' AND sirene_updated_at IS NULL RETURNING 1) SELECT count(*)::int AS n FROM u`,
  );
  // A corpus generated before the coordinates (issue 27): place its head offices, then rebuild.
  const placed = await queryRows<{ n: number }>(
    handle.db,
    sql.raw(`WITH u AS (UPDATE establishments e SET
        latitude = (ARRAY[${CITIES.map((x) => x[3]).join(',')}]::float8[])[k] + (abs(hashint4(e.siren::int + 43)) % 40001 - 20000) / 100000.0,
        longitude = (ARRAY[${CITIES.map((x) => x[4]).join(',')}]::float8[])[k] + (abs(hashint4(e.siren::int + 47)) % 60001 - 30000) / 100000.0
      FROM (SELECT 1 + abs(hashint4(siren::int)) % ${CITIES.length} AS k, siren FROM establishments
            WHERE siren >= '99' AND latitude IS NULL) x
      WHERE e.siren = x.siren RETURNING 1) SELECT count(*)::int AS n FROM u`),
  );
  const undated = (dated[0]?.n ?? 0) > 0 || (placed[0]?.n ?? 0) > 0;
  if ((have?.n ?? 0) !== rows || (real?.n ?? 0) === 0) {
    await handle.db.execute(sql`DELETE FROM directors WHERE id LIKE 'bench-%'`);
    await handle.db.execute(sql`DELETE FROM establishments WHERE siren >= '99'`);
    await handle.db.execute(sql`DELETE FROM companies WHERE siren >= '99'`);
    // The real sample first: seedIfEmpty only loads into an empty database.
    try {
      const { seedIfEmpty } = await import('@/ingest/seed');
      const r = await seedIfEmpty(handle);
      console.log(`  échantillon réel : ${r.loaded ? 'chargé' : r.reason}`);
    } catch (e) {
      console.log(`  échantillon réel non chargé : ${(e as Error).message}`);
    }
    let t = performance.now();
    await generate(handle.db, rows);
    console.log(`  génération : ${((performance.now() - t) / 1000).toFixed(0)} s`);
    t = performance.now();
    const stats = await rebuildSearchIndex(handle.db);
    console.log(
      `  index de recherche : ${((performance.now() - t) / 1000).toFixed(0)} s, ${stats.companies.toLocaleString('fr-FR')} unités, ${stats.names.toLocaleString('fr-FR')} noms, ${stats.postings.toLocaleString('fr-FR')} entrées, ${stats.directors.toLocaleString('fr-FR')} dirigeants`,
    );
  } else if ((indexed?.n ?? 0) < rows || undated || args.includes('--rebuild')) {
    const t = performance.now();
    await rebuildSearchIndex(handle.db);
    console.log(`  index de recherche : ${((performance.now() - t) / 1000).toFixed(0)} s`);
  } else {
    console.log(`  base existante réutilisée (${rows.toLocaleString('fr-FR')} unités générées)`);
  }
}

async function main(): Promise<void> {
  console.log(
    `Machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} Gio, Node ${process.version}`,
  );
  if (EXISTING) {
    const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const url = new URL(serverUrl);
    url.pathname = `/${PG_DB}`;
    const handle = connectPostgres(url.toString(), 4);
    const [size] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM search_companies`,
    );
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(
      `\nPostgreSQL ${PG_DB} tel quel, ${size!.n.toLocaleString('fr-FR')} unités dans l'index, charge ${load()}`,
    );
    await heldOut(handle.db);
    await runCases(handle, `PostgreSQL ${PG_DB} (${QUERIES} requêtes par classe)`);
    console.log(`\ncharge à la fin : ${load()}`);
    if (INCREMENTAL > 0) await measureIncremental(handle.db);
    await handle.close();
    return;
  }
  if (ONLY !== 'pglite') {
    const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [PG_DB]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${PG_DB}`);
    await admin.query(`ALTER DATABASE ${PG_DB} SET maintenance_work_mem = '2GB'`);
    await admin.query(`ALTER DATABASE ${PG_DB} SET work_mem = '128MB'`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${PG_DB}`;
    const handle = connectPostgres(url.toString(), 4);
    console.log(`\nPostgreSQL, ${PG_ROWS.toLocaleString('fr-FR')} unités légales générées`);
    await prepare(handle, PG_ROWS);
    if (!LOAD_ONLY) {
      await runCases(
        handle,
        `PostgreSQL ${PG_ROWS.toLocaleString('fr-FR')} (${QUERIES} requêtes par classe)`,
      );
      if (INCREMENTAL > 0) await measureIncremental(handle.db);
    }
    await handle.close();
  }
  if (ONLY !== 'pg') {
    // On disk, not in memory: a million rows and their indexes would crowd the 4 GiB of WASM memory.
    const dir = arg('pglite-dir', path.join(os.tmpdir(), 'bench-search-pglite'));
    const handle = wrapPglite(await openPglite(dir));
    console.log(
      `\nPGlite (${dir}), ${PGLITE_ROWS.toLocaleString('fr-FR')} unités légales générées`,
    );
    await prepare(handle, PGLITE_ROWS);
    if (!LOAD_ONLY) {
      await runCases(
        handle,
        `PGlite ${PGLITE_ROWS.toLocaleString('fr-FR')} (${QUERIES} requêtes par classe)`,
      );
      if (INCREMENTAL > 0) await measureIncremental(handle.db);
    }
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
