import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser';

/**
 * Issue 41: under more page renders than the server can finish in time, what cannot be served is
 * refused at once with 503 and Retry-After (src/server/render-queue.ts), while the cached pages
 * and the API keep answering. The built site with its default settings (2 renders at once,
 * 800 ms budget, 400 ms for a crawler), a crowd of crawlers asking for company pages never
 * rendered (random SIRENs: each one a render of the page or of its 404).
 */
const url = (path: string) => new URL(path, baseUrl()).toString();
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const randomSiren = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

type Seen = { status: number; retryAfter: string | null; cacheControl: string | null };

/** `n` crawlers asking for cold pages one after the other until `stop()`. */
function crawlers(n: number) {
  const seen: Seen[] = [];
  let running = true;
  const loops = Array.from({ length: n }, async () => {
    while (running) {
      const res = await fetch(url(`/entreprises/${randomSiren()}/inconnue`), {
        headers: { 'user-agent': GOOGLEBOT, accept: 'text/html' },
        redirect: 'manual',
      });
      await res.arrayBuffer();
      seen.push({
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        cacheControl: res.headers.get('cache-control'),
      });
    }
  });
  return {
    seen,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A page rendered once before the crowd: then served from the front page cache.
  for (let i = 0; i < 3; i++) await (await fetch(url('/entreprises/552032534/danone'))).text();
});
afterAll(async () => browser?.close());

describe('more renders than the server can finish in time', () => {
  it('refuses cold pages with 503 and Retry-After, serves cached pages and the API meanwhile, and shows a French page', async () => {
    const crowd = crawlers(96);
    try {
      await expect
        .poll(() => crowd.seen.some((s) => s.status === 503), { timeout: 30_000 })
        .toBe(true);

      // The cached page and the API during the overload.
      const cached = await fetch(url('/entreprises/552032534/danone'), {
        headers: { 'user-agent': GOOGLEBOT },
      });
      expect(cached.status).toBe(200);
      expect(await cached.text()).toContain('FR27552032534');
      const api = await fetch(url('/api/companies/552032534'));
      expect(api.status).toBe(200);

      // A crawler's navigation in Chromium, while the crowd keeps the queue full: the refusal
      // is the short French page, not a blank answer.
      const context = await browser.newContext({ userAgent: GOOGLEBOT });
      const page = await context.newPage();
      let refusal: { status: number; retryAfter: string | undefined } | null = null;
      for (let i = 0; i < 10 && !refusal; i++) {
        const res = await page.goto(url(`/entreprises/${randomSiren()}/inconnue`));
        if (res?.status() === 503)
          refusal = { status: 503, retryAfter: (await res.allHeaders())['retry-after'] };
      }
      expect(refusal).not.toBeNull();
      expect(Number(refusal!.retryAfter)).toBeGreaterThanOrEqual(1);
      await expect(page.title()).resolves.toBe('Site très sollicité');
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      expect(await page.locator('body').innerText()).toContain('réessayez un peu plus tard');
      await context.close();
    } finally {
      await crowd.stop();
    }
    // Nothing else than pages (the 404 of an unknown company, or a redirect to the right name of
    // one that exists) and refusals.
    const statuses = new Set(crowd.seen.map((s) => s.status));
    expect([...statuses].filter((s) => ![200, 308, 404, 503].includes(s))).toEqual([]);
    for (const s of crowd.seen.filter((x) => x.status === 503)) {
      expect(Number(s.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(s.cacheControl).toBe('no-store');
    }
  });
});
