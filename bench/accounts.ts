/**
 * bench:accounts — the session lookup and the follow routes under load, on PostgreSQL.
 *
 *   npm run bench:accounts [-- --duration 10 --connections 20]
 *
 * A fresh database (`bench_accounts`, dropped at the end) with the registry fixtures, a pool as
 * the production server's (10 connections, named prepared statements). The requests take the
 * production server's path before Next.js (bench/lib/http.ts): the front door, then the route
 * modules of src/app, called directly (the session fast path that answered /api/me and the follow
 * routes ahead of Next.js is gone: it saved about a millisecond). Autocannon runs on a
 * worker thread of this process, on the same 2 cores as the server and PostgreSQL. Prints p50/p95/
 * p99 of `GET /api/me` and of follow/unfollow, the ceiling (a constant JSON answer through the
 * same server, with the same request headers) and the floor (the same after one SQL round trip), and the cost of a login (scrypt, Better Auth's defaults). Run under
 * `flock /tmp/heavy.lock` on a shared machine. `-- --only 'GET /api/me'` runs one target.
 *
 * Figures: see src/accounts/README.md ("Measured").
 */
import pg from 'pg';
import { connectPostgres, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { insertRegistryFixtures } from '../src/registry/testing/fixtures';
import { resetAllRateLimits } from '../src/lib/rate-limit';
import { dispatch, solvedCaptcha, TestClient } from '../src/testing/route-client';
import { load as loadAt, machine, pct, startBenchServer } from './lib/http';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DURATION = Number(arg('--duration') ?? 10);
const CONNECTIONS = Number(arg('--connections') ?? 20);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'bench_accounts';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const handle: DbHandle = connectPostgres(url.toString(), 10, { preparedStatements: true });
  (globalThis as { __dbHandle?: DbHandle }).__dbHandle = handle;
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    await runMigrations(handle);
    await insertRegistryFixtures(handle.db);
    server = await startBenchServer(dispatch, handle.db);
    const base = server.base;

    const c = new TestClient();
    const password = 'une phrase de passe de banc';
    await c.post('/register', {
      email: 'banc@exemple.fr',
      password,
      captcha: await solvedCaptcha(),
    });
    const loginTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      resetAllRateLimits();
      const t0 = performance.now();
      const r = await c.post('/login', { email: 'banc@exemple.fr', password });
      loginTimes.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`login ${r.status}`);
    }
    loginTimes.sort((a, b) => a - b);
    const list = (await c.post('/api/followed-lists', { name: 'Banc' })).body.data.data
      .id as number;
    const headers = {
      cookie: c.cookieHeader(),
      'x-xsrf-token': c.cookies.get('XSRF-TOKEN')!,
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const results = [];
    // `--only <text>`: only the targets whose label holds it (e.g. for a CPU profile of one).
    const only = arg('--only');
    const load = (b: string, label: string, opts: Parameters<typeof loadAt>[2]) =>
      only && !label.includes(only) ? Promise.resolve(null) : loadAt(b, label, opts);
    // The ceiling: a constant JSON answer through the same server (front door included) and the
    // same request headers, autocannon on the same cores; the floors: the same after one prepared
    // SELECT 1 (the least any route that checks a session in the database can do), and after a
    // SELECT 1 then an INSERT that commits (follow and unfollow's shape).
    const get = (path: string) => [{ method: 'GET', path }];
    const targets: [string, { method: string; path: string; body?: string }[]][] = [
      ['plafond : JSON constant', get('/bench/constant')],
      ['plancher : une requête SQL', get('/bench/queries/1')],
      ['plancher : une requête SQL puis une écriture', get('/bench/queries/2w')],
      ['GET /api/me', get('/api/me')],
      [
        'follow / unfollow',
        [
          { method: 'POST', path: `/api/company/552032534/follow/${list}`, body: '{}' },
          { method: 'DELETE', path: '/api/company/552032534/unfollow', body: '{}' },
        ],
      ],
    ];
    for (const [label, requests] of targets)
      results.push(
        await load(base, label, {
          connections: CONNECTIONS,
          duration: DURATION,
          headers,
          requests,
        }),
      );
    console.log(
      `\nbench:accounts — ${CONNECTIONS} connexions, ${DURATION} s par cible, PostgreSQL (${serverUrl.replace(/\/\/[^@]*@/, '//')})`,
    );
    console.table(results.filter(Boolean));
    console.log(
      `Connexion (POST /login, en série, 20 essais) : p50 ${pct(loginTimes, 50).toFixed(1)} ms, p95 ${pct(loginTimes, 95).toFixed(1)} ms — ` +
        'hachage scrypt de Better Auth : N=16384, r=16, p=1, clé de 64 octets, sel de 16 octets.',
    );
    console.log(`Machine : ${machine()}`);
  } finally {
    server?.close();
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
