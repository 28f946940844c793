/**
 * bench:accounts — the session lookup and the follow routes under load, on PostgreSQL.
 *
 *   npm run bench:accounts [-- --duration 10 --connections 20]
 *
 * A fresh database (`bench_accounts`, dropped at the end) with the registry fixtures; the route
 * modules of src/app/(account) served by Node's HTTP server in this process (the same handlers
 * Next.js calls, without Next's own overhead); autocannon on the same machine. Prints p50/p95/p99
 * of `GET /api/me` and of follow/unfollow, and the cost of a login (scrypt, Better Auth's
 * defaults). Run under `flock /tmp/heavy.lock` on a shared machine.
 */
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { connectPostgres, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { insertRegistryFixtures } from '../src/registry/testing/fixtures';
import { resetAllRateLimits } from '../src/lib/rate-limit';
import { dispatch, solvedCaptcha, TestClient } from '../src/accounts/testing';

type Instance = PromiseLike<{ errors: number; non2xx: number; requests: { total: number } }> & {
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
  requests?: Array<{
    method: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
  }>;
}) => Instance;

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

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function load(base: string, label: string, opts: Parameters<typeof autocannon>[0]) {
  const times: number[] = [];
  const inst = autocannon({ ...opts, url: base, connections: CONNECTIONS, duration: DURATION });
  inst.on('response', (_c, _s, _b, t) => times.push(t));
  const r = await inst;
  times.sort((a, b) => a - b);
  return {
    label,
    requests: r.requests.total,
    perSecond: Math.round(r.requests.total / DURATION),
    p50: pct(times, 50).toFixed(2),
    p95: pct(times, 95).toFixed(2),
    p99: pct(times, 99).toFixed(2),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const handle: DbHandle = connectPostgres(url.toString(), 10, { preparedStatements: true });
  (globalThis as { __dbHandle?: DbHandle }).__dbHandle = handle;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string') headers.set(k, v);
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
      void dispatch(
        new Request(`http://localhost:3000${req.url}`, { method: req.method, headers, body }),
      )
        .then(async (r) => {
          const out: Record<string, string[] | string> = {};
          r.headers.forEach((v, k) => (out[k] = v));
          const cookies = r.headers.getSetCookie();
          if (cookies.length) out['set-cookie'] = cookies;
          res.writeHead(r.status, out);
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => {
          res.statusCode = 500;
          res.end();
        });
    });
  });
  try {
    await runMigrations(handle);
    await insertRegistryFixtures(handle.db);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
    results.push(
      await load(base, 'GET /api/me', {
        url: base,
        connections: 0,
        duration: 0,
        headers,
        requests: [{ method: 'GET', path: '/api/me' }],
      }),
    );
    results.push(
      await load(base, 'follow / unfollow', {
        url: base,
        connections: 0,
        duration: 0,
        headers,
        requests: [
          { method: 'POST', path: `/api/company/552032534/follow/${list}`, body: '{}' },
          { method: 'DELETE', path: '/api/company/552032534/unfollow', body: '{}' },
        ],
      }),
    );
    console.log(
      `\nbench:accounts — ${CONNECTIONS} connexions, ${DURATION} s par cible, PostgreSQL (${serverUrl.replace(/\/\/[^@]*@/, '//')})`,
    );
    console.table(results);
    console.log(
      `Connexion (POST /login, en série, 20 essais) : p50 ${pct(loginTimes, 50).toFixed(1)} ms, p95 ${pct(loginTimes, 95).toFixed(1)} ms — ` +
        'hachage scrypt de Better Auth : N=16384, r=16, p=1, clé de 64 octets, sel de 16 octets.',
    );
    console.log(
      `Machine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}; load average 1 min : ${os.loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    server.close();
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
