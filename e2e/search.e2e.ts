import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser';

describe('search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('suggests companies in an accessible combobox, arrows and Enter open the company', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/resultats`);
    const box = page.locator('main').getByRole('combobox', { name: /Nom, SIREN/ });
    await box.fill('danon');
    const option = page.getByRole('option', { name: /DANONE/ });
    await option.first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await Promise.all([page.waitForURL(/\/entreprises\/552032534\//), box.press('Enter')]);
    await page.close();
  });

  it('has a header search box with suggestions on every page but the home page', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('header').getByRole('combobox').count()).toBe(0);
    await page.goto(`${baseUrl()}/entreprises/356000000/la-poste`);
    const box = page.locator('header').getByRole('combobox');
    await box.fill('danon');
    await page
      .getByRole('option', { name: /DANONE/ })
      .first()
      .waitFor();
    await box.fill('552032534');
    await Promise.all([
      page.waitForURL(/\/(resultats|entreprises\/552032534)/),
      box.press('Enter'),
    ]);
    await page.close();
  });

  it('shows ranked results with pagination links, and says so when nothing matches', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/resultats?q=sci`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('sci');
    const items = page.getByRole('list', { name: 'Entreprises trouvées' }).locator('> li');
    expect(await items.count()).toBe(20);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('page=2'));
    await page.goto(`${baseUrl()}/resultats?q=zzqxwv%20kkjjhh`);
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(
      /Aucune entreprise/,
    );
    await page.close();
  });

  it('keeps advanced-search filters in the URL and in filter-storage', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/recherches-avancees`);
    // The name is optional: no « required » field stops a search by filters alone.
    expect(await page.locator('main input[required]').count()).toBe(0);
    const deps = page.getByRole('combobox', { name: 'Départements' });
    await deps.click();
    await deps.pressSequentially('paris', { delay: 20 });
    await page.getByRole('option', { name: '75 – Paris' }).waitFor();
    await Promise.all([
      page.waitForURL(/recherches-avancees\/resultats\?.*departement=75/),
      deps.press('Enter'),
    ]);
    await Promise.all([
      page.waitForURL(/etat=actif/),
      page.getByRole('radio', { name: 'Actives' }).check(),
    ]);
    await expect
      .poll(async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('filter-storage'))) ?? '{}'),
      )
      .toMatchObject({ state: { filters: { departments: '75', status: 'actif' } } });
    // A fresh advanced search goes on from the stored filters.
    await page.goto(`${baseUrl()}/recherches-avancees`);
    await page.waitForURL(/recherches-avancees\/resultats\?.*departement=75/);
    await expect
      .poll(() => page.getByRole('list', { name: 'Filtres choisis' }).textContent())
      .toContain('Département : 75 – Paris');
    await page.close();
  });

  it('finds a director and a service group leads to the company page', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${baseUrl()}/dirigeants/resultats?name=${encodeURIComponent('Antoine Bernard de Saint Affrique')}`,
    );
    await expect(page.getByText('décembre 1964').first().textContent()).resolves.toBeTruthy();
    await page.goto(`${baseUrl()}/extrait-kbis`);
    const main = page.locator('main');
    await main.getByRole('textbox').or(main.getByRole('searchbox')).first().fill('552 032 534');
    await Promise.all([
      page.waitForURL(/extrait-kbis\/resultats\?q=/),
      page.keyboard.press('Enter'),
    ]);
    const link = page.getByRole('link', { name: /DANONE/ }).first();
    expect(await link.getAttribute('href')).toBe('/entreprises/552032534/danone');
    await page.close();
  });

  it('keeps the results page’s landmarks distinct, its top bar on one line and room above its H1', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/resultats?q=danone`);
    await page.locator('main ol').first().waitFor();
    await page.locator('[data-testid="top-bar-stats"][aria-busy="false"]').waitFor();
    const bar = await page.evaluate(() => {
      const stats = document.querySelector('[data-testid="top-bar-stats"]')!;
      const line = parseFloat(getComputedStyle(stats).lineHeight) || 20;
      return { height: stats.parentElement!.getBoundingClientRect().height, line };
    });
    expect(bar.height).toBeLessThan(bar.line * 2 + 8);
    const gap = await page.evaluate(
      () =>
        document.querySelector('main h1')!.getBoundingClientRect().top -
        document.querySelector('main')!.getBoundingClientRect().top,
    );
    expect(gap).toBeGreaterThanOrEqual(16);
    const result = await new AxeBuilder({ page })
      .withRules(['landmark-unique', 'scrollable-region-focusable'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await context.close();
  });

  it('answers bad API input with a 4xx JSON error, never a 500', async () => {
    for (const path of [
      '/api/search/companies?q=a',
      '/api/search/companies?q=danone&page=0',
      `/api/search/companies?q=${'x'.repeat(10_000)}`,
      '/api/search/directors?name=',
    ]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toMatch(/^[A-Z_]+$/);
    }
    const ok = await fetch(`${baseUrl()}/api/search/french-departments`);
    const deps = (await ok.json()) as { data: { data: Array<{ code: string }> } };
    expect(deps.data.data.some((d) => d.code === '2A')).toBe(true);
  });
});
