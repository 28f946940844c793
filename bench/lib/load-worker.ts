/**
 * Autocannon on its own thread (bench/lib/http.ts, `load`): the client does not share the
 * server's event loop, as a browser would not. Every response time is posted back.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadSpec } from './http';

type Req = { method: string; path: string; body?: string; headers?: Record<string, string> };
/** autocannon's context: one per connection, handed to setupRequest and onResponse. */
type Context = { kind?: string };
type Instance = PromiseLike<unknown> & {
  on(event: 'response', fn: (c: unknown, s: number, b: number, t: number) => void): void;
  on(event: 'reqError', fn: () => void): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: Array<
    Req & {
      setupRequest?: (r: Req, context: Context) => Req;
      onResponse?: (status: number, body: unknown, context: Context, headers: object) => void;
    }
  >;
}) => Instance;

const spec = workerData as LoadSpec;
let counter = 0;
let turn = 0;
const inst = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers,
  requests: spec.requests.map(({ paths, kinds, numberedBody, ...req }) => ({
    ...req,
    // A distinct body (`%i`, a counter) or the next of several paths on each request.
    setupRequest: (r: Req, context: Context) => {
      const i = turn++;
      if (kinds) context.kind = kinds[i % kinds.length];
      return {
        ...r,
        ...(numberedBody ? { body: numberedBody.replace('%i', String(counter++)) } : {}),
        ...(paths ? { path: paths[i % paths.length]! } : {}),
      };
    },
    // Called just before the `response` event of the same answer (autocannon, httpClient.js).
    onResponse: (status: number, _body: unknown, context: Context, headers: object) => {
      answered = {
        kind: context.kind ?? '',
        status,
        retryAfter: Object.keys(headers).some((h) => h.toLowerCase() === 'retry-after'),
      };
    },
  })),
});
/** The answer being recorded: its kind of request, status and whether it said Retry-After. */
let answered: { kind: string; status: number; retryAfter: boolean } | null = null;
const byKind: Record<
  string,
  { times: number[]; refusedTimes: number[]; statuses: Record<string, number>; retryAfter: number }
> = {};
// Counted here: inside a worker thread, autocannon's own result is its raw histograms.
const times: number[] = [];
let non2xx = 0;
let errors = 0;
inst.on('response', (_c, status, _b, t) => {
  times.push(t);
  if (status < 200 || status > 299) non2xx++;
  if (spec.requests.some((r) => r.kinds) && answered) {
    const k = (byKind[answered.kind] ??= {
      times: [],
      refusedTimes: [],
      statuses: {},
      retryAfter: 0,
    });
    k.times.push(t);
    if (status === 503) k.refusedTimes.push(t);
    k.statuses[status] = (k.statuses[status] ?? 0) + 1;
    if (answered.retryAfter) k.retryAfter++;
  }
  answered = null;
});
inst.on('reqError', () => errors++);
void Promise.resolve(inst).then(() =>
  parentPort!.postMessage({
    total: times.length,
    non2xx,
    errors,
    times: Float64Array.from(times),
    byKind,
  }),
);
