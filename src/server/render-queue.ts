/**
 * The front door's bound on page renders (issue 41). A Node process renders Next's pages on one
 * thread, the thread that also answers the front page cache, the health checks and hands the API
 * to its worker: every render admitted lengthens every answer of the process. Without a bound, a
 * crawler walking the long tail of company pages piled renders up until a cached page waited
 * seconds (bench:cluster: p95 4 s for everything).
 *
 * So a request that would render (a page path not answered by the fast paths or the front page
 * cache: `isRenderRequest`) enters this queue:
 * - at most `concurrency` renders run at once (RENDER_CONCURRENCY, 2 by default: one render's
 *   database round trips overlap the other's CPU; a render is mostly CPU on the one thread, so
 *   more at once only makes each one longer, and the thread busier for the cheap answers);
 * - the others wait in order, as long as the wait this queue expects for them, plus one render,
 *   fits their client's budget (`budgetMs`): with `n` requests ahead, the wait is
 *   `n × average render / concurrency`, the average being a moving one over the last renders'
 *   wall time (each render measured while sharing the thread, so this is the process's actual
 *   rate of completion);
 * - past that budget the request is refused at once, before any work: 503 with `Retry-After` (the
 *   time the queue needs to drain), a short French page for a browser, the API's JSON error for
 *   any other client (`writeBusy`);
 * - a request whose client left while it waited is dropped from the queue; one that waited more
 *   than twice its budget (the renders slowed down after it was let in) is refused then rather
 *   than rendered for nobody.
 *
 * Budgets by client (`clientOf`), from the request's headers:
 * - `navigation`: a person's browser loading a page (`Sec-Fetch-Mode: navigate` or `Sec-Fetch-Dest:
 *   document`), or the site's own client-side navigation (`RSC: 1` without
 *   `Next-Router-Prefetch`): twice the base budget;
 * - `crawler`: a user agent known as a robot (the `isbot` package's list: search engines, SEO
 *   tools, HTTP libraries), or a client-side prefetch (`Next-Router-Prefetch`): half of it; a
 *   crawler is told to come back later, which is what its politeness rules expect of a 503;
 * - `other`: anything else (a script, a browser that sends no fetch metadata): the base budget,
 *   RENDER_BUDGET_MS (800 ms by default).
 * The signals are advisory: a client that pretends to be a browser only waits longer in the same
 * bounded queue, it does not get more renders.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import { failure, failureBody, failureHeaders } from '@/lib/errors';
import { byPrecedence, FILE_ROUTES, matchRoute, ROUTES } from './routes';
import { errorPage, KEPT_HEADERS } from './unavailable';

export type RenderClient = 'navigation' | 'other' | 'crawler';

/** Multiples of the base budget, by client. */
const BUDGET_FACTOR: Record<RenderClient, number> = { navigation: 2, other: 1, crawler: 0.5 };

/** Weight of the latest render in the moving average (about the last ten renders count). */
const SMOOTHING = 0.1;
/** A waiter is refused when it has waited this many times its budget. */
const EXPIRY_FACTOR = 2;

export type RenderQueueOptions = {
  /** Renders at once (RENDER_CONCURRENCY). */
  concurrency?: number;
  /** The base budget of a request, waiting plus rendering, in ms (RENDER_BUDGET_MS). */
  budgetMs?: number;
  /** The average render time assumed before any was measured, in ms. */
  initialRenderMs?: number;
  now?: () => number;
};

type Waiter = {
  client: RenderClient;
  enqueuedAt: number;
  gone?: () => boolean;
  start: (admitted: Admission) => void;
};

/** A request's turn: `release` once its answer is done (or its client gone). */
export type Admission =
  | { ok: true; release: () => void }
  | { ok: false; retryAfterSeconds: number; reason: 'full' | 'expired' | 'gone' };

export class RenderQueue {
  readonly concurrency: number;
  readonly budgetMs: number;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private averageMs: number;
  private readonly now: () => number;
  /** What became of the requests that entered, by client (for the metrics). */
  readonly counts = {
    rendered: { navigation: 0, other: 0, crawler: 0 } as Record<RenderClient, number>,
    refused: { navigation: 0, other: 0, crawler: 0 } as Record<RenderClient, number>,
    expired: { navigation: 0, other: 0, crawler: 0 } as Record<RenderClient, number>,
  };

  constructor(o: RenderQueueOptions = {}) {
    this.concurrency = Math.max(1, Math.floor(o.concurrency ?? 2));
    this.budgetMs = o.budgetMs ?? 800;
    this.averageMs = o.initialRenderMs ?? 100;
    this.now = o.now ?? performance.now.bind(performance);
  }

  /** Renders running now. */
  get rendering(): number {
    return this.running;
  }

  /** Requests waiting for a render. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The moving average of a render's wall time, in ms. */
  get averageRenderMs(): number {
    return this.averageMs;
  }

  /** The budget (waiting plus rendering) of a client, in ms. */
  budgetOf(client: RenderClient): number {
    return this.budgetMs * BUDGET_FACTOR[client];
  }

  /**
   * The wait expected for a request arriving now, in ms: the renders ahead of it (those waiting),
   * finished at the process's rate, `concurrency` every average render time. Zero while a
   * render slot is free.
   */
  expectedWaitMs(): number {
    if (this.running < this.concurrency && this.waiting.length === 0) return 0;
    return ((this.waiting.length + 1) * this.averageMs) / this.concurrency;
  }

  /** Seconds after which the queue should have drained: the `Retry-After` of a refusal. */
  retryAfterSeconds(): number {
    const drainMs = ((this.waiting.length + this.running) * this.averageMs) / this.concurrency;
    return Math.min(60, Math.max(1, Math.ceil(drainMs / 1000)));
  }

  /**
   * A request's turn to render: at once, after its wait, or a refusal. The refusal is decided
   * synchronously (the returned value is not a promise then), so a refused request costs no turn
   * of the event loop.
   */
  enter(client: RenderClient, gone?: () => boolean): Admission | Promise<Admission> {
    if (this.running < this.concurrency && this.waiting.length === 0) return this.admit(client);
    if (this.expectedWaitMs() + this.averageMs > this.budgetOf(client)) {
      this.counts.refused[client]++;
      return { ok: false, retryAfterSeconds: this.retryAfterSeconds(), reason: 'full' };
    }
    return new Promise<Admission>((start) =>
      this.waiting.push({ client, enqueuedAt: this.now(), gone, start }),
    );
  }

  private admit(client: RenderClient): Admission {
    this.running++;
    const started = this.now();
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        this.counts.rendered[client]++;
        const took = this.now() - started;
        this.averageMs += SMOOTHING * (took - this.averageMs);
        this.next();
      },
    };
  }

  /**
   * Starts the next waiters while slots are free: skips those whose client left, refuses those
   * that waited far too long.
   */
  private next(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const w = this.waiting.shift()!;
      if (w.gone?.()) {
        w.start({ ok: false, retryAfterSeconds: 0, reason: 'gone' });
        continue;
      }
      if (this.now() - w.enqueuedAt > EXPIRY_FACTOR * this.budgetOf(w.client)) {
        this.counts.expired[w.client]++;
        w.start({ ok: false, retryAfterSeconds: this.retryAfterSeconds(), reason: 'expired' });
        continue;
      }
      w.start(this.admit(w.client));
    }
  }
}

const PATTERNS = byPrecedence(ROUTES);

/**
 * Whether Next.js would render a page for this request (a page of the route table, or its 404
 * page for a path no route takes): GET or HEAD, outside `/api/` and `/_next/`, not a file (a
 * public file or a file-like route such as /sitemap.xml: its last segment has a dot, which no
 * page path has, slugs being `[a-z0-9-]`), not one of the route handlers outside `/api/`
 * (`FILE_ROUTES` of the route table, src/server/routes.ts).
 */
export function isRenderRequest(req: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (url.startsWith('/api/') || url.startsWith('/_next/')) return false;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname.slice(pathname.lastIndexOf('/') + 1).includes('.')) return false;
  const route = matchRoute(pathname, PATTERNS);
  return !(route && route !== 'bad' && FILE_ROUTES.has(route.pattern));
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Which budget a request gets, from its headers (see the top of this file). */
export function clientOf(headers: IncomingMessage['headers']): RenderClient {
  if (headers['next-router-prefetch'] !== undefined) return 'crawler';
  if (isbot(one(headers['user-agent']) ?? '')) return 'crawler';
  if (headers['sec-fetch-mode'] === 'navigate' || headers['sec-fetch-dest'] === 'document')
    return 'navigation';
  if (headers.rsc === '1') return 'navigation';
  return 'other';
}

const BUSY_TITLE = 'Site très sollicité';
const BUSY_TEXT =
  'Trop de pages sont demandées en ce moment pour que celle-ci s’affiche rapidement. Elle sera disponible dans quelques secondes : réessayez un peu plus tard.';
const BUSY_PAGE = errorPage(BUSY_TITLE, BUSY_TEXT);

/**
 * The refusal of a render: 503 with `Retry-After` and `Cache-Control: no-store`; the short French
 * page for a client that takes HTML (a browser), the API's JSON error (SERVICE_UNAVAILABLE) for
 * any other (a script, the site's client-side navigation).
 */
export function writeBusy(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number) {
  for (const name of res.getHeaderNames()) if (!KEPT_HEADERS.has(name)) res.removeHeader(name);
  const f = failure('SERVICE_UNAVAILABLE', BUSY_TEXT, { retryAfterSeconds });
  const html = (one(req.headers.accept) ?? '').includes('text/html');
  const body = html ? BUSY_PAGE : JSON.stringify(failureBody(f));
  res.statusCode = 503;
  for (const [name, value] of Object.entries(failureHeaders(f))) res.setHeader(name, value);
  res.setHeader('Content-Type', html ? 'text/html; charset=utf-8' : 'application/json');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The front door's step before Next.js (src/server/site.ts): a request that would render waits
 * for its turn, or is refused here (answered: false). The turn is given back when the answer is
 * done or the connection closed.
 */
export function awaitRenderTurn(
  queue: RenderQueue,
  req: IncomingMessage,
  res: ServerResponse,
): boolean | Promise<boolean> {
  if (!isRenderRequest(req)) return true;
  const turn = queue.enter(clientOf(req.headers), () => req.socket.destroyed);
  const take = (t: Admission): boolean => {
    if (t.ok) {
      res.once('close', t.release);
      return true;
    }
    if (t.reason === 'gone') res.destroy();
    else writeBusy(req, res, t.retryAfterSeconds);
    return false;
  };
  return turn instanceof Promise ? turn.then(take) : take(turn);
}
