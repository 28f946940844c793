import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The « API » tab of /mon-compte in Chromium: a new account creates a key, sees it once (never
 * again after a reload: only its prefix), calls the API with it, revokes it, and the revoked key
 * is refused (401).
 */
let browser: Browser;
let page: Page;
const email = `e2e-api-${Date.now().toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const url = (p: string) => new URL(p, baseUrl()).toString();

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const callWith = async (key: string) =>
  (
    await page.request.get(url('/api/search/companies?q=danone'), {
      headers: { Authorization: `Bearer ${key}` },
    })
  ).status();

describe('API keys in /mon-compte', () => {
  it('creates a key shown once, uses it, revokes it', async () => {
    await page.goto(url('/register'));
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.fill('#password_confirmation', password);
    await page.click('[data-testid="register-form"] button[type="submit"]');
    await page.waitForURL(/\/verify-email|\/mon-compte/, { timeout: 60_000 });

    await page.goto(url('/mon-compte#api'));
    const tab = page.locator('[data-testid="api-tab"]');
    await tab.waitFor({ timeout: 30_000 });
    await tab.getByText('Vous n’avez encore aucune clé.').waitFor({ timeout: 30_000 });
    await page.fill('#api-key-name', 'Mon script');
    await tab.getByRole('button', { name: 'Créer une clé' }).click();
    const shown = page.locator('[data-testid="new-key"]');
    await shown.waitFor({ timeout: 30_000 });
    await expect(shown.textContent()).resolves.toContain('ne sera plus jamais affichée');
    const key = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(key).toMatch(/^rg_live_\S{16,}$/);
    const row = tab.locator('tbody tr', { hasText: 'Mon script' });
    await expect(row.textContent()).resolves.toContain('Active');

    // Shown once: after a reload, only the prefix is left.
    await page.reload();
    await tab.waitFor({ timeout: 30_000 });
    await row.waitFor({ timeout: 30_000 });
    await expect(page.locator('[data-testid="new-key"]').count()).resolves.toBe(0);
    await expect(page.content()).resolves.not.toContain(key);
    await expect(row.locator('code').textContent()).resolves.toBe(`${key.slice(0, 12)}…`);

    expect(await callWith(key)).toBe(200);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Révoquer' }).click();
    await row.getByText(/Révoquée/).waitFor({ timeout: 30_000 });
    await expect(row.getByRole('button', { name: 'Révoquer' }).count()).resolves.toBe(0);
    expect(await callWith(key)).toBe(401);
  }, 180_000);
});
