import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openMegaMenu, storeEssentialConsent } from './browser';
import { waitForSmtpMail } from './smtp';

/**
 * The content side on the built site: reading a guide from the menu, the lexicon search, the
 * lexicon links of a company page, the contact form (its mail reaches the test SMTP server) and
 * accessibility of the three kinds of content page.
 */
describe('content', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function open(width = 1600): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 } });
    await storeEssentialConsent(context);
    return context.newPage();
  }

  it('reads a guide from the "Ressources" menu', async () => {
    const page = await open();
    await page.goto(baseUrl());
    await openMegaMenu(page, 'businessList');
    await page.click('[data-testid="mega-panel-businessList"] a[href="/nos-dossiers"]');
    await page.waitForURL(/\/nos-dossiers$/);
    expect(await page.textContent('h1')).toContain('Nos dossiers');
    const href = await page
      .locator('main ul li a[href^="/nos-dossiers/"]')
      .first()
      .getAttribute('href');
    expect(href).toMatch(/^\/nos-dossiers\/[^/]+\/[^/]+$/);
    await page.click(`main a[href="${href}"]`);
    await page.waitForURL(new RegExp(`${href}$`));
    expect(await page.locator('article h1').count()).toBe(1);
    // Sources, reading time and Article JSON-LD are on every guide.
    expect(await page.textContent('article')).toContain('Sources');
    expect(await page.textContent('article')).toMatch(/Lecture : \d+ min/);
    const types = await page.$$eval('script[type="application/ld+json"]', (els) =>
      els.map((e) => (JSON.parse(e.textContent ?? '{}') as { '@type'?: string })['@type']),
    );
    expect(types).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
  });

  it('finds "Kbis" and "K-bis" in the lexicon when searching "kbis", and suggests when nothing matches', async () => {
    const page = await open();
    await page.goto(`${baseUrl()}/notre-lexique/recherche`);
    await page.fill('[data-testid="content-search-input"]', 'kbis');
    await page.press('[data-testid="content-search-input"]', 'Enter');
    await page.waitForURL(/\?q=kbis/);
    const results = page.locator('[data-testid="content-search-results"] li a');
    await results.first().waitFor();
    const titles = await results.allTextContents();
    expect(titles.some((t) => /k-?bis/i.test(t))).toBe(true);

    await page.goto(`${baseUrl()}/notre-lexique/recherche?q=procdure%20colective`);
    await page.waitForSelector('[data-testid="content-search-suggestions"] li a');
    expect(await page.textContent('[data-testid="content-search-results"]')).toContain(
      'Aucun résultat',
    );
  });

  it('follows a lexicon link from Danone’s company page', async () => {
    const page = await open();
    await page.goto(`${baseUrl()}/entreprises/552032534/danone`);
    const link = page.locator('[data-testid="lexicon-link"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/(notre-lexique\/[^/]+|dictionnaire-greffe)\/[^/]+$/);
    await link.click();
    await page.waitForURL(new RegExp(`${href}$`));
    const res = await page.request.get(`${baseUrl()}${href}`);
    expect(res.status()).toBe(200);
    const types = await page.$$eval('script[type="application/ld+json"]', (els) =>
      els.map((e) => (JSON.parse(e.textContent ?? '{}') as { '@type'?: string })['@type']),
    );
    expect(types).toContain('DefinedTerm');
  });

  it('titles a 404 under the content folders « Page introuvable », and each glossary term on its own', async () => {
    const page = await open();
    const paths = [
      '/actualites/inconnue',
      '/actualites/inconnue/article-inconnu',
      '/notre-lexique/inconnue',
      '/notre-lexique/inconnue/terme-inconnu',
      '/nos-dossiers/inconnue',
      '/dictionnaire-greffe/terme-inconnu',
      '/creation-entreprise/forme-inconnue',
    ];
    const seen: string[] = [];
    for (const path of paths) {
      const res = await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
      seen.push(`${path} ${res?.status()} ${await page.title()} / ${await page.textContent('h1')}`);
    }
    expect(seen).toEqual(
      paths.map((p) => `${p} 404 Page introuvable | Registre / Page introuvable`),
    );
    await page.goto(`${baseUrl()}/notre-lexique/formalites/bodacc`);
    expect(await page.title()).toBe('BODACC | Registre');
    await page.goto(`${baseUrl()}/dictionnaire-greffe/bodacc`);
    expect(await page.title()).toBe('BODACC — Dictionnaire du greffe | Registre');
    // A static page keeps the origin of its build (the e2e run's first server); its path is its own.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      /^https?:\/\/[^/]+\/dictionnaire-greffe\/bodacc$/,
    );
  });

  it('sends the contact form: the message reaches support through the SMTP server', async () => {
    const page = await open();
    await page.goto(`${baseUrl()}/contact`);
    const marker = `e2e-${Date.now()}`;
    await page.fill('[data-testid="contact-form"] input[name="name"]', 'Camille Martin');
    await page.fill('[data-testid="contact-form"] input[name="email"]', 'camille@example.org');
    await page.selectOption('[data-testid="contact-form"] select[name="topic"]', 'document');
    await page.fill('[data-testid="contact-form"] input[name="siren"]', '552 032 534');
    await page.fill(
      '[data-testid="contact-form"] textarea[name="message"]',
      `Bonjour, je cherche les statuts de Danone. Référence ${marker}.`,
    );
    await page.click('[data-testid="contact-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="contact-sent"]', { timeout: 30_000 });
    const mail = await waitForSmtpMail((m) => m.text.includes(marker));
    expect(mail.subject).toContain('Camille Martin');
    expect(mail.text).toContain('552032534');
    expect(mail.raw).toMatch(/Reply-To: camille@example\.org/i);
  });

  it('axe finds no serious violation on a blog article, a lexicon term and a creation guide', async () => {
    const page = await open();
    await page.goto(`${baseUrl()}/actualites`);
    const article = await page
      .locator('main a[href^="/actualites/"]')
      .evaluateAll((els) =>
        els
          .map((e) => e.getAttribute('href') ?? '')
          .find((h) => /^\/actualites\/(?!tag\/|recherche)[^/]+\/[^/]+$/.test(h)),
      );
    expect(article).toBeTruthy();
    await page.goto(`${baseUrl()}/notre-lexique`);
    const term = await page
      .locator('main a[href^="/notre-lexique/"]')
      .evaluateAll((els) =>
        els
          .map((e) => e.getAttribute('href') ?? '')
          .find((h) => /^\/notre-lexique\/(?!recherche)[^/]+\/[^/]+$/.test(h)),
      );
    expect(term).toBeTruthy();
    for (const path of [article!, term!, '/creation-entreprise/sasu']) {
      const res = await page.goto(`${baseUrl()}${path}`);
      expect(res?.status(), path).toBe(200);
      // WCAG 2.2 AA too: its touch-target rule is one Lighthouse's accessibility score counts.
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map((v) => `${path}: ${v.id} (${v.nodes.length})`),
        path,
      ).toEqual([]);
    }
  });
});
