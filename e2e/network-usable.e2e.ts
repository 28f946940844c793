import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Issue 38, item 4: the network map is usable. Its labels keep a readable size on screen at
 * every zoom (desktop and phone, also after an entity is developed and the map zoomed out), the
 * mouse wheel scrolls the page (the map zooms with Ctrl + wheel or its buttons), and the keyboard
 * focus goes into what opened and back to the opener on close: the map, an entity developed from
 * the list, and the « Signaler une erreur » dialog after its report is sent.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function newPage(width: number, height: number, mobile = false): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: mobile,
  });
  await storeEssentialConsent(context);
  return context.newPage();
}

/** The smallest font size, in screen pixels, of the labels written on the map. */
function smallestLabel(page: Page): Promise<{ count: number; px: number }> {
  return page.locator('[data-network-graph]').evaluate((svg) => {
    const sizes = [...svg.querySelectorAll('text')].map((t) => {
      const ctm = (t as SVGGraphicsElement).getScreenCTM();
      const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      return parseFloat(getComputedStyle(t).fontSize) * scale;
    });
    return { count: sizes.length, px: sizes.length ? Math.min(...sizes) : 0 };
  });
}

const activeText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName}:${(el.textContent ?? '').trim()}` : 'BODY';
  });

async function openMap(page: Page) {
  await page.goto(new URL('/entreprises/356000000/la-poste', baseUrl()).toString());
  const open = page.getByRole('button', { name: 'Afficher la carte du réseau' });
  await open.scrollIntoViewIfNeeded();
  await open.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-network-graph] text').first().waitFor({ timeout: 30_000 });
}

describe('network map, usable', () => {
  it('moves the focus in and back, keeps labels readable at every zoom, lets the wheel scroll', async () => {
    const page = await newPage(1280, 800);
    await openMap(page);
    // Focus: on the map's title once open.
    await expect.poll(() => activeText(page)).toBe('H3:Carte du réseau de LA POSTE');

    // Labels at least 12 px on screen, written for the nearest entities at least.
    const first = await smallestLabel(page);
    expect(first.count).toBeGreaterThan(3);
    expect(first.px).toBeGreaterThanOrEqual(12);

    // Develop an entity from the list with the keyboard: its button goes away, the focus stays
    // on its entry.
    const list = page.getByRole('list', { name: /^Réseau de LA POSTE, en liste$/ });
    const expand = list.getByRole('button', { name: /^Afficher les liens de / }).first();
    const name = (await expand.innerText()).replace('Afficher les liens de ', '');
    await expand.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Liens de ${name} affichés` })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? ''))
      .toContain(name);

    // Zoomed out as far as the buttons go: labels keep their size on screen.
    for (let i = 0; i < 8; i++)
      await page.getByRole('button', { name: 'Réduire la carte' }).click();
    const out = await smallestLabel(page);
    expect(out.count).toBeGreaterThan(0);
    expect(out.px).toBeGreaterThanOrEqual(12);

    // The wheel over the map scrolls the page and leaves the zoom alone.
    const graph = page.locator('[data-network-graph]');
    await graph.scrollIntoViewIfNeeded();
    const box = (await graph.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const zoomBefore = await graph.getAttribute('data-zoom');
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore);
    expect(await graph.getAttribute('data-zoom')).toBe(zoomBefore);

    // Ctrl + wheel and « + » zoom the map.
    await graph.scrollIntoViewIfNeeded();
    const b2 = (await graph.boundingBox())!;
    await page.mouse.move(b2.x + b2.width / 2, b2.y + b2.height / 2);
    const zoomed = Number(await graph.getAttribute('data-zoom'));
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect
      .poll(async () => Number(await graph.getAttribute('data-zoom')))
      .toBeGreaterThan(zoomed);
    const wheeled = Number(await graph.getAttribute('data-zoom'));
    await page.getByRole('button', { name: 'Agrandir la carte' }).click();
    expect(Number(await graph.getAttribute('data-zoom'))).toBeGreaterThan(wheeled);

    // Closing gives the focus back to the opener.
    await page.getByRole('button', { name: 'Fermer la carte' }).click();
    await expect.poll(() => activeText(page)).toBe('BUTTON:Afficher la carte du réseau');
    await page.context().close();
  });

  it('keeps labels readable on a phone after an entity is developed', async () => {
    const page = await newPage(390, 844, true);
    await openMap(page);
    const list = page.getByRole('list', { name: /^Réseau de LA POSTE, en liste$/ });
    const expand = list.getByRole('button', { name: /^Afficher les liens de / }).first();
    const name = (await expand.innerText()).replace('Afficher les liens de ', '');
    await expand.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Liens de ${name} affichés` })
      .waitFor();
    const after = await smallestLabel(page);
    expect(after.count).toBeGreaterThan(0);
    expect(after.px).toBeGreaterThanOrEqual(12);
    await page.context().close();
  });
});

describe('dialogs give the focus back', () => {
  it('« Signaler une erreur »: the answer takes the focus once sent, the opener gets it back on close', async () => {
    const page = await newPage(1280, 900);
    await page.goto(new URL('/entreprises/552032534/danone', baseUrl()).toString());
    const identity = page.locator('section#identite');
    const opener = identity.getByRole('button', { name: 'Signaler une erreur' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = identity.locator('dialog');
    await dialog.getByLabel('Information erronée').selectOption('tva');
    await dialog
      .getByLabel('Ce qui est faux, et la bonne information')
      .fill('Le numéro de TVA affiché ne correspond pas.');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await dialog.getByTestId('report-sent').waitFor({ timeout: 60_000 });
    // The focus is in the dialog, on its answer, not lost to the page.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog')))
      .toBe(true);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => activeText(page)).toBe('BUTTON:Signaler une erreur');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.id)).toBe(
      'identite',
    );
    await page.context().close();
  });
});
