import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * « Signaler une erreur » on Danone's page: the dialog says who holds the chosen information and
 * how to have it corrected; a report on our own processing is sent (captcha solved in the page).
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

describe('signaler une erreur', () => {
  it('gives the guidance of the source, then sends a report on our processing', async () => {
    await page.goto(new URL('/entreprises/552032534/danone', baseUrl()).toString());
    const identity = page.locator('section#identite');
    await identity.getByRole('button', { name: 'Signaler une erreur' }).click();
    const dialog = identity.locator('dialog');
    await dialog.getByLabel('Information erronée').selectOption('adresse_siege');
    const guidance = dialog.getByTestId('report-guidance');
    await expect.poll(() => guidance.innerText()).toContain('Insee');
    expect(await guidance.locator('a[href="https://formalites.entreprises.gouv.fr"]').count()).toBe(
      1,
    );

    await dialog.getByLabel('Information erronée').selectOption('tva');
    await dialog
      .getByLabel('Ce qui est faux, et la bonne information')
      .fill('Le numéro de TVA affiché ne correspond pas.');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    const sent = dialog.getByTestId('report-sent');
    await sent.waitFor({ timeout: 60_000 });
    expect(await sent.innerText()).toMatch(/signalement n° \d+ est enregistré/);
  });
});
