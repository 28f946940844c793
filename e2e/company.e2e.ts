import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import footer from '@/i18n/fr/footer';
import frame from '@/i18n/fr/frame';
import nav from '@/i18n/fr/nav';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * Company pages on the real sample that `npm start` seeds: Danone, La Poste, a struck-off
 * company, an individual entrepreneur, the non-diffusible 300025764 and a company known only
 * from the BODACC sample.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Consent given up front: the banner is the frame's subject, not this file's.
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const go = async (path: string) => {
  const res = await page.goto(new URL(path, baseUrl()).toString());
  return res!;
};
const mainText = () => page.locator('main').first().innerText();

describe('company page', () => {
  it('goes from the home search to Danone', async () => {
    await go('/');
    await page.fill('main input[name="q"]', '552032534');
    await Promise.all([
      page.waitForURL(/\/(resultats|entreprises)/),
      page.press('main input[name="q"]', 'Enter'),
    ]);
    if (!/\/entreprises\/552032534\//.test(page.url())) {
      await page.locator('a[href^="/entreprises/552032534"]').first().click();
    }
    await page.waitForURL(/\/entreprises\/552032534\/danone$/);
    expect(await page.locator('h1').first().innerText()).toBe('DANONE');
  });

  it('shows Danone identity, directors, accounts, with sources and SEO data', async () => {
    const res = await go('/entreprises/552032534/danone');
    expect(res.status()).toBe(200);
    const text = await mainText();
    for (const expected of [
      '552 032 534',
      'FR27552032534',
      '552 032 534 00703',
      '70.10Z',
      'Activités des sièges sociaux',
      'SA à conseil d',
      'Grande entreprise',
      'Antoine BERNARD DE SAINT AFFRIQUE',
      'Directeur Général',
      'décembre 1964',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Source : [^\n]+, mise à jour du \d{2}\/\d{2}\/\d{4}/);
    expect(text).not.toMatch(/\b\d{2}\/\d{2}\/1964\b/); // never a director's birth day
    expect(await page.title()).toMatch(/^DANONE .*SIREN 552 032 534/);
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toMatch(
      /\/entreprises\/552032534\/danone$/,
    );
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({ '@type': 'Organization', name: 'DANONE', vatID: 'FR27552032534' });
    expect(await page.locator('#finances svg[role="img"]').count()).toBeGreaterThan(0);
  });

  it('prints the JSON-LD once, and leaves the frame out of the RSC payload', async () => {
    // The raw HTML, as a crawler reads it (no JavaScript run).
    const res = await page.request.get(
      new URL('/entreprises/552032534/danone', baseUrl()).toString(),
    );
    const html = await res.text();
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g),
    ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(blocks.filter((b) => b.vatID === 'FR27552032534')).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ '@type': 'Organization', name: 'DANONE' });
    // The RSC payload the HTML carries inline, for hydration.
    const payload = [...html.matchAll(/<script>self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as [number, string?])
      .filter(([kind]) => kind === 1)
      .map(([, text]) => text)
      .join('');
    expect(payload.length).toBeGreaterThan(1000);
    // Not the JSON-LD a second time (the page shows the VAT number, but not as "vatID")...
    expect(payload).not.toContain('vatID');
    expect(payload).not.toContain('schema.org');
    // ...nor the header's menus and the footer's texts: their Client Components import them.
    const business = nav.businessList[0]!.title;
    for (const text of [footer.description, footer.sourcesTitle, business, frame.seeAllServices]) {
      expect(html, text).toContain(text.replace(/'/g, '&#x27;'));
      expect(payload, text).not.toContain(text);
    }
  });

  it('walks through every section and every per-company page of Danone', async () => {
    await go('/entreprises/552032534/danone');
    const anchors = await page
      .locator('nav[aria-label="Sections de la fiche"] a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(anchors).toEqual(
      expect.arrayContaining([
        '#identite',
        '#etablissements',
        '#dirigeants',
        '#finances',
        '#annonces',
      ]),
    );
    for (const a of anchors) await expect(page.locator(a!).isVisible()).resolves.toBe(true);
    for (const [path, h1] of [
      ['/comptes-annuels/552032534', 'Comptes annuels de DANONE'],
      ['/liste-etablissements/552032534', 'Établissements de DANONE'],
      ['/annonces-bodacc/552032534', 'Annonces BODACC de DANONE'],
      ['/marques/552032534', 'Marques de DANONE'],
      ['/brevets/552032534', 'Brevets de DANONE'],
      ['/actes-et-statuts/552032534', 'Actes et statuts de DANONE'],
    ]) {
      const res = await go(path!);
      expect(res.status(), path).toBe(200);
      expect(await page.locator('h1').first().innerText()).toBe(h1);
    }
  });

  it('filters and pages La Poste establishments without JavaScript state', async () => {
    await go('/entreprises/356000000/la-poste');
    expect(await mainText()).toContain('10 000 salariés et plus');
    await page.locator('#etablissements a', { hasText: /^Ouverts/ }).click();
    await page.waitForURL(/etablissements=open/);
    // The cached company page cannot read its query: the filtered view comes from its dynamic twin.
    await page.waitForSelector('#etablissements a[aria-current="page"]:has-text("Ouverts")');
    await go('/liste-etablissements/356000000');
    const rows = await page.locator('#etablissements tbody tr').count();
    expect(rows).toBeGreaterThan(0);
  });

  it('shows a struck-off company with its BODACC timeline and its liquidator', async () => {
    await go('/entreprises/880878145/ganymede');
    const text = await mainText();
    // Issue 16: its strike-off is known (RNE via the Annuaire, BODACC notice), so « Radiée ».
    expect(text).toContain('Radiée du RCS le 14/11/2022 (activité cessée le 22/10/2022)');
    expect(text).toMatch(/Radiation/);
    expect(text).toContain('Liquidateur');
  });

  it('opens a director profile with every mandate', async () => {
    await go('/entreprises/880878145/ganymede');
    await page.locator('#dirigeants a', { hasText: 'JOUPPE' }).first().click();
    await page.waitForURL(/\/dirigeants\//);
    const text = await mainText();
    expect(text).toContain('février 1990');
    expect(text).toContain('GANYMEDE');
    expect(text).toContain('ARCTURUS');
  });

  it('shows an individual entrepreneur', async () => {
    const res = await go('/entreprises/883010316');
    expect(res.status()).toBe(200);
    expect(page.url()).toMatch(/\/entreprises\/883010316\/raphael-dubigny$/);
    expect(await mainText()).toContain('Entrepreneur individuel');
  });

  it('never leaks the non-diffusible 300025764, on the page or in the API', async () => {
    await go('/entreprises/300025764');
    const html = await page.content();
    expect(html).not.toMatch(/\[ND\]|NON-DIFFUSIBLE/);
    expect(await mainText()).toContain('non diffusible');
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toMatch(/noindex/);
    const api = await page.request.get(new URL('/api/companies/300025764', baseUrl()).toString());
    const body = await api.text();
    expect(api.status()).toBe(200);
    expect(body).not.toMatch(/\[ND\]|NON-DIFFUSIBLE/);
    expect(JSON.parse(body).data.data.name).toBeNull();
    // A real [ND] row of the SIRENE establishments sample, its legal unit absent: commune only.
    const nd = await go('/entreprises/005572466');
    expect(nd.status()).toBe(200);
    expect(await page.content()).not.toMatch(/\[ND\]/);
    expect(await mainText()).toContain('LE CROISIC');
  });

  it('shows a company known only from the BODACC sample', async () => {
    const res = await go('/entreprises/880031489');
    expect(res.status()).toBe(200);
    expect(await page.locator('h1').first().innerText()).toBe('ACTILOG');
    expect(await page.locator('#annonces li').count()).toBeGreaterThan(0);
  });

  it('redirects a wrong slug with a 308 and answers a bad SIREN with a French 404', async () => {
    const r = await fetch(new URL('/entreprises/552032534/mauvais-nom', baseUrl()), {
      redirect: 'manual',
    });
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toMatch(/\/entreprises\/552032534\/danone$/);
    const bad = await go('/entreprises/552032535/x');
    expect(bad.status()).toBe(404);
    expect(await mainText()).toContain('Entreprise introuvable');
  });

  it('serves every service group from one route, and a French 404 for any other path', async () => {
    for (const path of ['/extrait-kbis', '/pole-score', '/comptes-annuels']) {
      expect((await go(path)).status(), path).toBe(200);
    }
    const results = await go('/comptes-annuels/resultats?q=danone');
    expect(results.status()).toBe(200);
    expect(await page.locator('h1').first().innerText()).toBe(
      'Comptes annuels : choisissez l’entreprise',
    );
    expect(await mainText()).toContain('DANONE');
    for (const path of [
      '/service-inconnu',
      '/service-inconnu/resultats',
      '/extrait-kbis/552032534',
    ]) {
      const res = await go(path);
      expect(res.status(), path).toBe(404);
      expect(await mainText()).toContain('Page introuvable');
    }
    const company = await go('/marques/552032535');
    expect(company.status()).toBe(404);
    expect(await mainText()).toContain('Entreprise introuvable');
  });

  it('answers the API with data.data and coded errors', async () => {
    const get = (p: string) => fetch(new URL(p, baseUrl()));
    const ok = await get('/api/companies/552032534/representatives');
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.data.main.role).toBe('Directeur Général');
    expect((await (await get('/api/companies/552032535')).json()).error.code).toBe('INVALID_SIREN');
    expect((await get('/api/companies/732829320')).status).toBe(404);
  });

  it('has no serious accessibility violation on the company page', async () => {
    await go('/entreprises/552032534/danone');
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('reads on a phone: charts with legible labels, captions in view, no sideways panning', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await go('/entreprises/552032534/danone');
      const chart = await page.evaluate(() => {
        const svg = [...document.querySelectorAll('main svg[role="img"]')].find(
          (el) => el.getBoundingClientRect().width > 0,
        )!;
        const box = svg.getBoundingClientRect();
        const labels = [...svg.querySelectorAll('text')].map(
          (t) => t.getBoundingClientRect().height,
        );
        return { width: box.width, height: box.height, smallest: Math.min(...labels) };
      });
      // It was 324 × 117 px with 4 px labels.
      expect(chart.height).toBeGreaterThan(180);
      expect(chart.smallest).toBeGreaterThanOrEqual(11);
      // The scroll regions size their captions once hydrated (ScrollRegion's effect): wait for it.
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLElement>('main [role="region"]')].every((el) =>
          el.style.getPropertyValue('--region-width'),
        ),
      );
      const layout = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        captions: [...document.querySelectorAll('main caption')]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .map((r) => r.right),
        // What runs past the right edge, to name the culprit when this fails.
        wider: [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}#${el.id}`),
      }));
      expect(layout.page, JSON.stringify(layout.wider)).toBeLessThanOrEqual(layout.viewport);
      for (const right of layout.captions) expect(right).toBeLessThanOrEqual(layout.viewport);
      const result = await new AxeBuilder({ page })
        .withRules(['scrollable-region-focusable', 'landmark-unique', 'region'])
        .analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('comparator', () => {
  it('adds companies by SIREN and by name search, in a shareable URL', async () => {
    await go('/comparateur-entreprises');
    await page.fill('main input[name="q"]', '552 032 534');
    await Promise.all([
      page.waitForURL(/siren=552032534$/),
      page.press('main input[name="q"]', 'Enter'),
    ]);
    // By name, through the search service: the result card carries the add link.
    await page.fill('main input[name="q"]', 'la poste');
    await page.press('main input[name="q"]', 'Enter');
    await page.waitForURL(/q=la\+poste/);
    await Promise.all([
      page.waitForURL(/siren=552032534,356000000$/),
      page
        .locator('li', { hasText: '356 000 000' })
        .getByRole('link', { name: 'Ajouter à la comparaison' })
        .click(),
    ]);
    const headers = await page.locator('table thead th').allInnerTexts();
    expect(headers.join(' ')).toMatch(/DANONE[\s\S]*LA POSTE/);
    expect(await mainText()).toContain('Chiffre d’affaires');
    await page.locator('a[aria-label="Retirer LA POSTE de la comparaison"]').click();
    await page.waitForURL(/siren=552032534$/);
  });
});
