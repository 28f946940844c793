import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CaptchaChallenge } from '../src/lib/captcha/protocol';
import { solveForTest } from '../src/lib/captcha/testing';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The opposition form behind its captcha, on the fresh database the e2e runner seeds. THIERRY
 * JANOYER (000325175, an individual entrepreneur of the SIRENE sample) is used by no other e2e
 * file: the request hides him for the rest of the run.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await storeEssentialConsent(context);
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const url = (path: string) => new URL(path, baseUrl()).toString();

async function solvedCaptcha(): Promise<string> {
  const res = await fetch(url('/api/captcha'));
  expect(res.headers.get('cache-control')).toContain('no-store');
  const body = (await res.json()) as { data: { data: CaptchaChallenge } };
  return solveForTest(body.data.data);
}

const postJson = (body: unknown) =>
  fetch(url('/api/opposition'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('opposition form and its captcha', () => {
  it('refuses an API request without a captcha, and a captcha used twice', async () => {
    const missing = await postJson({ kind: 'company', siren: '000325175', email: 'a@exemple.fr' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe(
      'CAPTCHA_MISSING',
    );

    // A good captcha with a bad request: the captcha passes, the request is refused for itself.
    const captcha = await solvedCaptcha();
    const bad = await postJson({ kind: 'company', email: 'pas-une-adresse', captcha });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { code: string; message: string } };
    expect(badBody.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Adresse électronique invalide.',
    });
    const again = await postJson({ kind: 'company', email: 'pas-une-adresse', captcha });
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('CAPTCHA_REUSED');
  });

  it('sends a request from the page once the background check is done, and honours it', async () => {
    const before = await page.goto(url('/entreprises/000325175'));
    expect(before!.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toContain('JANOYER');

    await page.goto(url('/opposition?siren=000325175'));
    await page.getByLabel('Mon entreprise individuelle (nom et adresse)').check();
    await page.getByLabel('Adresse électronique (obligatoire)').fill('demande@exemple.fr');
    // Submitted at once: the form waits for the solution, then goes on by itself.
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Votre demande a bien été enregistrée.').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('envoye')).toBe('1');

    await page.goto(url('/entreprises/000325175'));
    expect(await page.locator('main').first().innerText()).not.toContain('JANOYER');
  });

  it('shows the check in progress, then done, to assistive technologies', async () => {
    await page.goto(url('/opposition'));
    const status = page.getByRole('status').filter({ hasText: 'anti-robot' });
    await status.getByText('Vérification anti-robot effectuée.').waitFor({ timeout: 30_000 });
    expect(await page.locator('input[name="captcha"]').inputValue()).toMatch(/^[\w-]{40,}$/);
  });
});
