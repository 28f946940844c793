import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { services } from '../src/domain/catalogue';
import { baseUrl, launchBrowser, registerInBrowser, storeEssentialConsent } from './browser';

/**
 * Sell only what the order route accepts (issue 38): every « Commander » of five companies' pages
 * (the « Documents » links of the company page, each kind's order page, the service results'
 * buttons, the filings of « Actes et statuts ») is clicked by a signed-in buyer, and the order
 * route takes it (201, or the same order already pending): never a price then a 422.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `e2e-commander-${Date.now().toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const url = (p: string) => new URL(p, baseUrl()).toString();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  await storeEssentialConsent(context);
  page = await context.newPage();
  await registerInBrowser(page, email, password);
});
afterAll(async () => browser?.close());

/** Clicks the first button of `name` on the page, if any: the order route's answer, or null. */
async function order(tab: Page, where: string, name: RegExp): Promise<string | null> {
  const button = tab.locator('main').getByRole('button', { name }).first();
  if ((await button.count()) === 0) return null;
  // React hydrates the button after the HTML shows: wait for the page to settle.
  await tab.waitForLoadState('networkidle');
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
    const tab = await context.newPage();
    for (const siren of sirens) {
      await tab.goto(url(`/entreprises/${siren}`));
      const links = await tab
        .locator(`main a[href^="/documents/entreprise/${siren}/"]`)
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
      for (const href of links) {
        await tab.goto(url(href));
        const r = await order(tab, href, /^Commander/);
        if (r === 'ok') orders++;
        else if (r) refused.push(r);
      }
      for (const service of services.filter((x) => x.orderKind)) {
        const where = `${service.link}/resultats?q=${siren}`;
        await tab.goto(url(where));
        const r = await order(tab, where, /^Commander pour/);
        if (r === 'ok') orders++;
        else if (r) refused.push(r);
      }
      const acts = `/actes-et-statuts/${siren}`;
      await tab.goto(url(acts));
      const r = await order(tab, acts, /^Commander/);
      if (r === 'ok') orders++;
      else if (r) refused.push(r);
    }
    expect(refused).toEqual([]);
    expect(orders).toBeGreaterThan(20);
  }, 900_000);
});
