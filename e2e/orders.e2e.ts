import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';
import { fillCompanyDataAndGoToPayment, payWithCard } from './checkout';

/**
 * Buying a document in Chromium with the built-in test provider: register, order Danone's
 * establishments list from its page, fill the company-data form, pay with 4242…, watch
 * /commandes/{id} poll to completed, open the downloaded files (company name and SIREN), find the
 * invoice in /mon-compte.
 */
let browser: Browser;
let page: Page;
const email = `e2e-orders-${Date.now().toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const DANONE = '552032534';
const url = (p: string) => new URL(p, baseUrl()).toString();
/** « 1 établissement dans nos données sur 19 déclarés au répertoire Sirene (source : …) » */
const COVERAGE =
  /\d+ établissements? dans nos données sur 19 déclarés au répertoire Sirene \(source : [^)]+\)?, données du/;
const DANONE_NAMED = 'DANONE (SIREN 552 032 534)';

/** Space between the top of <main> and the page's H1 (it sat against the header). */
async function h1Gap(p: Page): Promise<number> {
  await p.locator('main h1').first().waitFor({ timeout: 30_000 });
  return p.evaluate(
    () =>
      document.querySelector('main h1')!.getBoundingClientRect().top -
      document.querySelector('main')!.getBoundingClientRect().top,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ acceptDownloads: true });
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

describe('ordering in the browser', () => {
  it('orders, pays with a test card and downloads the establishments list of Danone', async () => {
    await page.goto(url('/register'));
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.fill('#password_confirmation', password);
    await page.click('[data-testid="register-form"] button[type="submit"]');
    await page.waitForURL(/\/verify-email/, { timeout: 60_000 });

    await page.goto(url(`/liste-etablissements/${DANONE}`));
    // Before payment, the product page says what the list covers against the registry's total.
    expect(
      ((await page.locator('[data-coverage]').textContent()) ?? '').replace(/\s+/g, ' '),
    ).toMatch(COVERAGE);
    await page.getByRole('button', { name: /Commander pour 3,90/ }).click();
    await page.waitForURL(/\/paiement-securise\?order=/, { timeout: 30_000 });
    // The recap names the company, not « SIREN 552032534 » alone; the H1 has room above it.
    await page.getByText(DANONE_NAMED).first().waitFor({ timeout: 30_000 });
    expect(await h1Gap(page)).toBeGreaterThanOrEqual(16);
    await fillCompanyDataAndGoToPayment(page);
    await expect(page.getByRole('note').textContent()).resolves.toContain('Mode test');
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/commandes\/[0-9a-f-]{36}/, { timeout: 60_000 });
    await page.locator('[data-state="completed"]').waitFor({ timeout: 90_000 });
    await page.getByText(DANONE_NAMED).first().waitFor({ timeout: 30_000 });
    expect(await h1Gap(page)).toBeGreaterThanOrEqual(16);

    const pdf = await download;
    const { extractText } = await import('unpdf');
    const text = (
      await extractText(new Uint8Array(await readFile((await pdf.path())!)), { mergePages: true })
    ).text;
    expect(text).toContain('DANONE');
    expect(text.replace(/\s/g, '')).toContain(DANONE);
    expect(text.replace(/\s+/g, ' ')).toMatch(COVERAGE);

    const csvDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Télécharger (CSV)' }).click();
    const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).replace(
      /^\uFEFF/,
      '',
    );
    const rows = csv.trim().split(/\r?\n/);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]!.replace(/\s/g, '')).toContain(DANONE);
  });

  it('lists the order and its invoice in /mon-compte', async () => {
    await page.goto(url('/mon-compte#orders'));
    // In the orders tab (the same words are a link of the menus, hidden until opened).
    const orders = page.getByRole('tabpanel');
    await orders.getByText('Liste des établissements').first().waitFor({ timeout: 30_000 });
    await orders
      .getByRole('link', { name: /Facture n° F\d{4}-\d{6}/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await orders.getByText(DANONE_NAMED).first().waitFor({ timeout: 30_000 });
    // The invoice's line names the company too.
    await orders
      .getByText(`Liste des établissements — ${DANONE_NAMED}`)
      .first()
      .waitFor({ timeout: 30_000 });
  });

  it('keeps the orders tab accessible and within a phone’s width', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url('/mon-compte#orders'));
    const orders = page.getByRole('tabpanel');
    await orders.getByText(DANONE_NAMED).first().waitFor({ timeout: 30_000 });
    // Both tables (orders, then invoices and credit notes) are shown, each in its scroll region
    // (a div: the tab's sections are regions too).
    const regions = orders.locator('div[role="region"]');
    await regions.nth(1).waitFor({ timeout: 30_000 });
    // The page does not pan sideways: the tables scroll in their own regions.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(await regions.count()).toBeGreaterThanOrEqual(2);
    expect(await regions.first().getAttribute('tabindex')).toBe('0');
    expect(await regions.first().getAttribute('aria-label')).toBeTruthy();
    // A wide table says it scrolls.
    await orders
      .getByText(/Faites défiler le tableau/)
      .first()
      .waitFor({ timeout: 10_000 });
    const result = await new AxeBuilder({ page })
      .include('[role="tabpanel"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
