import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Results that say the truth (issue 38): the empty state names the filters that excluded
 * everything and removes them by links; a page past the last goes to the last; the date fields
 * fit the filter panel from 320 to 1920 px; companies known from a BODACC notice only show its
 * address and activity with the source, and the department filter finds them; the contradictions
 * filter says when the data holds none.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function newPage(width = 1366, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await storeEssentialConsent(context);
  return context.newPage();
}
const url = (p: string) => new URL(p, baseUrl()).toString();

describe('results pages', () => {
  it('names the filters that excluded every company, and removes them by a link', async () => {
    const page = await newPage();
    await page.goto(url('/rechercher?q=danone&departement=971&etat=actif'));
    const empty = page.locator('main [role="status"]', { hasText: 'Aucune entreprise' });
    await expect(empty.locator('h2').textContent()).resolves.toBe(
      'Aucune entreprise ne correspond à « danone » avec ces filtres',
    );
    await expect(empty.textContent()).resolves.toMatch(
      /« danone » donne \d+ entreprises? sans filtre/,
    );
    const remove = empty.getByRole('link', { name: /^Retirer « Département/ });
    await remove.click();
    await page.waitForURL((u) => !u.searchParams.has('departement'));
    expect(new URL(page.url()).searchParams.get('etat')).toBe('actif');
    await page
      .getByRole('link', { name: /DANONE/ })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('sends a page past the last to the last page', async () => {
    const page = await newPage();
    await page.goto(url('/rechercher?q=sci'));
    const summary = await page.locator('main p[role="status"]').first().textContent();
    const last = Number(/page 1 sur (\d+)/.exec(summary ?? '')?.[1]);
    expect(last).toBeGreaterThan(1);
    await page.goto(url(`/rechercher?q=sci&page=${last + 1}`));
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(last));
    await expect(page.locator('main p[role="status"]').first().textContent()).resolves.toContain(
      `page ${last} sur ${last}`,
    );
    await page.context().close();
  });

  for (const width of [320, 390, 768, 1024, 1366, 1920]) {
    it(`keeps every filter field inside the panel at ${width} px`, async () => {
      const page = await newPage(width);
      await page.goto(url('/recherches-avancees/resultats?q=sci'));
      let panel = page.locator('main form[aria-label="Filtres"]');
      // The panel in the page, or the button of its sheet, whichever this width shows.
      await page
        .locator('main form[aria-label="Filtres"]:visible')
        .or(page.getByRole('button', { name: /^Filtres/ }))
        .first()
        .waitFor();
      if (!(await panel.isVisible())) {
        // On a phone the panel opens in a sheet; a tap before React has hydrated does nothing, so
        // tap until the sheet shows. Not until the button says aria-expanded: once the sheet is
        // open, MUI hides the rest of the page from assistive technology (aria-hidden), and the
        // button then has no role to be found by.
        const open = page.getByRole('button', { name: /^Filtres/ });
        const sheet = page.getByRole('dialog');
        for (let i = 0; i < 50 && !(await sheet.isVisible()); i++) {
          if (
            (await open.getAttribute('aria-expanded', { timeout: 1_000 }).catch(() => null)) !==
            'true'
          )
            await open.click({ timeout: 1_000 }).catch(() => {});
          await page.waitForTimeout(200);
        }
        panel = sheet.locator('form[aria-label="Filtres"]');
      }
      await panel.locator('input[type="date"]').first().waitFor();
      const box = (await panel.boundingBox())!;
      const overflow = await panel.evaluate((form) => {
        const r = form.getBoundingClientRect();
        return [...form.querySelectorAll('input:not([type=hidden]), select')]
          .map((el) => ({ el, b: el.getBoundingClientRect() }))
          .filter(({ b }) => b.width > 0 && (b.right > r.right + 0.5 || b.left < r.left - 0.5))
          .map(({ el, b }) => `${(el as HTMLInputElement).name} ${b.left}-${b.right}`);
      });
      expect(overflow, `panel ${box.x}-${box.x + box.width}`).toEqual([]);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.context().close();
    });
  }

  it('shows the notice’s address and activity of a company known from BODACC only, and finds it by department', async () => {
    const page = await newPage();
    await page.goto(url('/rechercher?q=conseil'));
    const card = page
      .locator('main li', { hasText: 'Siège :' })
      .filter({ hasText: '(source : BODACC (DILA))' })
      .first();
    await card.waitFor();
    const name = (await card.locator('a').first().textContent())!.trim();
    const seat = (await card.locator('li', { hasText: 'Siège :' }).textContent())!;
    expect(seat).toMatch(/\d{5} .+\(source : BODACC \(DILA\)\)/);
    await expect(card.locator('li', { hasText: 'Activité :' }).textContent()).resolves.toContain(
      '(source : BODACC (DILA))',
    );
    const department = /(\d{2})\d{3} /.exec(seat)![1]!;
    await page.goto(url(`/rechercher?q=conseil&departement=${department}`));
    await page.getByRole('link', { name, exact: true }).first().waitFor();
    await page.context().close();
  });

  it('says when the contradictions filter cannot find anything because the data holds none', async () => {
    const page = await newPage();
    await page.goto(url('/rechercher?q=conseil&contradictions=1'));
    await page
      .getByText(
        'Nos données ne contiennent pour l’instant aucune contradiction entre sources : le filtre « Données contradictoires » ne peut trouver aucune entreprise.',
      )
      .waitFor();
    await page.context().close();
  });
});
