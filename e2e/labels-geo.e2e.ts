import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Issue 39 in the browser, on the real sample of the default install: the labels in the filter
 * panel (a checkbox, its chip, the URL), the « autour de » search by commune name, and « Autour de
 * moi », which our own Permissions-Policy must allow for the site.
 */
describe('labels and geography on the results pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      ...options,
    });
    await storeEssentialConsent(context);
    return context.newPage();
  }
  const found = (page: Page) =>
    page
      .getByRole('list', { name: 'Entreprises trouvées' })
      .locator('a[href^="/entreprises/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/')[2]!));

  it('filters by a label from the panel: checkbox, chip, URL', { timeout: 60_000 }, async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/recherches-avancees?departement=75`);
    const panel = page.getByRole('form', { name: 'Filtres' });
    await Promise.all([
      page.waitForURL(/label=ess/),
      panel.getByRole('checkbox', { name: /Économie sociale et solidaire/ }).check(),
    ]);
    await expect
      .poll(() => page.getByRole('list', { name: 'Filtres choisis' }).textContent())
      .toContain('Label : Économie sociale et solidaire (ESS)');
    await expect.poll(() => found(page)).toContain('800329849');
    await page.context().close();
  });

  it('finds Danone around Paris, by name and around my position', { timeout: 60_000 }, async () => {
    const page = await newPage({
      geolocation: { latitude: 48.8566, longitude: 2.3522 },
      permissions: ['geolocation'],
    });
    await page.goto(`${baseUrl()}/rechercher?autour=Paris&rayon=10`);
    await expect.poll(() => found(page)).toContain('552032534');
    await page.goto(`${baseUrl()}/recherches-avancees?categorie=GE`);
    await Promise.all([
      page.waitForURL(/lat=48\.8566/),
      page.getByRole('button', { name: 'Autour de moi' }).click(),
    ]);
    await expect.poll(() => found(page)).toContain('552032534');
    expect(await page.getByText('Position indisponible').count()).toBe(0);
    await page.context().close();
  });
});
