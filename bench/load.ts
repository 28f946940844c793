/**
 * Mixed load on the production server over PostgreSQL (issue 17): company pages, registry API,
 * search and home page, 50 connections for 60 s (autocannon). Starts the site like `npm start` on
 * a throw-away database seeded with the real sample, and prints req/s, p50/p95/p99 and errors.
 *
 *   flock /tmp/heavy.lock npx tsx bench/load.ts [--duration 60] [--connections 50] [--url http://…]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import pg from 'pg';
import { freePort, waitForServer } from '../scripts/site-process';

type Req = { method?: string; path?: string };
type Instance = PromiseLike<{ errors: number; timeouts: number; non2xx: number }> & {
  on(
    event: 'response',
    fn: (c: unknown, status: number, bytes: number, time: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ method: string; setupRequest: (req: Req) => Req }>;
}) => Instance;

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DURATION = Number(arg('--duration') ?? 60);
const CONNECTIONS = Number(arg('--connections') ?? 50);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function targets(
  base: string,
): Promise<{ pages: string[]; sirens: string[]; words: string[] }> {
  const res = await fetch(`${base}/api/search/companies?q=a&per_page=20`);
  const words = [
    'danone',
    'boulangerie',
    'sas',
    'paris',
    'dupont',
    'transport',
    'conseil',
    'martin',
  ];
  const sirens = new Set<string>(['552032534']);
  for (const w of words) {
    const r = await fetch(`${base}/api/search/companies?q=${w}`);
    const body = (await r.json()) as { data?: { data?: { results?: Array<{ siren: string }> } } };
    for (const c of body.data?.data?.results ?? []) sirens.add(c.siren);
  }
  await res.arrayBuffer();
  const pages: string[] = [];
  for (const s of [...sirens].slice(0, 150)) {
    const r = await fetch(`${base}/entreprises/${s}`, { redirect: 'manual' });
    const location = r.headers.get('location');
    await r.arrayBuffer();
    if (location) pages.push(new URL(location, base).pathname);
  }
  return { pages, sirens: [...sirens], words };
}

async function measure(base: string): Promise<void> {
  const { pages, sirens, words } = await targets(base);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  // Half company pages (most soon cached), a quarter API, the rest search and home.
  const next = (): string => {
    const r = Math.random();
    if (r < 0.5) return pick(pages);
    if (r < 0.75) return `/api/companies/${pick(sirens)}`;
    if (r < 0.9) return `/api/search/companies?q=${encodeURIComponent(pick(words))}`;
    return '/';
  };
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  instance.on('response', (_c, status, _b, time) => {
    times.push(time);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  console.log(
    `Charge mixte : ${pages.length} fiches, ${sirens.length} SIREN pour l'API, ${words.length} recherches ; ${CONNECTIONS} connexions, ${DURATION} s`,
  );
  console.log(
    `req/s ${(times.length / DURATION).toFixed(1)} | p50 ${percentile(times, 50).toFixed(0)} ms | p95 ${percentile(times, 95).toFixed(0)} ms | p99 ${percentile(times, 99).toFixed(0)} ms | erreurs ${result.errors + result.timeouts} | non-2xx ${result.non2xx}`,
  );
  console.log(`statuts : ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  console.log(
    `Machine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}, charge ${os.loadavg()[0]!.toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  const urlArg = arg('--url');
  if (urlArg) return measure(urlArg);
  const name = `bench_load_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
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
      DATABASE_URL: url.toString(),
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
    await new Promise((r) => setTimeout(r, 3000));
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

await main();
