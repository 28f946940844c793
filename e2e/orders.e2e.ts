import { readFile } from 'node:fs/promises';
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
    await page.getByRole('button', { name: /Commander pour 3,90/ }).click();
    await page.waitForURL(/\/paiement-securise\?order=/, { timeout: 30_000 });
    await fillCompanyDataAndGoToPayment(page);
    await expect(page.getByRole('note').textContent()).resolves.toContain('Mode test');
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/commandes\/[0-9a-f-]{36}/, { timeout: 60_000 });
    await page.locator('[data-state="completed"]').waitFor({ timeout: 90_000 });

    const pdf = await download;
    const { extractText } = await import('unpdf');
    const text = (
      await extractText(new Uint8Array(await readFile((await pdf.path())!)), { mergePages: true })
    ).text;
    expect(text).toContain('DANONE');
    expect(text.replace(/\s/g, '')).toContain(DANONE);

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
  });
});
