/**
 * `npm run bench:pages`: server time and throughput of the company page and of
 * /api/companies/{siren}, against a static file served by the same server, on PostgreSQL with at
 * least 1,000,000 companies.
 *
 * Data: a dedicated database (BENCH_DATABASE, default `bench_pages` on DATABASE_URL's server or
 * postgres://postgres@127.0.0.1:5432) filled once with generated rows, streamed in with COPY from
 * Node (SIRENs with a valid Luhn key, a head office each, two directors on one company in ten,
 * five fiscal years on one company in twenty). Names are "ENTREPRISE GENEREE nnnnnnn": generated
 * data, for measurement only, never shown as real.
 *
 * Load: autocannon, 20 connections, 10 s per target, with a browser's Accept-Encoding (gzip, deflate,
 * br) on every request; every response time is recorded, so p50 and p95 are exact over the run. Targets, in one run against one server:
 *   - /icon.svg, a static file (the reference for the throughput ratio);
 *   - the floor of the company route: a 404 for an invalid SIREN, the same frame without any
 *     database work;
 *   - the company page "cold": random SIRENs over all the companies, so nearly every request is a
 *     first render (a miss of Next's page cache, rendered from the database);
 *   - the company page "warm": a hot set of HOT (200) SIRENs, each requested until the server
 *     answers `x-nextjs-cache: HIT` before the timing starts, so the run measures page-cache hits;
 *   - /api/companies/{siren} over random SIRENs (misses of the in-process data cache);
 *   - the search API (/api/search/companies) with words of the generated names.
 * The same targets run first with one connection (server time without queueing), then with 20.
 * Run the timed part under `flock /tmp/bench.lock` when the machine is shared.
 *
 *   npm run bench:pages                      builds if needed, starts the site on the bench database
 *   npm run bench:pages -- --companies 2000000
 *   npm run bench:pages -- --url http://…    measures a running site (its database must be the bench one)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { withLuhnKey } from '../src/domain/siren';
import { freePort, waitForServer } from '../scripts/site-process';

// autocannon ships no types; the part used here, typed.
type AutocannonRequest = { method: string; path?: string };
type AutocannonInstance = PromiseLike<{ errors: number; timeouts: number; non2xx: number }> & {
  on(
    event: 'response',
    fn: (client: unknown, status: number, bytes: number, time: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: Array<{ method: string; setupRequest: (req: AutocannonRequest) => AutocannonRequest }>;
}) => AutocannonInstance;

/** What browsers and crawlers send: every target is answered compressed when its server can. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const COMPANIES = Number(arg('--companies') ?? 1_000_000);
const DURATION = Number(arg('--duration') ?? 10);
const CONNECTIONS = Number(arg('--connections') ?? 20);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'bench_pages';
const benchUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/**
 * The n-th generated SIREN. `--siren-stride 3` over the base of `npm run bench:france`
 * (BENCH_DATABASE=france), whose unit i has the body 10,000,000 + 3i.
 */
const SIREN_STRIDE = Number(arg('--siren-stride') ?? 1);
const sirenOf = (n: number) => withLuhnKey(String(10_000_000 + n * SIREN_STRIDE).padStart(8, '0'));
const NAF = [
  '62.02A',
  '70.22Z',
  '47.11F',
  '56.10A',
  '41.20A',
  '68.20B',
  '86.21Z',
  '43.21A',
  '69.20Z',
  '49.41A',
];
const BANDS = ['NN', '00', '01', '02', '03', '11', '12', '21', '22', '31'];
const COMMUNES: Array<[string, string, string]> = [
  ['75109', '75009', 'PARIS'],
  ['69123', '69003', 'LYON'],
  ['13055', '13001', 'MARSEILLE'],
  ['31555', '31000', 'TOULOUSE'],
  ['33063', '33000', 'BORDEAUX'],
  ['35238', '35000', 'RENNES'],
  ['59350', '59000', 'LILLE'],
  ['44109', '44000', 'NANTES'],
];

async function copyRows(client: pg.PoolClient, sqlText: string, rows: () => Generator<string>) {
  const stream = client.query(copyFrom(sqlText));
  await pipeline(Readable.from(rows()), stream);
}

async function ensureData(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const handle = connectPostgres(benchUrl, 2);
  await runMigrations(handle);
  const pool = handle.pool!;
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM companies');
  const have = Number(rows[0]!.n);
  if (have >= COMPANIES) {
    console.log(`Base ${dbName} : ${have.toLocaleString('fr-FR')} entreprises déjà présentes.`);
    await handle.close();
    return;
  }
  console.log(
    `Génération de ${COMPANIES.toLocaleString('fr-FR')} entreprises dans ${dbName} (COPY)…`,
  );
  const t0 = Date.now();
  const client = await pool.connect();
  try {
    await client.query('TRUNCATE companies, establishments, directors, financials');
    await copyRows(
      client,
      `COPY companies (siren, name, legal_form_code, naf_code, status, creation_date, headcount_band,
        head_office_nic, capital_amount, capital_currency, rcs_court, open_establishments, sirene_updated_at)
       FROM STDIN`,
      function* () {
        for (let i = 0; i < COMPANIES; i++) {
          const s = sirenOf(i);
          const c = COMMUNES[i % COMMUNES.length]!;
          yield `${s}\tENTREPRISE GENEREE ${String(i).padStart(7, '0')}\t5710\t${NAF[i % NAF.length]}\t${i % 7 === 0 ? 'C' : 'A'}\t${2000 + (i % 24)}-0${1 + (i % 9)}-1${i % 9}\t${BANDS[i % BANDS.length]}\t00010\t${1000 + (i % 100) * 100}\tEUR\t${c[2]}\t1\t2025-12-01 00:00:00\n`;
        }
      },
    );
    await copyRows(
      client,
      `COPY establishments (siret, siren, nic, is_head_office, status, naf_code, address_number,
        address_street_type, address_street, postcode, commune_code, commune_name) FROM STDIN`,
      function* () {
        for (let i = 0; i < COMPANIES; i++) {
          const s = sirenOf(i);
          const c = COMMUNES[i % COMMUNES.length]!;
          yield `${s}00010\t${s}\t00010\tt\tA\t${NAF[i % NAF.length]}\t${1 + (i % 120)}\tRUE\tDE LA REPUBLIQUE\t${c[1]}\t${c[0]}\t${c[2]}\n`;
        }
      },
    );
    await copyRows(
      client,
      `COPY directors (id, siren, kind, role_label, last_name, first_names, birth_year, birth_month,
        person_key, source) FROM STDIN`,
      function* () {
        for (let i = 0; i < COMPANIES; i += 10) {
          const s = sirenOf(i);
          for (const [k, role] of [
            [1, 'Président'],
            [2, 'Directeur général'],
          ] as const) {
            const last = `NOM${(i * 7 + k) % 50_000}`;
            const year = 1950 + ((i + k) % 50);
            const month = 1 + ((i + k) % 12);
            yield `bench:${s}:${k}\t${s}\tperson\t${role}\t${last}\tPRENOM\t${year}\t${month}\t${last}|PRENOM|${year}-${String(month).padStart(2, '0')}\trne\n`;
          }
        }
      },
    );
    await copyRows(
      client,
      `COPY financials (siren, closing_date, fiscal_year, accounts_type, revenue, net_result, ebitda, ratios, source) FROM STDIN`,
      function* () {
        for (let i = 0; i < COMPANIES; i += 20) {
          const s = sirenOf(i);
          for (let y = 2019; y <= 2023; y++) {
            const rev = 100_000 + ((i * 31 + y) % 10_000_000);
            yield `${s}\t${y}-12-31\t${y}\tC\t${rev}\t${Math.round(rev * 0.06)}\t${Math.round(rev * 0.1)}\t{"autonomie_financiere": 40.1}\tinpi-ratios\n`;
          }
        }
      },
    );
  } finally {
    client.release();
  }
  await pool.query('ANALYZE');
  console.log(`Données générées en ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
  await handle.close();
}

type Figures = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(
  name: string,
  base: string,
  paths: () => string,
  connections = CONNECTIONS,
): Promise<Figures> {
  const times: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: DURATION,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths() }) }],
  });
  instance.on('response', (_client, _status, _bytes, time) => times.push(time));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    rps: times.length / DURATION,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const HOT = 200;
const load1 = () => os.loadavg()[0]!.toFixed(2);

async function measure(base: string): Promise<void> {
  const pick = () => sirenOf(Math.floor(Math.random() * COMPANIES));
  const hot = Array.from({ length: HOT }, pick);
  const slug = (s: string) =>
    `entreprise-generee-${String(Number(s.slice(0, 8)) - 10_000_000).padStart(7, '0')}`;
  // Warm-up: renders the hot set into the page cache (until a HIT), opens the pool.
  let hits = 0;
  for (const s of hot) {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/entreprises/${s}/${slug(s)}`);
      if (r.status !== 200) throw new Error(`page d'entreprise : HTTP ${r.status}`);
      await r.arrayBuffer();
      if (r.headers.get('x-nextjs-cache') === 'HIT') {
        hits++;
        break;
      }
    }
    await (await fetch(`${base}/api/companies/${s}`)).arrayBuffer();
  }
  console.log(
    `Ensemble chaud : ${HOT} pages rendues à l'avance, ${hits} servies depuis le cache de pages (x-nextjs-cache: HIT) avant la mesure.`,
  );
  const cold = () => {
    const s = pick();
    return `/entreprises/${s}/${slug(s)}`;
  };
  const warm = () => {
    const s = hot[Math.floor(Math.random() * hot.length)]!;
    return `/entreprises/${s}/${slug(s)}`;
  };
  const api = () => `/api/companies/${pick()}`;
  // The floor of the company route: an invalid SIREN is a 404 rendered in the same frame (layout,
  // header, footer) without any database work. What a cold page costs above it is the page itself.
  const floor = () => {
    const valid = withLuhnKey(String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
    return `/entreprises/${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}/introuvable`;
  };
  // The search API with words of the generated names (« entreprise generee 0001234 »).
  const search = () =>
    `/api/search/companies?q=${encodeURIComponent(`generee ${String(Math.floor(Math.random() * COMPANIES)).padStart(7, '0')}`)}`;
  const N = CONNECTIONS;
  // [name, paths, connections, target the line is compared with]
  const plan: Array<[string, () => string, number, string]> = [
    ['fichier statique /icon.svg', () => '/icon.svg', 1, 'référence'],
    ['404 sur la même route (plancher)', floor, 1, 'plancher'],
    ['page, froide (SIREN aléatoires)', cold, 1, 'p50 ≤ 10 ms'],
    [`page, chaude (${HOT} SIREN en cache)`, warm, 1, '-'],
    ['API, SIREN aléatoires', api, 1, '-'],
    ['API de recherche', search, 1, '-'],
    ['fichier statique /icon.svg', () => '/icon.svg', N, 'référence du ratio'],
    ['page, froide (SIREN aléatoires)', cold, N, 'p95 ≤ 50 ms'],
    [`page, chaude (${HOT} SIREN en cache)`, warm, N, 'p95 ≤ 50 ms, débit ≥ 1/3'],
    ['API, SIREN aléatoires', api, N, 'p95 ≤ 10 ms'],
    ['API de recherche', search, N, '-'],
  ];
  const results: Array<Figures & { target: string; load: string }> = [];
  for (const [name, paths, connections, target] of plan) {
    const before = load1();
    const label = `${connections} conn. : ${name}`;
    const figures = await load(label, base, paths, connections);
    results.push({ ...figures, target, load: `${before}→${load1()}` });
  }
  {
    // The search API while cold pages are rendered by the same process (issue 29: through Next.js,
    // a search waited behind the renders, p50 880 ms against 7 ms alone).
    const before = load1();
    const [pagesUnder, searchUnder] = await Promise.all([
      load(`${N} conn. : pages froides, pendant la recherche`, base, cold, N),
      load('2 conn. : API de recherche, pendant les pages froides', base, search, 2),
    ]);
    for (const figures of [pagesUnder, searchUnder])
      results.push({ ...figures, target: '-', load: `${before}→${load1()}` });
  }
  const pad = (v: string, n: number) => v.padStart(n);
  console.log(
    `\n${'cible'.padEnd(44)} ${pad('req/s', 7)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('p99 ms', 7)} ${pad('requêtes', 8)} ${pad('err.', 5)} ${pad('non 2xx', 7)} ${pad('charge', 11)}  objectif`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(44)} ${pad(r.rps.toFixed(0), 7)} ${pad(r.p50.toFixed(1), 7)} ${pad(r.p95.toFixed(1), 7)} ${pad(r.p99.toFixed(1), 7)} ${pad(String(r.requests), 8)} ${pad(String(r.errors), 5)} ${pad(String(r.non2xx), 7)} ${pad(r.load, 11)}  ${r.target}`,
    );
  }
  // A target answered with anything but 2xx (but the 404 floor) measured something else: the run
  // fails rather than print its figures as if they were the pages'.
  const wrong = results.filter((r) => !r.name.includes('404') && r.non2xx > r.requests / 100);
  if (wrong.length) {
    console.error(
      `\nMesure invalide : réponses non 2xx sur ${wrong.map((r) => r.name).join(', ')}.`,
    );
    process.exitCode = 1;
  }
  const at = (name: string, connections: number) =>
    results.find((r) => r.name === `${connections} conn. : ${name}`)!;
  const warmName = `page, chaude (${HOT} SIREN en cache)`;
  const coldName = 'page, froide (SIREN aléatoires)';
  const staticRps = at('fichier statique /icon.svg', N).rps;
  console.log(
    `\nUne connexion, p50 : fichier statique ${at('fichier statique /icon.svg', 1).p50.toFixed(1)} ms, 404 de la même route (plancher, sans base) ${at('404 sur la même route (plancher)', 1).p50.toFixed(1)} ms, page en cache ${at(warmName, 1).p50.toFixed(1)} ms, page froide ${at(coldName, 1).p50.toFixed(1)} ms (objectif ≤ 10 ms).`,
  );
  console.log(
    `Débit page / fichier statique (${N} connexions) : page chaude ${(at(warmName, N).rps / staticRps).toFixed(2)} (objectif ≥ 0,9), page froide ${(at(coldName, N).rps / staticRps).toFixed(2)}`,
  );
  console.log(
    'Charge : load average sur 1 minute avant→après chaque cible (2 cœurs partagés ; autocannon tourne sur la même machine que le serveur et PostgreSQL).',
  );
  console.log(
    `Base : PostgreSQL ${dbName}, ${COMPANIES.toLocaleString('fr-FR')} entreprises ; ${CONNECTIONS} connexions, ${DURATION} s par cible.`,
  );
  console.log(
    `Machine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}`,
  );
}

async function main(): Promise<void> {
  await ensureData();
  const urlArg = arg('--url');
  if (urlArg) return measure(urlArg);
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_ENV: 'test',
      HOST: '127.0.0.1',
      // The address the bench calls: outside production another loopback name is redirected
      // (308) to SITE_URL's.
      SITE_URL: `http://127.0.0.1:${port}`,
      // One client address sends every call: the API's per-address quota (src/api-access) is off.
      API_ANONYMOUS_RATE: '0',
      DATABASE_URL: benchUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  let exited = false;
  server.on('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${base}/icon.svg`, 15 * 60_000, () => exited);
    await measure(base);
  } catch (e) {
    console.error((e as Error).message, '\n', log.slice(-4000));
    process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
