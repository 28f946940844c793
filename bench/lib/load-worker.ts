/**
 * Autocannon on its own thread (bench/lib/http.ts, `load`): the client does not share the
 * server's event loop, as a browser would not. Every response time is posted back.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadSpec } from './http';

type Req = { method: string; path: string; body?: string; headers?: Record<string, string> };
type Instance = PromiseLike<unknown> & {
  on(event: 'response', fn: (c: unknown, s: number, b: number, t: number) => void): void;
  on(event: 'reqError', fn: () => void): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: Array<Req & { setupRequest?: (r: Req) => Req }>;
}) => Instance;

const spec = workerData as LoadSpec;
let counter = 0;
let turn = 0;
const inst = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers,
  requests: spec.requests.map(({ paths, numberedBody, ...req }) => ({
    ...req,
    // A distinct body (`%i`, a counter) or the next of several paths on each request.
    setupRequest: (r: Req) => ({
      ...r,
      ...(numberedBody ? { body: numberedBody.replace('%i', String(counter++)) } : {}),
      ...(paths ? { path: paths[turn++ % paths.length]! } : {}),
    }),
  })),
});
// Counted here: inside a worker thread, autocannon's own result is its raw histograms.
const times: number[] = [];
let non2xx = 0;
let errors = 0;
inst.on('response', (_c, status, _b, t) => {
  times.push(t);
  if (status < 200 || status > 299) non2xx++;
});
inst.on('reqError', () => errors++);
void Promise.resolve(inst).then(() =>
  parentPort!.postMessage({ total: times.length, non2xx, errors, times: Float64Array.from(times) }),
);
