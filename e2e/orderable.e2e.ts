import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { services } from '../src/domain/catalogue';
import { baseUrl, launchBrowser, registerInBrowser, storeEssentialConsent } from './browser';

/**
 * Sell only what the order route accepts (issue 38): every « Commander » of five companies' pages
 * (the « Documents » links of the company page, each kind's order page, the service results'
 * buttons, the filings of « Actes et statuts ») is clicked by a signed-in buyer, and the order
 * route takes it (201, or the same order already pending): never a price then a 422.
 *
 * The pages are walked by a few tabs at once (one signed-in context), each waiting for its
 * button to be hydrated rather than for the network to go quiet.
 */
let browser: Browser;
let context: BrowserContext;
const email = `e2e-commander-${Date.now().toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const url = (p: string) => new URL(p, baseUrl()).toString();
/**
 * Pages open at once: the site renders two at a time (RENDER_CONCURRENCY), so two keep it busy
 * while the browser hydrates and clicks.
 */
const TABS = 2;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  await storeEssentialConsent(context);
  const page = await context.newPage();
  await registerInBrowser(page, email, password);
  await page.close();
});
afterAll(async () => browser?.close());

/**
 * Opens a page; a page the server does not serve (an error) is a failure. A page its render queue
 * refuses while the machine is busy (503, Retry-After) is asked again after the wait it gives:
 * every page is checked, none skipped.
 */
async function open(tab: Page, where: string): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    const res = await tab.goto(url(where), { waitUntil: 'domcontentloaded' });
    const status = res?.status();
    if (status === 200) return null;
    if (status !== 503 || attempt === 5) return `${where} : page servie en ${status ?? 'aucune'}`;
    const wait = Number(res!.headers()['retry-after']) || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 10) * 1000));
  }
}

/** Clicks the first button of `name` on the page, if any: the order route's answer, or null. */
async function order(tab: Page, where: string, name: RegExp): Promise<string | null> {
  const button = tab.locator('main').getByRole('button', { name }).first();
  if ((await button.count()) === 0) return null;
  // React hydrates the button after the HTML shows: a click before that does nothing. Hydration
  // gives the element its props (React's `__reactProps$…` key); a click from then on is React's.
  const hydrated = await tab
    .waitForFunction(
      (el) => !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$')),
      await button.elementHandle(),
      { timeout: 30_000, polling: 50 },
    )
    .then(() => true)
    .catch(() => false);
  if (!hydrated) return `${where} : « ${await button.textContent()} » jamais hydraté`;
  // /api/{kind}/{siren}/order, /api/director-report/{siren}/order/{n}, /api/document/{id}/order.
  const answer = tab
    .waitForResponse(
      (r) => r.request().method() === 'POST' && /\/order(\/\d+)?$/.test(new URL(r.url()).pathname),
      { timeout: 30_000 },
    )
    .catch(() => null);
  await button.click();
  const res = await answer;
  if (!res) return `${where} : aucune commande envoyée par « ${await button.textContent()} »`;
  const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
  const code = body?.error?.code;
  return res.status() === 201 || res.status() === 200 || code === 'SAME_ORDER_PENDING'
    ? 'ok'
    : `${where} : ${res.status()} ${code ?? ''}`;
}

/**
 * Runs `work` on each item, `TABS` at a time, each in a tab of its own of the signed-in context,
 * closed after it: the navigation a click starts (to the order's payment) ends with its tab and
 * cannot abort the next page's.
 */
async function inTabs<T>(items: T[], work: (tab: Page, item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(TABS, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const tab = await context.newPage();
        try {
          await work(tab, item);
        } finally {
          await tab.close();
        }
      }
    }),
  );
}

describe('every « Commander » of five companies is an order the route takes', () => {
  it('walks the company pages, the order pages, the service results and the filings', async () => {
    const found = (await (
      await fetch(url('/api/search/companies?q=conseil&per_page=3'))
    ).json()) as { data: { data: { results: Array<{ siren: string }> } } };
    const sirens = [
      '552032534',
      '356000000',
      ...found.data.data.results.map((r) => r.siren).filter((s) => s !== '552032534'),
    ].slice(0, 5);
    expect(sirens).toHaveLength(5);
    const refused: string[] = [];
    let orders = 0;

    // Each company page's « Documents » links: an order page each.
    const pages: Array<{ where: string; name: RegExp }> = [];
    await inTabs(sirens, async (tab, siren) => {
      const failed = await open(tab, `/entreprises/${siren}`);
      if (failed) return void refused.push(failed);
      const links = await tab
        .locator(`main a[href^="/documents/entreprise/${siren}/"]`)
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
      for (const where of links) pages.push({ where, name: /^Commander/ });
    });
    for (const siren of sirens) {
      for (const service of services.filter((x) => x.orderKind))
        pages.push({ where: `${service.link}/resultats?q=${siren}`, name: /^Commander pour/ });
      pages.push({ where: `/actes-et-statuts/${siren}`, name: /^Commander/ });
    }

    await inTabs(pages, async (tab, { where, name }) => {
      const failed = await open(tab, where);
      const r = failed ?? (await order(tab, where, name));
      if (r === 'ok') orders++;
      else if (r) refused.push(r);
    });
    expect(refused).toEqual([]);
    expect(orders).toBeGreaterThan(20);
  }, 900_000);
});
