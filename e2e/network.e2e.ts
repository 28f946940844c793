import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The director network map (issue 28) on La Poste's page of the real sample: the page ships a
 * button only; the click loads the data from the API and the map's code as a chunk of its own;
 * a node expands; the list alternative holds the same data; the map exports as PNG and SVG.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

describe('network map', () => {
  it('opens on demand on a company page, expands a node, lists the same data, exports', async () => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    const res = await page.goto(new URL('/entreprises/356000000/la-poste', baseUrl()).toString());
    expect(res!.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    const open = page.getByRole('button', { name: 'Afficher la carte du réseau' });
    await open.scrollIntoViewIfNeeded();
    expect(await page.locator('[data-network-graph]').count()).toBe(0);
    const before = scripts.length;

    const api = page.waitForResponse((r) => r.url().includes('/api/companies/356000000/network'));
    await open.click();
    expect((await api).status()).toBe(200);
    // The map's own chunk arrives after the click, and the graph is drawn as SVG.
    await page.locator('[data-network-graph] text').first().waitFor({ timeout: 30_000 });
    expect(scripts.length).toBeGreaterThan(before);

    // The list alternative: La Poste's legal-person auditor, and a company reached through it.
    const list = page.getByRole('list', { name: /^Réseau de LA POSTE, en liste$/ });
    await list.waitFor();
    const text = await list.innerText();
    expect(text).toContain('KPMG');
    expect(text).toContain('(point de départ)');
    expect(text).toMatch(/DANONE/);

    // Expand a node of the frontier from the keyboard-usable list.
    const expand = list.getByRole('button', { name: /^Afficher les liens de / }).first();
    const expandedName = (await expand.innerText()).replace('Afficher les liens de ', '');
    const more = page.waitForResponse((r) => /\/network\?depth=1$/.test(r.url()));
    await expand.focus();
    await page.keyboard.press('Enter');
    expect((await more).status()).toBe(200);
    await page
      .getByRole('status')
      .filter({ hasText: `Liens de ${expandedName} affichés` })
      .waitFor();

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger la carte (PNG)' }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toBe('reseau.png');
    const pngBytes = readFileSync((await pngFile.path())!);
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');

    const svg = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger la carte (SVG)' }).click();
    const svgFile = await svg;
    expect(svgFile.suggestedFilename()).toBe('reseau.svg');
    const svgText = readFileSync((await svgFile.path())!, 'utf8');
    expect(svgText).toContain('<svg');
    expect(svgText).toContain('LA POSTE');
  });
});
