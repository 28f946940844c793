import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteMetrics } from './metrics';
import { FrontPageCache } from './page-cache';
import {
  clientOf,
  isRenderRequest,
  RenderQueue,
  type Admission,
  type RenderClient,
} from './render-queue';
import { patternOfFile, routeFiles } from './route-table';
import { FILE_ROUTES } from './routes';
import { siteHandler } from './site';
import { rawRequest, startTestServer, type TestServer } from './testing';

/** A clock the test moves. */
function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Enters `n` requests of this client; the admissions given at once, and the waits. */
function enterMany(q: RenderQueue, client: RenderClient, n: number) {
  const out: Array<Admission | Promise<Admission>> = [];
  for (let i = 0; i < n; i++) out.push(q.enter(client));
  return out;
}
const refusals = (l: Array<Admission | Promise<Admission>>) =>
  l.filter((a) => !(a instanceof Promise) && !a.ok).length;

describe('the render queue', () => {
  it('runs at most `concurrency` renders and queues what fits the budget, then refuses at once', () => {
    // 2 at once, 100 ms a render: the n-th waiter (from 0) expects (n + 1) × 50 ms, plus its own
    // render, 100 ms; within 800 ms: 14 waiters.
    const c = clock();
    const q = new RenderQueue({ concurrency: 2, budgetMs: 800, initialRenderMs: 100, now: c.now });
    const first = enterMany(q, 'other', 2);
    expect(first.every((a) => !(a instanceof Promise) && a.ok)).toBe(true);
    expect(q.rendering).toBe(2);
    const next = enterMany(q, 'other', 15);
    expect(next.slice(0, 14).every((a) => a instanceof Promise)).toBe(true);
    expect(q.queued).toBe(14);
    const refused = next[14] as Admission;
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 1, reason: 'full' });
    expect(q.counts.refused.other).toBe(1);
  });

  it('gives a crawler half the wait of a script, a browser navigation twice', () => {
    const fill = (client: RenderClient) => {
      const q = new RenderQueue({ concurrency: 2, budgetMs: 800, initialRenderMs: 100 });
      enterMany(q, client, 2);
      const waits = enterMany(q, client, 100);
      return waits.length - refusals(waits);
    };
    // (n + 1) × 50 + 100 ≤ 400, 800, 1600.
    expect(fill('crawler')).toBe(6);
    expect(fill('other')).toBe(14);
    expect(fill('navigation')).toBe(30);
  });

  it('starts the waiters in order as renders end, and learns the render time', async () => {
    const c = clock();
    const q = new RenderQueue({
      concurrency: 1,
      budgetMs: 10_000,
      initialRenderMs: 100,
      now: c.now,
    });
    const running = q.enter('other') as Admission;
    const order: number[] = [];
    const waits = [1, 2, 3].map((i) =>
      (q.enter('other') as Promise<Admission>).then((a) => (order.push(i), a)),
    );
    c.advance(1000);
    if (running.ok) running.release();
    const second = await waits[0]!;
    expect(order).toEqual([1]);
    // One render of 1,000 ms moves the average a tenth of the way: 100 → 190 ms.
    expect(q.averageRenderMs).toBeCloseTo(190);
    expect(q.rendering).toBe(1);
    if (second.ok) second.release();
    if (second.ok) second.release(); // twice: counted once
    const third = await waits[1]!;
    expect(q.rendering).toBe(1);
    expect(q.counts.rendered.other).toBe(2);
    if (third.ok) third.release();
    await waits[2];
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses a slow queue sooner: the budget is in time, not in places', () => {
    const c = clock();
    const q = new RenderQueue({ concurrency: 2, budgetMs: 800, initialRenderMs: 100, now: c.now });
    for (let i = 0; i < 30; i++) {
      const a = q.enter('other') as Admission;
      c.advance(400);
      if (a.ok) a.release();
    }
    expect(q.averageRenderMs).toBeGreaterThan(380);
    enterMany(q, 'other', 2);
    const waits = enterMany(q, 'other', 10);
    // ~387 ms a render: (n + 1) × 194 + 387 ≤ 800, 2 waiters (14 at 100 ms a render).
    expect(waits.length - refusals(waits)).toBe(2);
  });

  it('refuses a waiter that waited twice its budget, and skips one whose client left', async () => {
    const c = clock();
    const q = new RenderQueue({ concurrency: 1, budgetMs: 800, initialRenderMs: 100, now: c.now });
    const running = q.enter('other') as Admission;
    const late = q.enter('other') as Promise<Admission>;
    let left = false;
    const gone = q.enter('other', () => left) as Promise<Admission>;
    const last = q.enter('navigation') as Promise<Admission>;
    c.advance(1700);
    left = true;
    if (running.ok) running.release();
    expect(await late).toMatchObject({ ok: false, reason: 'expired' });
    expect(await gone).toMatchObject({ ok: false, reason: 'gone' });
    // A navigation's budget is 1,600 ms: 1,700 ms is within twice that.
    expect(await last).toMatchObject({ ok: true });
    expect(q.counts.expired.other).toBe(1);
  });
});

describe('what goes through the render queue', () => {
  const render = (url: string, method = 'GET') => isRenderRequest({ url, method });

  it('pages and the 404 of unknown paths render; files, the API and route handlers do not', () => {
    expect(render('/entreprises/552032534/danone')).toBe(true);
    expect(render('/entreprises/552032534/danone?onglet=dirigeants')).toBe(true);
    expect(render('/')).toBe(true);
    expect(render('/une-page-inconnue/sous-page')).toBe(true);
    expect(render('/entreprises/552032534/danone', 'HEAD')).toBe(true);
    expect(render('/entreprises/552032534/danone', 'POST')).toBe(false);
    expect(render('/api/companies/552032534')).toBe(false);
    expect(render('/api/recherche-entreprises/search?q=danone')).toBe(false);
    expect(render('/_next/static/chunks/main.js')).toBe(false);
    expect(render('/icon.svg')).toBe(false);
    expect(render('/sitemap.xml')).toBe(false);
    expect(render('/sitemaps/entreprises-1.xml')).toBe(false);
    expect(render('/sanctum/csrf-cookie')).toBe(false);
    expect(render('/orders/abc/download')).toBe(false);
  });

  it('knows every route handler outside /api/ (route.ts of src/app), and nothing else', () => {
    const handlers = routeFiles()
      .filter((f) => f.endsWith('/route.ts'))
      .map(patternOfFile)
      .filter((p) => !p.startsWith('/api/'))
      .sort();
    expect([...FILE_ROUTES].sort()).toEqual(handlers);
  });

  it('tells a browser navigation and a crawler from other clients by their headers', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(clientOf({ 'user-agent': chrome, 'sec-fetch-mode': 'navigate' })).toBe('navigation');
    expect(clientOf({ 'user-agent': chrome, 'sec-fetch-dest': 'document' })).toBe('navigation');
    expect(clientOf({ 'user-agent': chrome, rsc: '1' })).toBe('navigation');
    expect(clientOf({ 'user-agent': chrome, rsc: '1', 'next-router-prefetch': '1' })).toBe(
      'crawler',
    );
    expect(clientOf({ 'user-agent': chrome })).toBe('other');
    expect(clientOf({})).toBe('other');
    for (const bot of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'python-requests/2.31.0',
      'curl/8.5.0',
    ])
      expect(clientOf({ 'user-agent': bot, 'sec-fetch-mode': 'navigate' })).toBe('crawler');
  });
});

/**
 * The front door with a stand-in for Next.js whose page renders last until the test lets them
 * end: while renders are held, cached pages, the API and files are answered, and a page past the
 * queue's bound is refused 503 at once.
 */
describe('the front door under renders', () => {
  let server: TestServer;
  const held: Array<() => void> = [];
  // A clock that stands still: every render takes 0 ms, whatever the machine's load.
  const renders = new RenderQueue({
    concurrency: 2,
    budgetMs: 400,
    initialRenderMs: 100,
    now: () => 0,
  });
  const pages = new FrontPageCache();
  const metrics = new SiteMetrics({ db: () => null, pools: () => [], renderQueue: renders });
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    if (!isRenderRequest(req)) {
      res.setHeader('Content-Type', 'text/plain');
      return void res.end('fichier');
    }
    await new Promise<void>((r) => held.push(r));
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 's-maxage=600');
    res.setHeader('x-nextjs-cache', 'MISS');
    res.end(`<html>${req.url}</html>`);
  };

  beforeAll(async () => {
    server = await startTestServer(
      siteHandler({
        door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
        registryApi: (req, res) => {
          if (!(req.url ?? '').startsWith('/api/companies/')) return false;
          res.setHeader('Content-Type', 'application/json');
          res.end('{"siren":"552032534"}');
          return true;
        },
        pages,
        renders,
        next,
        metrics: { metrics },
      }),
    );
  });
  afterAll(async () => {
    for (const release of held.splice(0)) release();
    await server?.close();
  });

  it('serves cheap requests beside held renders and refuses the page that would wait too long', async () => {
    // A page cached before the load.
    const cachedFirst = rawRequest(`${server.base}/entreprises/552032534/danone`);
    await expect.poll(() => held.length).toBe(1);
    held.shift()!();
    expect((await cachedFirst).status).toBe(200);
    await pages.settled();

    // The one render took 0 ms: the average went from 100 to 90 ms. Two renders run, the queue
    // holds what 400 ms allow: (n + 1) × 45 + 90 ≤ 400, 6 waiters.
    const cold = Array.from({ length: 8 }, (_, i) =>
      rawRequest(`${server.base}/entreprises/00000000${i}/froide`),
    );
    await expect.poll(() => held.length + renders.queued).toBe(8);
    expect(renders.rendering).toBe(2);

    const [cached, api, file, refusedHtml, refusedJson] = await Promise.all([
      rawRequest(`${server.base}/entreprises/552032534/danone`, { 'accept-encoding': 'gzip' }),
      rawRequest(`${server.base}/api/companies/552032534`),
      rawRequest(`${server.base}/icon.svg`),
      rawRequest(`${server.base}/entreprises/111111118/encore`, {
        accept: 'text/html,application/xhtml+xml',
        'sec-fetch-mode': 'no-cors',
      }),
      rawRequest(`${server.base}/entreprises/222222226/encore`, { accept: '*/*' }),
    ]);
    // Answered while every render is still held.
    expect(held.length).toBe(2);
    expect(cached.status).toBe(200);
    expect(cached.headers['x-nextjs-cache']).toBe('HIT');
    expect(api.status).toBe(200);
    expect(file.body.toString()).toBe('fichier');

    expect(refusedHtml.status).toBe(503);
    expect(refusedHtml.headers['retry-after']).toBe('1');
    expect(refusedHtml.headers['cache-control']).toBe('no-store');
    expect(refusedHtml.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refusedHtml.headers['content-security-policy']).toBeTruthy();
    expect(refusedHtml.body.toString()).toContain('<html lang="fr">');
    expect(refusedHtml.body.toString()).toContain('Site très sollicité');
    expect(refusedJson.status).toBe(503);
    expect(refusedJson.headers['content-type']).toBe('application/json');
    expect(JSON.parse(refusedJson.body.toString())).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/réessayez/) },
    });

    // A browser's navigation waits a little longer: it still gets a place.
    const navigation = rawRequest(`${server.base}/entreprises/333333334/navigation`, {
      'sec-fetch-mode': 'navigate',
    });
    await expect.poll(() => renders.queued).toBe(7);

    while (held.length + renders.queued > 0) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()!();
    }
    const answers = await Promise.all([...cold, navigation]);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));

    const text = await metrics.registry.metrics();
    expect(text).toContain('render_queue_requests_total{result="refused",client="other"} 2');
    expect(text).toContain('render_queue_requests_total{result="rendered",client="navigation"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/entreprises\/\[siren\]\/\[companyName\]",method="GET",status="503"\} 2/,
    );
  });
});
