import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Issue 27, the front end: the home page's suggestions (keyboard; the time from the last key to
 * painted suggestions is printed, not asserted) and the one results experience (filters typed
 * into, chips, URL state and the back button, sort, the phone's filter sheet), on the real sample.
 */
describe('search front end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function newPage(viewport = { width: 1366, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await storeEssentialConsent(context);
    return context.newPage();
  }

  type Timing = { total: number; toRequest: number; request: number; toPaint: number };

  /**
   * Types `text` key by key; measures from the last key to the suggestions of the whole text
   * painted (the frame after its answer is on screen), split into the wait before the request,
   * the request itself (resource timing) and the rendering after it.
   */
  async function typeAndTime(page: Page, selector: string, text: string): Promise<Timing> {
    await page.evaluate(() => {
      const w = window as unknown as { __lastKey: number };
      document.addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
    });
    await page.locator(selector).pressSequentially(text, { delay: 60 });
    const url = `/api/suggestions/companies?q=${encodeURIComponent(text)}`;
    // The answer to the whole text (the queue always asks the latest text), then its options.
    await page.waitForFunction(
      (u) =>
        performance
          .getEntriesByType('resource')
          .some((e) => e.name.includes(u) && (e as PerformanceResourceTiming).responseEnd > 0),
      url,
    );
    await page.locator('[role="listbox"] [role="option"]').first().waitFor();
    return page.evaluate(
      (u) =>
        new Promise<Timing>((resolve) =>
          requestAnimationFrame(() => {
            const painted = performance.now();
            const lastKey = (window as unknown as { __lastKey: number }).__lastKey;
            const last = performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes(u))
              .at(-1) as PerformanceResourceTiming;
            resolve({
              total: painted - lastKey,
              toRequest: last.startTime - lastKey,
              request: last.responseEnd - last.startTime,
              toPaint: painted - last.responseEnd,
            });
          }),
        ),
      url,
    );
  }

  it('suggests companies in the home search box, used with the keyboard', async () => {
    // One page, several words: the first answer warms the page's connection and code.
    const timed = await newPage();
    await timed.goto(baseUrl());
    const times: Timing[] = [];
    for (const text of ['danon', 'la poste', 'michelin', 'total', 'carrefour', 'orange']) {
      await timed.locator('#home-search').fill('');
      times.push(await typeAndTime(timed, '#home-search', text));
    }
    await timed.context().close();
    const ms = (n: number) => n.toFixed(0);
    const median = (k: keyof Timing) => times.map((t) => t[k]).sort((a, b) => a - b)[3]!;
    console.log(
      `Accueil : suggestions affichées ${times.map((t) => ms(t.total)).join(', ')} ms après la dernière touche ; médiane ${ms(median('total'))} ms = attente ${ms(median('toRequest'))} + requête ${ms(median('request'))} + affichage ${ms(median('toPaint'))} (charge ${os.loadavg()[0]!.toFixed(1)})`,
    );

    const page = await newPage();
    await page.goto(baseUrl());
    const box = page.getByRole('combobox', { name: /entreprise/i });
    expect(await box.getAttribute('id')).toBe('home-search');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.pressSequentially('danon', { delay: 30 });
    await page
      .getByRole('option', { name: /DANONE/ })
      .first()
      .waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const listId = await box.getAttribute('aria-controls');
    expect(await page.locator(`#${listId}`).getAttribute('role')).toBe('listbox');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await Promise.all([page.waitForURL(/\/entreprises\/552032534\//), box.press('Enter')]);
    await page.context().close();
  });

  it('adds a filter typed into a list: chip, URL, back button; labels, not codes', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/resultats?q=sci`);
    const panel = page.getByRole('form', { name: 'Filtres' });
    const forms = panel.getByRole('combobox', { name: 'Formes juridiques' });
    await forms.click();
    await forms.pressSequentially('civile immo', { delay: 20 });
    await page.getByRole('option', { name: /^Société civile immobilière \(6540\)/ }).waitFor();
    await Promise.all([page.waitForURL(/forme_juridique=6540/), forms.press('Enter')]);
    const chips = page.getByRole('list', { name: 'Filtres choisis' });
    await expect
      .poll(() => chips.textContent())
      .toContain('Forme juridique : Société civile immobilière');
    // Every result now says « Forme : Société civile immobilière », never the bare code.
    const results = page.getByRole('list', { name: 'Entreprises trouvées' });
    expect(await results.textContent()).not.toMatch(/Forme : \d{4}/);
    expect(await results.textContent()).toContain('Société civile immobilière');

    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('forme_juridique'));
    await expect.poll(() => chips.count()).toBe(0);

    await page.goForward();
    await page.waitForURL(/forme_juridique=6540/);
    await Promise.all([
      page.waitForURL((u) => !u.search.includes('forme_juridique')),
      page.getByRole('link', { name: /Retirer le filtre « Forme juridique/ }).click(),
    ]);
    await page.context().close();
  });

  it('sorts by name through the URL', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/resultats?q=sci`);
    const names = () =>
      page
        .getByRole('list', { name: 'Entreprises trouvées' })
        .locator('> li > div:first-child > a[href^="/entreprises/"]')
        .allTextContents();
    await Promise.all([
      page.waitForURL(/tri=nom/),
      page.getByLabel('Trier par').selectOption('nom'),
    ]);
    expect(await page.getByLabel('Trier par').inputValue()).toBe('nom');
    // The page shows the engine's name order (its folding: docs/SEARCH.md), not the relevance
    // order: the companies of the API's `tri=nom`, in that order.
    const byApi = async (extra: string) =>
      (
        (await (await fetch(`${baseUrl()}/api/search/companies?q=sci${extra}`)).json()) as {
          data: { data: { results: Array<{ url: string }> } };
        }
      ).data.data.results.map((r) => r.url);
    const hrefs = () =>
      page
        .getByRole('list', { name: 'Entreprises trouvées' })
        .locator('> li > div:first-child > a[href^="/entreprises/"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    const byName = await byApi('&tri=nom');
    expect(byName.length).toBeGreaterThan(1);
    expect(byName).not.toEqual(await byApi(''));
    expect(await hrefs()).toEqual(byName);
    expect((await names()).length).toBe(byName.length);
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('tri='));
    await expect.poll(() => page.getByLabel('Trier par').inputValue()).toBe('pertinence');
    await page.context().close();
  });

  it('opens the filters in a sheet on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/resultats?q=sci`);
    expect(await page.getByRole('form', { name: 'Filtres' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filtres' }).click();
    const sheet = page.getByTestId('filters-sheet');
    await sheet.waitFor();
    const box = await sheet.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(840);
    const status = sheet.getByRole('radio', { name: 'Actives' });
    await Promise.all([page.waitForURL(/etat=actif/), status.check()]);
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('list', { name: 'Filtres choisis' }).textContent())
      .toContain('État : Actives');
    await page.context().close();
  });
});
