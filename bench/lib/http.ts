/**
 * What bench:accounts and bench:orders share: an HTTP server that answers requests the way the
 * production server (scripts/serve.ts) does before Next.js — the client address, the front door
 * (security headers, request checks) — and autocannon load with every response time recorded.
 *
 * Requests then go to `fallback` (the bench's stand-in for Next.js, e.g. the accounts area's route
 * table, src/testing/route-client.ts). Two reference routes go through the same front door as the real
 * ones, so that a load with the same request headers compares like with like:
 * `GET /bench/constant` answers a constant JSON body at once (the ceiling of this machine for an
 * HTTP answer at that concurrency, autocannon on the same cores); `GET /bench/queries/{n}` the
 * same after n prepared `SELECT 1`, one after the other, on the pool given (the floor of a route
 * that makes n database round trips: a session check is one); `GET /bench/queries/{n}w` the same
 * with the last one an `INSERT` that commits (a WAL flush), the floor of a route that writes;
 * `GET /bench/floor/{name}`, a bench's own (bench:orders: the order's INSERT alone).
 * Autocannon runs on a worker thread (bench/lib/load-worker.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';
import { startTsWorker } from '../../src/lib/ts-worker';
import { frontDoor } from '../../src/server/front-door';
import { webRequestOf } from '../../src/server/testing';

/** One kind of request of a load: fixed, or with a numbered body or rotating paths. */
type BenchRequest = {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** A body with `%i` replaced by a counter on each request (distinct orders). */
  numberedBody?: string;
  /** Paths taken in turn (several objects). */
  paths?: string[];
  /** The kind of each request, taken in turn with `paths`: the figures are given per kind too. */
  kinds?: string[];
};
export type LoadSpec = {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: BenchRequest[];
};

const CONSTANT = Buffer.from(JSON.stringify({ data: { data: { ok: true } } }));

/** Starts the server on a free loopback port; its base URL and how to close it. */
export async function startBenchServer(
  fallback: (req: Request) => Promise<Response>,
  db?: Db,
  /** More references: `GET /bench/floor/{name}` runs `floors[name]`, then answers the constant. */
  floors: Record<string, () => Promise<unknown>> = {},
): Promise<{ base: string; close: () => void }> {
  const door = { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null };
  // The table the write floor inserts into (the bench databases are thrown away after).
  if (db)
    await queryRows(
      db,
      sql`CREATE TABLE IF NOT EXISTS bench_floor_writes
            (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`,
    );
  const constant = (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': CONSTANT.length });
    res.end(CONSTANT);
  };
  const server = http.createServer((req, res) => {
    if (frontDoor(req, res, door)) return;
    if (req.url === '/bench/constant') return constant(res);
    const floor = req.url?.startsWith('/bench/floor/') ? floors[req.url.slice(13)] : undefined;
    if (floor) {
      floor().then(
        () => constant(res),
        () => {
          res.statusCode = 500;
          res.end();
        },
      );
      return;
    }
    const queries = /^\/bench\/queries\/(\d)(w?)$/.exec(req.url ?? '');
    if (queries && db) {
      void (async () => {
        const n = Number(queries[1]);
        const write = queries[2] === 'w';
        for (let i = 0; i < (write ? n - 1 : n); i++)
          await queryRows(db, sql`SELECT 1 AS one`, { prepared: true });
        if (write)
          await queryRows(db, sql`INSERT INTO bench_floor_writes DEFAULT VALUES`, {
            prepared: true,
          });
        constant(res);
      })();
      return;
    }
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await fallback(
        webRequestOf(req, chunks.length ? Buffer.concat(chunks) : undefined),
      );
      const headers: Record<string, string | string[]> = {};
      answer.headers.forEach((v, k) => (headers[k] = v));
      if (answer.headers.getSetCookie().length)
        headers['set-cookie'] = answer.headers.getSetCookie();
      res.writeHead(answer.status, headers);
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export type LoadRow = {
  label: string;
  requests: number;
  perSecond: number;
  p50: string;
  p95: string;
  p99: string;
  non2xx: number;
  errors: number;
  /** Per kind of request (`kinds`): response times and statuses. */
  byKind: Record<string, KindRow>;
};

export type KindRow = {
  requests: number;
  p50: string;
  p95: string;
  p99: string;
  /** The answers other than 503 (served, or refused otherwise): p50 and p95. */
  servedP50: string;
  servedP95: string;
  /** The 503 answers: p50 and p95. */
  refusedP50: string;
  refusedP95: string;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Answers that carried Retry-After. */
  retryAfter: number;
};

/**
 * Autocannon against `base` for `duration` seconds, on a worker thread of its own (the server's
 * event loop serves requests only); percentiles of every response time (ms).
 */
export async function load(
  base: string,
  label: string,
  opts: Omit<LoadSpec, 'url'>,
): Promise<LoadRow> {
  const worker = startTsWorker(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), {
    workerData: { url: base, ...opts } satisfies LoadSpec,
  });
  const r = await new Promise<{
    total: number;
    non2xx: number;
    errors: number;
    times: Float64Array;
    byKind: Record<
      string,
      {
        times: number[];
        refusedTimes: number[];
        statuses: Record<string, number>;
        retryAfter: number;
      }
    >;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const times = Array.from(r.times).sort((a, b) => a - b);
  return {
    label,
    requests: r.total,
    perSecond: Math.round(r.total / opts.duration),
    p50: pct(times, 50).toFixed(2),
    p95: pct(times, 95).toFixed(2),
    p99: pct(times, 99).toFixed(2),
    non2xx: r.non2xx,
    errors: r.errors,
    byKind: Object.fromEntries(
      Object.entries(r.byKind).map(([kind, k]) => {
        const sorted = k.times.sort((a, b) => a - b);
        const refused = k.refusedTimes.sort((a, b) => a - b);
        // The other answers' times: every time less the 503s' (both sorted).
        const served: number[] = [];
        for (let i = 0, j = 0; i < sorted.length; i++)
          if (j < refused.length && sorted[i] === refused[j]) j++;
          else served.push(sorted[i]!);
        return [
          kind,
          {
            requests: sorted.length,
            p50: pct(sorted, 50).toFixed(1),
            p95: pct(sorted, 95).toFixed(1),
            p99: pct(sorted, 99).toFixed(1),
            servedP50: pct(served, 50).toFixed(1),
            servedP95: pct(served, 95).toFixed(1),
            refusedP50: pct(refused, 50).toFixed(1),
            refusedP95: pct(refused, 95).toFixed(1),
            statuses: k.statuses,
            retryAfter: k.retryAfter,
          },
        ];
      }),
    ),
  };
}

export function machine(): string {
  return `${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}; load average 1 min : ${os.loadavg()[0]!.toFixed(2)}`;
}
