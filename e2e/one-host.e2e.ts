import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser';

/**
 * One host (issue 38): the runner serves the site with SITE_URL=http://127.0.0.1:PORT; a person
 * who types http://localhost:PORT must still register and log in. Outside production the front
 * door sends every loopback name to SITE_URL's (308) before any form is shown.
 */
let browser: Browser;
const run = Date.now().toString(36);
const password = 'une phrase de passe pour le test';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const origins = () => {
  const site = new URL(baseUrl());
  return [site.origin, `http://localhost:${site.port}`];
};

async function context(): Promise<BrowserContext> {
  const c = await browser.newContext();
  for (const origin of origins()) {
    await c.addCookies([
      {
        name: 'consentManager',
        value: encodeURIComponent(
          JSON.stringify({ essentials: true, statistics: false, marketing: false, unknown: false }),
        ),
        url: origin,
      },
    ]);
  }
  return c;
}

describe('accounts whichever loopback name the site is opened at', () => {
  it('redirects another loopback name to SITE_URL’s, same path and query', async () => {
    const [, other] = origins();
    const res = await fetch(`${other}/login?next=%2Fmon-compte`, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`${baseUrl()}/login?next=%2Fmon-compte`);
  });

  for (const [i, name] of ['127.0.0.1', 'localhost'].entries()) {
    it(`registers, then logs in, from http://${name}:PORT`, async () => {
      const origin = origins()[i]!;
      const email = `hote-${name.replace(/\W/g, '')}-${run}@exemple.fr`;
      const c = await context();
      const page = await c.newPage();
      await page.goto(`${origin}/register`);
      // The form is shown at SITE_URL's host, whatever name was typed.
      expect(new URL(page.url()).origin).toBe(baseUrl());
      await page.fill('#email', email);
      await page.fill('#password', password);
      await page.fill('#password_confirmation', password);
      await page.click('[data-testid="register-form"] button[type="submit"]');
      await page.waitForURL(/\/verify-email/, { timeout: 60_000 });
      await c.close();

      const again = await context();
      const login = await again.newPage();
      await login.goto(`${origin}/login`);
      expect(new URL(login.url()).origin).toBe(baseUrl());
      await login.fill('#email', email);
      await login.fill('#password', password);
      await login.click('[data-testid="login-form"] button[type="submit"]');
      await login.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
      // The button reads the session hint in the browser once hydrated (the HTML is the same for
      // everyone, with /login): wait for it, rather than read the server's HTML.
      await login
        .locator('[data-testid="account-button"][href="/mon-compte"]')
        .first()
        .waitFor({ timeout: 30_000 });
      await again.close();
    }, 180_000);
  }
});
