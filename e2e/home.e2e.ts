import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launchBrowser, openMegaMenu } from './browser';

/** French grouping: 1 286, 36 100 (narrow no-break space between groups). */
const frenchCount = /^\d{1,3}(\u202f\d{3})*$/;

describe('home page', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function desktop(): Promise<BrowserContext> {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    return context;
  }

  it('renders in French with the counters read from the database, formatted the French way', async () => {
    const page = await (await desktop()).newPage();
    const res = await page.goto(baseUrl());
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.textContent('h1')).toContain('informations officielles sur les entreprises');
    expect(await page.title()).toContain('Registre');

    const stats = await page.$$eval('[data-testid="home-stats"] [data-stat]', (els) =>
      els.map((el) => ({
        key: el.getAttribute('data-stat'),
        value: el.querySelector('strong')!.textContent ?? '',
      })),
    );
    // No Kbis counter: the registries are not connected in this deployment, so the Kbis is not
    // sold; no verified profile yet: a zero is not printed.
    expect(stats.map((s) => s.key).sort()).toEqual(['docAvailable', 'searchableSiret']);
    for (const s of stats) expect(s.value, s.key!).toMatch(frenchCount);
    // The real sample holds thousands of companies and notices: the grouping must show.
    const doc = stats.find((s) => s.key === 'docAvailable')!.value;
    expect(doc).toContain('\u202f');

    // The top bar shows the same figures.
    const top = await page.textContent(
      '[data-testid="top-bar-stats"] [data-stat="docAvailable"] strong',
    );
    expect(top).toBe(doc);
    await context.close();
  });

  it('shows the services grid (full variant) with its type filter', async () => {
    const page = await (await desktop()).newPage();
    await page.goto(baseUrl());
    const titles = await page.$$eval('[data-testid="service-card"] h3', (els) =>
      els.map((e) => e.textContent),
    );
    expect(titles).toContain('Extrait Kbis');
    expect(titles).not.toContain('Création d’entreprise');
    expect(titles).not.toContain('Dirigeants');
    await page.click('[data-filter-value="finance"]');
    const visible = await page.$$eval('[data-testid="service-card"]', (els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getAttribute('data-type')),
    );
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible)).toEqual(new Set(['finance']));
    expect(await page.getAttribute('[data-filter-value="finance"]', 'aria-pressed')).toBe('true');
    await context.close();
  });

  it('submits the search box to /resultats', async () => {
    const page = await (await desktop()).newPage();
    await page.goto(baseUrl());
    await page.fill('#home-search', 'michelin');
    await Promise.all([
      page.waitForURL(/\/resultats\?q=michelin/),
      page.press('#home-search', 'Enter'),
    ]);
    expect(new URL(page.url()).pathname).toBe('/resultats');
    await context.close();
  });

  it('has no serious or critical accessibility violation, banner included', async () => {
    const page = await (await desktop()).newPage();
    await page.goto(baseUrl());
    await page.waitForSelector('[data-testid="consent-banner"]');
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await context.close();
  });

  it('has no serious or critical accessibility violation at 390 px, drawer open', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(baseUrl());
    let result = await new AxeBuilder({ page }).analyze();
    const serious = (r: typeof result) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious(result)).toEqual([]);
    await page.click('[data-testid="drawer-open"]');
    await page.waitForSelector('[data-testid="nav-drawer"]');
    result = await new AxeBuilder({ page }).include('#nav-drawer').analyze();
    expect(serious(result)).toEqual([]);
    await context.close();
  });

  it('saves screenshots when E2E_SCREENSHOTS names a folder', async () => {
    const dir = process.env.E2E_SCREENSHOTS;
    if (!dir) return;
    for (const [name, width, height] of [
      ['home-1440', 1440, 900],
      ['home-390', 390, 844],
      ['home-1600', 1600, 1000],
    ] as const) {
      context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(baseUrl());
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
      await page.click('[data-testid="consent-accept-all"]');
      await page.screenshot({ path: `${dir}/${name}-top.png` });
      if (width < 1536) {
        await page.click('[data-testid="drawer-open"]');
        await page.waitForSelector('[data-testid="nav-drawer"]');
        await page.click('#drawer-services-header');
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/${name}-drawer.png` });
      } else {
        await openMegaMenu(page, 'services');
        await page.screenshot({ path: `${dir}/${name}-mega-services.png` });
        await openMegaMenu(page, 'businessList');
        await page.screenshot({ path: `${dir}/${name}-mega-business.png` });
      }
      await context.close();
    }
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(baseUrl());
    await page.click('[data-testid="consent-customize"]');
    await page.waitForSelector('[data-testid="consent-dialog"]');
    await page.click('#consent-statistics-header');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${dir}/consent-dialog.png` });
    await context.close();
  });
});
