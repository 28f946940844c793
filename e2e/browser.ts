import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the real Chromium is: CHROME_PATH, else Debian's /usr/bin/chromium. */
export function chromePath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Flags that keep headless Chromium quiet on a machine without internet. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromePath();
  if (!executablePath) throw new Error('Chromium introuvable (CHROME_PATH ou /usr/bin/chromium)');
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}

/** Base URL of the site under test, set by e2e/run.ts. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL manquant : lancez les tests e2e avec `npm run test:e2e`');
  return url;
}

/**
 * Stores the essentials-only consent choice in a context, as a returning visitor has it: for the
 * files whose subject is not the consent banner.
 */
export async function storeEssentialConsent(context: BrowserContext): Promise<void> {
  await context.addCookies([
    {
      name: 'consentManager',
      value: encodeURIComponent(
        JSON.stringify({ essentials: true, statistics: false, marketing: false, unknown: false }),
      ),
      url: baseUrl(),
    },
  ]);
}

/**
 * Opens a desktop mega-menu. The buttons are server-rendered: a click that lands before React has
 * hydrated the navigation does nothing, so click again until the panel shows (each click after
 * hydration toggles, hence the check before every click).
 */
export async function openMegaMenu(page: Page, id: 'services' | 'businessList'): Promise<void> {
  const panel = page.locator(`[data-testid="mega-panel-${id}"]`);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await panel.isVisible()) {
      // Its contents are a chunk loaded when the navigation is approached (MainNav.tsx).
      await panel.locator('a').first().waitFor({ state: 'visible', timeout: 15_000 });
      return;
    }
    await page.click(`[data-testid="mega-trigger-${id}"]`);
    await panel.waitFor({ state: 'visible', timeout: 200 }).catch(() => undefined);
  }
  throw new Error(`le menu ${id} ne s’ouvre pas`);
}

/** Registers a new account in the browser (the captcha solves itself) and waits for /verify-email. */
export async function registerInBrowser(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(new URL('/register', baseUrl()).toString());
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.fill('#password_confirmation', password);
  await page.click('[data-testid="register-form"] button[type="submit"]');
  await page.waitForURL(/\/verify-email/, { timeout: 60_000 });
}
