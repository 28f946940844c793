import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openMegaMenu } from './browser';

type Record = { [category: string]: boolean };

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'consentManager');
  if (!cookie) return undefined;
  return { ...cookie, record: JSON.parse(decodeURIComponent(cookie.value)) as Record };
}

const allGranted = {
  essentials: true,
  statistics: true,
  marketing: true,
  unknown: true,
  preferences: true,
};

describe('page frame', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  async function open(
    width = 1440,
    height = 900,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    return { context, page };
  }

  describe('consent', () => {
    it('shows the banner on a first visit without a cookie, and stores nothing yet', async () => {
      const { context, page } = await open();
      await page.goto(baseUrl());
      expect(await page.isVisible('[data-testid="consent-banner"]')).toBe(true);
      expect(await page.getAttribute('[data-testid="consent-banner"] a', 'href')).toBe(
        '/politiques-de-confidentialite',
      );
      expect(await consentCookie(context)).toBeUndefined();
      // Consent mode starts denied before any choice.
      const first = await page.evaluate(() =>
        Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[0]!),
      );
      expect(first.slice(0, 2)).toEqual(['consent', 'default']);
      expect((first[2] as Record).analytics_storage).toBe('denied');
    });

    it('accept-all stores every category for a year, secure, on path /, and pushes granted signals', async () => {
      const { context, page } = await open();
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-accept-all"]');
      await page.waitForSelector('[data-testid="consent-banner"]', { state: 'detached' });
      const cookie = await consentCookie(context);
      expect(cookie?.record).toEqual(allGranted);
      expect(cookie?.path).toBe('/');
      // Chromium keeps a Secure cookie set on http://127.0.0.1 (a potentially trustworthy origin).
      expect(cookie?.secure).toBe(true);
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(366);
      const update = await page.evaluate(() =>
        (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer
          .map((e) => Array.from(e))
          .filter((e) => e[0] === 'consent' && e[1] === 'update')
          .pop(),
      );
      expect(update?.[2]).toEqual({
        analytics_storage: 'granted',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        functionality_storage: 'granted',
        personalization_storage: 'granted',
      });
      // Stored consent: no banner on the next page, and the choices reach the data layer on load.
      await page.reload();
      expect(await page.isVisible('[data-testid="consent-banner"]')).toBe(false);
      const onLoad = await page.evaluate(() =>
        (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((e) =>
          Array.from(e),
        ),
      );
      expect(onLoad[1]?.slice(0, 2)).toEqual(['consent', 'update']);
      expect((onLoad[1]?.[2] as Record).ad_storage).toBe('granted');
    });

    it('reject-all ("Tout refuser") keeps only essentials', async () => {
      const { context, page } = await open();
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-customize"]');
      await page.waitForSelector('[data-testid="consent-dialog"]');
      expect(await page.textContent('[data-testid="consent-reject-all"]')).toBe('Tout refuser');
      await page.click('[data-testid="consent-reject-all"]');
      await page.waitForSelector('[data-testid="consent-dialog"]', { state: 'hidden' });
      expect((await consentCookie(context))?.record).toEqual({
        essentials: true,
        statistics: false,
        marketing: false,
        unknown: false,
        preferences: false,
      });
      expect(await page.isVisible('[data-testid="consent-banner"]')).toBe(false);
    });

    it('customize and save stores the chosen categories; essentials cannot be switched off', async () => {
      const { context, page } = await open();
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-customize"]');
      await page.waitForSelector('[data-testid="consent-dialog"]');
      expect(await page.isDisabled('[data-testid="consent-toggle-essentials"]')).toBe(true);
      // Nothing stored yet: the optional categories start unticked (CNIL).
      expect(await page.isChecked('[data-testid="consent-toggle-statistics"]')).toBe(false);
      expect(await page.isChecked('[data-testid="consent-toggle-marketing"]')).toBe(false);
      await page.click('[data-testid="consent-toggle-unknown"]');
      await page.click('[data-testid="consent-toggle-preferences"]');
      // The cookie list of a category: name, purpose, duration, type.
      await page.click('#consent-statistics-header');
      await page.waitForSelector('#consent-statistics-content >> text=_ga');
      await page.click('[data-testid="consent-save"]');
      await page.waitForSelector('[data-testid="consent-dialog"]', { state: 'hidden' });
      expect((await consentCookie(context))?.record).toEqual({
        essentials: true,
        statistics: false,
        marketing: false,
        unknown: true,
        preferences: true,
      });
    });

    it('arrow keys, Home and End move focus between the dialog accordions', async () => {
      const { page } = await open();
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-customize"]');
      await page.waitForSelector('[data-testid="consent-dialog"]');
      await page.focus('#consent-essentials-header');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        'consent-statistics-header',
      );
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-unknown-header');
      await page.keyboard.press('Home');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        'consent-essentials-header',
      );
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-unknown-header');
    });

    it('a route change without an answer stores nothing and keeps the banner (browsing is not consent)', async () => {
      const { context, page } = await open();
      await page.goto(baseUrl());
      await page.waitForSelector('[data-testid="consent-banner"]');
      await page.click('[data-testid="service-card"] a[href="/extrait-kbis"]');
      await page.waitForURL(/\/extrait-kbis$/);
      await page.waitForSelector('h1');
      expect(await page.isVisible('[data-testid="consent-banner"]')).toBe(true);
      expect(await consentCookie(context)).toBeUndefined();
    });

    it('the footer rights link "Gérer les cookies" opens the preferences instead of navigating', async () => {
      const { page } = await open();
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-accept-all"]');
      const before = page.url();
      await page.click('[data-testid="consent-preferences-link"]');
      await page.waitForSelector('[data-testid="consent-dialog"]');
      expect(page.url()).toBe(before);
      // Opens on the stored choices.
      expect(await page.isChecked('[data-testid="consent-toggle-marketing"]')).toBe(true);
    });
  });

  describe('navigation', () => {
    it('at 390 px, the hamburger opens a full-width drawer that closes when a link is chosen', async () => {
      const { page } = await open(390, 844);
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-accept-all"]');
      expect(await page.isVisible('[data-testid="mega-trigger-services"]')).toBe(false);
      await page.click('[data-testid="drawer-open"]');
      const drawer = await page.waitForSelector('[data-testid="nav-drawer"]');
      expect(Math.round((await drawer.boundingBox())!.width)).toBe(390);
      expect(
        await page.isVisible('[data-testid="nav-drawer"] [data-testid="account-button"]'),
      ).toBe(true);
      // Accordion sections: keyboard moves between their headers.
      await page.focus('#drawer-services-header');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        'drawer-businessList-header',
      );
      await page.click('#drawer-services-header');
      await page.click('[data-testid="nav-drawer"] a[href="/extrait-kbis"]');
      await page.waitForURL(/\/extrait-kbis$/);
      await page.waitForSelector('[data-testid="nav-drawer"]', { state: 'hidden' });
    });

    it('the drawer closes when the logo is chosen, and is 400 px wide on a larger screen', async () => {
      const { page } = await open(1024, 800);
      await page.goto(`${baseUrl()}/extrait-kbis`);
      await page.click('[data-testid="consent-accept-all"]');
      await page.click('[data-testid="drawer-open"]');
      const drawer = await page.waitForSelector('[data-testid="nav-drawer"]');
      expect(Math.round((await drawer.boundingBox())!.width)).toBe(400);
      await page.click('[data-testid="drawer-logo"]');
      await page.waitForURL(`${baseUrl()}/`);
      await page.waitForSelector('[data-testid="nav-drawer"]', { state: 'hidden' });
    });

    it('from xl up, opening one mega-menu closes the other and a click elsewhere closes both', async () => {
      const { page } = await open(1600, 1000);
      await page.goto(baseUrl());
      await page.click('[data-testid="consent-accept-all"]');
      expect(await page.isVisible('[data-testid="drawer-open"]')).toBe(false);
      await openMegaMenu(page, 'services');
      expect(await page.isVisible('[data-testid="mega-panel-services"]')).toBe(true);
      await openMegaMenu(page, 'businessList');
      expect(await page.isVisible('[data-testid="mega-panel-businessList"]')).toBe(true);
      expect(await page.isVisible('[data-testid="mega-panel-services"]')).toBe(false);
      // Grouped by type, each group with an icon.
      const groups = await page.$$eval('[data-business-type]', (els) =>
        els.map((e) => [e.getAttribute('data-business-type'), !!e.querySelector('svg')]),
      );
      expect(groups).toEqual([
        ['company-creation', true],
        ['files', true],
        ['lexicon', true],
        ['tips', true],
        ['b2b', true],
      ]);
      await page.mouse.click(800, 900);
      expect(await page.isVisible('[data-testid="mega-panel-businessList"]')).toBe(false);
      expect(await page.isVisible('[data-testid="mega-panel-services"]')).toBe(false);
      // The compact services menu leaves out the directors link.
      expect(
        await page.$$('[data-testid="mega-panel-services"] a[href="/dirigeants"]'),
      ).toHaveLength(0);
      expect(await page.textContent('[data-testid="account-button"]')).toBe('Mon compte');
      expect(await page.getAttribute('[data-testid="account-button"]', 'href')).toBe('/login');
    });
  });

  describe('top bar and footer', () => {
    it('shows no review score without a review source, and the support address', async () => {
      const { page } = await open();
      await page.goto(baseUrl());
      // REVIEW_SCORE / REVIEW_URL are not set: no score is invented.
      expect(await page.$$('[data-testid="review-link"]')).toHaveLength(0);
      expect(await page.textContent('[data-testid="top-bar-stats"]')).not.toContain('4,9');
      // SUPPORT_EMAIL (its default here), never « contact@127.0.0.1 ».
      await page.waitForSelector('[data-testid="contact-mail"][href="mailto:support@registre.fr"]');
      expect(await page.textContent('[data-testid="contact-mail"]')).toBe('support@registre.fr');
    });

    it('does not sell the Kbis without the registries: no price, no button, the official way', async () => {
      const { page } = await open();
      await page.goto(`${baseUrl()}/extrait-kbis`);
      const notice = page.locator('[data-testid="not-sold"]');
      expect(await notice.textContent()).toContain('non vendu sur ce site');
      expect(await notice.locator('a[href="https://www.infogreffe.fr"]').count()).toBe(1);
      expect(await notice.locator('a[href="https://www.monidenum.fr"]').count()).toBe(1);
      await page.goto(`${baseUrl()}/extrait-kbis/resultats?q=552032534`);
      await page.locator('text=DANONE').first().waitFor();
      expect(await page.getByRole('button', { name: /Commander pour/ }).count()).toBe(0);
      await page.goto(`${baseUrl()}/nos-tarifs`);
      const list = page.locator('[data-testid="not-sold-list"]');
      expect(await list.textContent()).toContain('Extrait Kbis');
      expect(await page.textContent('[data-testid="plan-text"]')).not.toContain('Kbis');
      expect(await page.textContent('[data-testid="kbis-disclaimer"]')).toContain(
        'Nous ne le vendons pas',
      );
    });

    it('adds the Kbis link and the subscription notice on result pages only', async () => {
      const { page } = await open();
      await page.goto(baseUrl());
      expect(await page.$$('[data-testid="top-bar-stats"] a[href="/extrait-kbis"]')).toHaveLength(
        0,
      );
      await page.goto(`${baseUrl()}/resultats?q=michelin`);
      expect(await page.isVisible('[data-testid="top-bar-stats"] a[href="/extrait-kbis"]')).toBe(
        true,
      );
      expect(await page.textContent('[data-testid="top-bar-stats"]')).toContain(
        'Téléchargements illimités',
      );
    });

    it('has the copyright with the current year, the Kbis disclaimer and the sources', async () => {
      const { page } = await open();
      await page.goto(baseUrl());
      expect(await page.textContent('[data-testid="copyright"]')).toContain(
        String(new Date().getFullYear()),
      );
      expect(await page.textContent('[data-testid="kbis-disclaimer"]')).toContain('greffes');
      expect(await page.textContent('[data-testid="site-footer"]')).toContain('INSEE');
    });
  });

  describe('meta', () => {
    it('canonical link: site host plus path, without ad-click parameters', async () => {
      const { page } = await open();
      // A result page depends on its query: the canonical keeps it, without the ad-click ones.
      await page.goto(`${baseUrl()}/resultats?gclid=abc&q=michelin&fbclid=x`);
      const results = await page.getAttribute('link[rel="canonical"]', 'href');
      expect(results).toMatch(/^https?:\/\/[^/]+\/resultats\?q=michelin$/);
      // A static page is the same for every query: its canonical is its bare path.
      await page.goto(`${baseUrl()}/extrait-kbis?gclid=abc&fbclid=x&utm=ok`);
      const canonical = await page.getAttribute('link[rel="canonical"]', 'href');
      expect(canonical).toMatch(/^https?:\/\/[^/]+\/extrait-kbis$/);
      expect(await page.getAttribute('meta[property="og:url"]', 'content')).toBe(canonical);
      expect(
        await page.$('script[type="application/ld+json"][data-testid="organisation-jsonld"]'),
      ).not.toBeNull();
    });

    it('schema-storage: shouldRenderSchema false drops the JSON-LD in the browser, not in the HTML', async () => {
      const { page } = await open();
      const selector = 'script[type="application/ld+json"][data-testid="organisation-jsonld"]';
      await page.goto(`${baseUrl()}/extrait-kbis`);
      await page.evaluate(() =>
        localStorage.setItem(
          'schema-storage',
          JSON.stringify({ state: { shouldRenderSchema: false }, version: 0 }),
        ),
      );
      const answer = await page.goto(`${baseUrl()}/extrait-kbis`);
      // The HTML is the same for every visitor: the block is in it...
      expect(await answer!.text()).toContain('data-testid="organisation-jsonld"');
      // ...and the flag takes it out once the page runs.
      await page.waitForFunction((s) => document.querySelector(s) === null, selector);
      await page.evaluate(() =>
        localStorage.setItem(
          'schema-storage',
          JSON.stringify({ state: { shouldRenderSchema: true }, version: 0 }),
        ),
      );
      await page.goto(`${baseUrl()}/extrait-kbis`);
      await page.waitForSelector(selector, { state: 'attached' });
    });

    it('home is indexable; /login answers noindex whether or not the page exists yet', async () => {
      const { page } = await open();
      const home = await page.goto(baseUrl());
      expect(home?.headers()['x-robots-tag']).toBeUndefined();
      // No GTM_ID in the test environment: no tag manager.
      expect(await page.$('script#gtm')).toBeNull();
      expect(
        await page.evaluate(() => document.documentElement.outerHTML.includes('googletagmanager')),
      ).toBe(false);
      expect(await page.$('meta[name="robots"]')).toBeNull();
      const login = await page.goto(`${baseUrl()}/login`);
      // Next.js never sends this header by itself: it comes from the frame's robots rule.
      expect(login?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      const robots = await page.$$eval('meta[name="robots"]', (els) =>
        els.map((e) => e.getAttribute('content')),
      );
      expect(robots.some((c) => c?.includes('noindex'))).toBe(true);
    });
  });
});
