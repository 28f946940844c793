import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The site's own calls never meet the public API's limits (issue 38): a person types « danone » at
 * 20 keys a second while a colleague's script on the same address (127.0.0.1 here) calls the
 * public API; the suggestions show and the page sees no 429, sends none of its calls to the
 * public API, and one request per pause, not one per key. The results page asks for no
 * suggestion it does not show.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  await storeEssentialConsent(context);
  return context.newPage();
}

/** The page's calls under /api/, with their status. */
function record(page: Page): Array<{ path: string; status: number }> {
  const seen: Array<{ path: string; status: number }> = [];
  page.on('response', (r: Response) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/'))
      seen.push({ path: u.pathname + u.search, status: r.status() });
  });
  return seen;
}

describe('suggestions beside a script using the public API', () => {
  it('shows the suggestions for « danone » typed at 20 keys a second, without a 429', async () => {
    let stop = false;
    const script: number[] = [];
    // The colleague's script: the public API at 20 calls a second from the same address.
    const colleague = (async () => {
      while (!stop) {
        const r = await fetch(`${baseUrl()}/api/search/companies?q=danone&per_page=1`);
        script.push(r.status);
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    const page = await newPage();
    await page.goto(`${baseUrl()}/entreprises/356000000/la-poste`);
    const seen = record(page);
    const box = page.locator('header').getByRole('combobox');
    await box.click();
    await box.pressSequentially('danone', { delay: 50 });
    await page
      .getByRole('option', { name: /DANONE/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    stop = true;
    await colleague;
    expect(script.length).toBeGreaterThan(5);
    const suggestions = seen.filter((s) => /suggest|\/api\/search\//.test(s.path));
    expect(seen.filter((s) => s.status === 429)).toEqual([]);
    // None of the page's calls is counted in the public API's quota.
    expect(seen.filter((s) => s.path.startsWith('/api/search/'))).toEqual([]);
    // One request per pause (150 ms after the last key), not one per key.
    expect(suggestions.length).toBeGreaterThanOrEqual(1);
    expect(suggestions.length).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  it('sends no suggestion request from a results page until the person types', async () => {
    const page = await newPage();
    const seen = record(page);
    await page.goto(`${baseUrl()}/resultats?q=danone`);
    await page
      .locator('main')
      .getByRole('combobox', { name: /Nom, SIREN/ })
      .waitFor();
    await page.waitForTimeout(1500);
    expect(seen.filter((s) => /suggest|\/api\/search\/companies\?/.test(s.path))).toEqual([]);
    await page.context().close();
  });
});
