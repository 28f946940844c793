import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Issue 38, item 5: /documentation-api is a reference generated from the public OpenAPI document
 * by a maintained renderer (Scalar): public operations only, grouped by task, examples in curl
 * and JavaScript, errors and quotas, a search, readable on a 390 px phone, no raw Markdown; the
 * renderer's code loads on that page only.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

type Doc = {
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
};

describe('API reference', () => {
  it('publishes the public operations only, each under a task', async () => {
    const doc = (await (await fetch(new URL('/api/openapi.json', baseUrl()))).json()) as Doc;
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/companies/{siren}');
    expect(paths).toContain('/api/search/companies');
    for (const internal of ['/api/captcha', '/api/payments/webhook', '/api/me', '/login'])
      expect(paths).not.toContain(internal);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    expect(tags.size).toBeGreaterThanOrEqual(5);
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods)) {
        expect(op.tags?.length).toBe(1);
        expect(tags.has(op.tags![0]!)).toBe(true);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '429']));
      }
  });

  it('renders it readable on a phone, with search, curl examples, quotas', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await storeEssentialConsent(context);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    // The home page never loads the renderer.
    await page.goto(new URL('/', baseUrl()).toString(), { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => s.startsWith('/documentation-api/'))).toEqual([]);

    const res = await page.goto(new URL('/documentation-api', baseUrl()).toString());
    expect(res!.status()).toBe(200);
    const reference = page.locator('[data-api-reference]');
    await reference.getByText('Quotas', { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(scripts.some((s) => s.startsWith('/documentation-api/scalar/'))).toBe(true);

    const text = await page.locator('main#contenu').innerText();
    expect(text).toContain('7 appels par seconde');
    expect(text).not.toContain('captcha');
    // Markdown is rendered: no backtick left in what the reader sees.
    expect(text).not.toContain('`');

    // An operation with its example request in curl.
    let html = await reference.innerHTML();
    // The tasks, in the navigation (folded behind its menu on a phone).
    expect(html).toContain('Fiche d’entreprise');
    expect(html).toContain('Traitement par lots');
    // Operations render as they scroll into view: read on until an example request shows.
    for (let i = 0; i < 40 && !/curl/.test(html); i++) {
      await page.evaluate(() => window.scrollBy(0, 900));
      await page.waitForTimeout(250);
      html = await reference.innerHTML();
    }
    expect(html).toMatch(/curl/);

    // A search (in the navigation, folded behind its menu on a phone).
    expect(html).toMatch(/Rechercher/);

    // Nothing wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
