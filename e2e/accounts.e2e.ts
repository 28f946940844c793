import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The account path in Chromium: register, open the verification mail's link, log out, follow
 * Danone as a guest (log in, come back with the follow done), put it in a new list, see it in
 * /mon-compte, unfollow. The site under test has no SMTP server: its mails are .eml files under
 * DATA_DIR/mail (src/mail/transport.ts), read here.
 */
let browser: Browser;
let page: Page;
const started = Date.now();
const email = `e2e-${started.toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const mailDir = path.resolve(process.env.DATA_DIR ?? './.data', 'mail');

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const url = (p: string) => new URL(p, baseUrl()).toString();

async function mailTo(to: string, subject: RegExp, timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    } catch {
      files = [];
    }
    for (const f of files) {
      const file = path.join(mailDir, f);
      if (statSync(file).mtimeMs < started - 1000) continue;
      const mail = await simpleParser(readFileSync(file));
      const rcpt = JSON.stringify(mail.to ?? '');
      if (rcpt.includes(to) && subject.test(mail.subject ?? '')) return mail.text ?? '';
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`pas de mail « ${subject} » pour ${to}`);
}

describe('accounts in the browser', () => {
  it('registers and verifies the address through the mailed link', async () => {
    await page.goto(url('/register'));
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.fill('#password_confirmation', password);
    await page.click('[data-testid="register-form"] button[type="submit"]');
    await page.waitForURL(/\/verify-email/, { timeout: 60_000 });
    const text = await mailTo(email, /Confirmez/);
    const link = /https?:\/\/\S+\/verify-email\/confirm\?token=\S+/.exec(text)?.[0];
    expect(link).toBeTruthy();
    const confirm = new URL(link!);
    await page.goto(url(confirm.pathname + confirm.search));
    // The link opens no session of its own: it leads to the login form, which this browser (signed
    // in at registration) passes on to the account page, with the message.
    await page.waitForURL(/\/mon-compte/, { timeout: 30_000 });
    await page
      .locator('[data-testid="toast"]', { hasText: 'Adresse e-mail confirmée' })
      .waitFor({ timeout: 30_000 });
    await expect(page.locator('[data-testid="account-page"]').textContent()).resolves.toContain(
      email,
    );
    await expect(
      page.locator('[data-testid="account-button"]').first().getAttribute('href'),
    ).resolves.toBe('/mon-compte');
  }, 180_000);

  it('lists this session in /mon-compte, and asks the password before an e-mail change', async () => {
    await page.goto(url('/mon-compte#security'));
    const sessions = page.locator('[data-testid="sessions"]');
    await sessions.getByText('cette session').waitFor({ timeout: 30_000 });
    await page.fill('#new-email', `nouvelle-${email}`);
    await page.getByRole('button', { name: 'Changer d’adresse' }).click();
    await page.getByText('Ce champ est obligatoire.').first().waitFor({ timeout: 10_000 });
    await page.fill('#email-current-password', password);
    await page.getByRole('button', { name: 'Changer d’adresse' }).click();
    await page.getByText(/Nous avons envoyé un lien de confirmation/).waitFor({ timeout: 30_000 });
    // Nothing changes until the link mailed to the new address is opened.
    await page.reload();
    await expect(
      page.locator('[data-testid="account-page"] p').first().textContent(),
    ).resolves.toBe(email);
    await mailTo(email, /Changement d’adresse/);
  }, 120_000);

  it('logs out, then a guest’s follow click logs in and comes back with the follow done', async () => {
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await expect(
      page.locator('[data-testid="account-button"]').first().getAttribute('href'),
    ).resolves.toBe('/login');

    await page.goto(url('/entreprises/552032534/danone'));
    await expect(
      page.locator('[data-testid="follow-button"]').first().getAttribute('aria-label'),
    ).resolves.toMatch(/^Suivre cette entreprise/);
    await page.locator('[data-testid="follow-button"]').first().click();
    await page.waitForURL(/\/login\?next=.*suivre=552032534/, { timeout: 30_000 });
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('[data-testid="login-form"] button[type="submit"]');
    await page.waitForURL(/\/entreprises\/552032534\//, { timeout: 30_000 });
    // Once followed, the button's name says what a click offers, not « Suivre » any more.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="follow-button"]')
          ?.getAttribute('aria-label')
          ?.startsWith('Suivie — ne plus suivre ou changer de liste'),
      undefined,
      { timeout: 30_000 },
    );
    await expect(page.locator('[data-testid="follow-button"]').first().textContent()).resolves.toBe(
      '✓ Suivie',
    );
  }, 120_000);

  it('files Danone in a new list, sees it in /mon-compte, and unfollows', async () => {
    await page.locator('[data-testid="follow-button"]').first().click();
    const picker = page.locator('[data-testid="follow-picker"]');
    await picker.waitFor({ timeout: 30_000 });
    // The new list's field is labelled on its own line, at full width: nothing is cut.
    const field = picker.getByLabel('Nouvelle liste');
    const [fieldBox, pickerBox] = [await field.boundingBox(), await picker.boundingBox()];
    expect(fieldBox!.width).toBeGreaterThan(pickerBox!.width * 0.8);
    await field.fill('Fournisseurs');
    await picker.getByRole('button', { name: 'Créer et suivre' }).click();
    // The list shows as soon as it is created; Danone is filed in it by a second call: wait for
    // its box to be ticked before leaving the page.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="follow-picker"] label')].some(
          (l) =>
            l.textContent?.includes('Fournisseurs') &&
            (l.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked,
        ),
      undefined,
      { timeout: 30_000 },
    );
    // Escape closes the popover and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'follow-button',
    );

    await page.goto(url('/mon-compte#lists'));
    const lists = page.locator('[data-testid="lists-tab"]');
    await lists.waitFor({ timeout: 30_000 });
    const card = lists.locator('section', { hasText: 'Fournisseurs' });
    await card
      .getByText(/DANONE/i)
      .first()
      .waitFor({ timeout: 30_000 });

    await card.getByRole('checkbox').first().check();
    await card.getByRole('button', { name: 'Ne plus suivre la sélection' }).click();
    await card
      .getByText('Vous ne suivez encore aucune entreprise', { exact: false })
      .waitFor({ timeout: 30_000 });
  }, 120_000);
});
