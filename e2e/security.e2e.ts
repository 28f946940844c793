import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Security headers on every kind of answer (API, fresh page, page from the front page cache) and a
 * home page that runs under its CSP without a single violation in Chromium.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const url = (path: string) => new URL(path, baseUrl()).toString();

function expectSecurityHeaders(h: Headers, what: string) {
  expect(h.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(h.get('permissions-policy'), what).toContain('geolocation=(self)');
}

describe('security headers', () => {
  it(
    'are on API answers, fresh pages and pages served from the front page cache',
    { timeout: 60_000 },
    async () => {
      expectSecurityHeaders((await fetch(url('/api/companies/552032534'))).headers, 'API');
      expectSecurityHeaders((await fetch(url('/opposition'))).headers, 'fresh page');
      // After an opposition (another e2e file) the front cache keeps nothing for 10 s: retry a while.
      let cached = await fetch(url('/entreprises/552032534/danone'));
      for (let i = 0; i < 30 && !cached.headers.get('age'); i++) {
        await cached.arrayBuffer();
        await new Promise((r) => setTimeout(r, 1000));
        cached = await fetch(url('/entreprises/552032534/danone'));
      }
      // `Age` is set only by the front page cache (src/server/page-cache.ts).
      expect(cached.headers.get('age')).not.toBeNull();
      expectSecurityHeaders(cached.headers, 'front-cached page');
    },
  );

  it('lets the home page and the opposition form run without any CSP violation', async () => {
    const context = await browser.newContext();
    await storeEssentialConsent(context);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const messages: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
    });
    for (const path of ['/', '/opposition']) {
      await page.goto(url(path), { waitUntil: 'load' });
      // Late scripts (lazy chunks, the counters' fetch) run before the check.
      await page.waitForTimeout(2000);
      if (path === '/opposition')
        await page.getByText('Vérification anti-robot effectuée.').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual(
        [],
      );
    }
    expect(messages).toEqual([]);
    await context.close();
  });

  it('answers malformed addresses with 400 and unsupported methods with 405', async () => {
    for (const path of ['/api/companies/%ZZ', '/entreprises/%C0%AF/x', '/sitemaps/%ZZ'])
      expect((await fetch(url(path))).status, path).toBe(400);
    const danone = await fetch(url('/api/companies/%2535%2535%2532032534'));
    expect(danone.status).toBe(400);
    expect(await danone.text()).not.toContain('DANONE');
    const big = await fetch(url('/api/opposition/confirmation'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
  });
});
