/**
 * `npx tsx bench/cold-profile.ts`: where a cold company page's time goes above the floor of its
 * route (issue 41, item 3). The compiled server (`.next/registre/serve.mjs`, run `npm run build`
 * first) under `node --cpu-prof`, on a throw-away PostgreSQL database with the real sample, the
 * registry's data cache and the front page cache off (`REGISTRY_CACHE=off`, `PAGE_CACHE_MAX_MB=0`),
 * the job workers off; one connection:
 *   - warm-up: 30 pages and 30 404s (not counted);
 *   - `--pages` (300) cold company pages of the sample (each requested once: a first render);
 *   - as many 404s of the company route (a SIREN whose check digit is wrong: the frame, no
 *     database read): the floor.
 * Prints each phase's p50 and mean, then the CPU profile's samples of each phase (start-up left
 * out) by where the code comes from, per request, and the functions with the most self time.
 * The profile files stay in the printed folder (open them in Chrome's DevTools).
 *
 *   flock /tmp/heavy.lock npx tsx bench/cold-profile.ts [-- --pages 300]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedIfEmpty } from '../src/ingest/seed';
import { refreshStaleSearchIndex } from '../src/search/indexer';
import { freePort, waitForServer } from '../scripts/site-process';
import { invalidSirenPaths } from './lib/sirens';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const PAGES = Number(arg('--pages') ?? 300);
const SERVER = path.resolve('.next/registre/serve.mjs');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (m: string) => console.log(`[cold-profile] ${m}`);
const load1 = () => os.loadavg()[0]!.toFixed(2);

if (!existsSync(SERVER)) {
  console.error(
    'Serveur compilé absent (.next/registre/serve.mjs) : lancez d’abord `npm run build`.',
  );
  process.exit(1);
}

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Where a frame's code comes from. */
function origin(frame: Node['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'inactif';
  if (functionName === '(program)' || (!url && functionName === '(root)')) return 'natif';
  if (!url) return 'natif';
  if (url.startsWith('node:')) return 'Node';
  if (/node_modules\/next\//.test(url)) {
    if (/react-server-dom|react-dom|compiled\/react/.test(url)) return 'React (dans Next)';
    return 'Next';
  }
  if (/node_modules\/(react|react-dom|scheduler)\//.test(url)) return 'React';
  if (/node_modules\/(pg|pg-pool|pg-protocol|drizzle-orm)\//.test(url)) return 'pg, drizzle';
  if (/\.next\/server\//.test(url)) return 'bundle de l’app (notre code, bibliothèques incluses)';
  if (/\.next\/registre\//.test(url)) return 'serveur (front door)';
  if (/node_modules\//.test(url))
    return `autre paquet (${/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1]})`;
  return 'autre';
}

function summarise(profile: Profile, windows: Array<[string, bigint, bigint, number]>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Sample i is taken at startTime + sum(timeDeltas[0..i]) (µs, the monotonic clock).
  let t = profile.startTime;
  const perWindow = windows.map(() => ({
    total: 0,
    byOrigin: new Map<string, number>(),
    byFn: new Map<string, number>(),
  }));
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const w = windows.findIndex(([, a, b]) => t >= Number(a / 1000n) && t < Number(b / 1000n));
    if (w < 0) continue;
    const node = byId.get(profile.samples[i]!)!;
    const o = origin(node.callFrame);
    const acc = perWindow[w]!;
    acc.total += dt;
    acc.byOrigin.set(o, (acc.byOrigin.get(o) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonyme)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/\.next\//, '.next/')}:${node.callFrame.lineNumber + 1}`;
    acc.byFn.set(fn, (acc.byFn.get(fn) ?? 0) + dt);
  }
  const origins = [...new Set(perWindow.flatMap((w) => [...w.byOrigin.keys()]))];
  const ms = (us: number, n: number) => (us / 1000 / n).toFixed(2);
  console.log(
    `\nÉchantillons du profil par origine, en ms par requête (${windows.map(([l, , , n]) => `${l} : ${n} requêtes`).join(', ')})`,
  );
  console.log(
    `  ${'origine'.padEnd(52)} ${windows.map(([l]) => l.padStart(12)).join(' ')} ${'écart'.padStart(8)}`,
  );
  const rows = origins
    .map((o) => {
      const v = windows.map(([, , , n], i) => (perWindow[i]!.byOrigin.get(o) ?? 0) / 1000 / n);
      return { o, v };
    })
    .sort((a, b) => b.v[0]! - a.v[0]!);
  for (const { o, v } of rows)
    console.log(
      `  ${o.padEnd(52)} ${v.map((x) => x.toFixed(2).padStart(12)).join(' ')} ${(v[0]! - (v[1] ?? 0)).toFixed(2).padStart(8)}`,
    );
  console.log(
    `  ${'total échantillonné'.padEnd(52)} ${windows.map(([, , , n], i) => ms(perWindow[i]!.total, n).padStart(12)).join(' ')}`,
  );
  windows.forEach(([label, , , n], i) => {
    console.log(`\nFonctions au temps propre le plus long, ${label} (ms par requête) :`);
    for (const [fn, us] of [...perWindow[i]!.byFn].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${ms(us, n).padStart(7)}  ${fn.slice(0, 150)}`);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timed(base: string, paths: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const p of paths) {
    const t0 = performance.now();
    const res = await fetch(base + p, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      redirect: 'manual',
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

const dbName = `bench_profile_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const handle = connectPostgres(dbUrl, 2);
const profDir = mkdtempSync(path.join(os.tmpdir(), 'cold-profile-'));
try {
  await runMigrations(handle);
  await seedIfEmpty(handle);
  await refreshStaleSearchIndex(handle.db);
  await handle.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '500', SERVER],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: base,
        DATABASE_URL: dbUrl,
        REGISTRY_CACHE: 'off',
        PAGE_CACHE_MAX_MB: '0',
        JOBS_WORKER: 'off',
        REGISTRY_CHANGE_FEED: 'off',
        RATE_LIMIT_STORE: 'memory',
        LOG_LEVEL: 'warn',
        // One connection, in turn: the render queue never refuses here.
        RENDER_BUDGET_MS: '60000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((r) => server.once('exit', r));
  await waitForServer(`${base}/readyz`, 180_000);
  // The sample's company pages, from the sitemaps.
  const pages: string[] = [];
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  for (const m of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(new URL(new URL(m[1]!).pathname, base))).text();
    for (const u of xml.matchAll(/<loc>([^<]+\/entreprises\/[^<]+)<\/loc>/g))
      pages.push(new URL(u[1]!).pathname);
  }
  const shuffled = pages.filter((p) => p.split('/').length === 4).sort(() => Math.random() - 0.5);
  if (shuffled.length < PAGES + 30) throw new Error(`${shuffled.length} pages seulement`);
  log(`${shuffled.length} pages d’entreprise ; chauffe (30 pages, 30 404)`);
  await timed(base, shuffled.slice(0, 30));
  await timed(base, invalidSirenPaths(30));
  const windows: Array<[string, bigint, bigint, number]> = [];
  const phase = async (label: string, paths: string[]) => {
    const before = load1();
    const a = process.hrtime.bigint();
    const times = (await timed(base, paths)).sort((x, y) => x - y);
    const b = process.hrtime.bigint();
    windows.push([label, a, b, paths.length]);
    const mean = times.reduce((s, x) => s + x, 0) / times.length;
    console.log(
      `${label} : ${paths.length} requêtes, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, moyenne ${mean.toFixed(1)} ms (load average 1 min ${before} → ${load1()})`,
    );
  };
  await phase('page froide', shuffled.slice(30, 30 + PAGES));
  await phase('404 (plancher)', invalidSirenPaths(PAGES));
  server.kill('SIGINT');
  await exited;
  const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
  // The main thread's profile is the largest (the worker thread's holds the API only).
  const main = files
    .map((f) => path.join(profDir, f))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]!;
  log(`profil : ${main}`);
  summarise(JSON.parse(readFileSync(main, 'utf8')) as Profile, windows);
  console.log(
    `\nMachine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version} ; base ${dbName} (échantillon réel, REGISTRY_CACHE=off, cache de pages frontal coupé).`,
  );
} finally {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}
