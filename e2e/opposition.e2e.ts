import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CaptchaChallenge } from '../src/lib/captcha/protocol';
import { solveForTest } from '../src/lib/captcha/testing';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';
import { confirmationPath, waitForMailTo } from './mail';

/**
 * The opposition form behind its captcha and its e-mail confirmation, on the fresh database the
 * e2e runner seeds. THIERRY JANOYER (000325175, an individual entrepreneur of the SIRENE sample)
 * is used by no other e2e file: the request hides him for the rest of the run.
 */
let browser: Browser;
let page: Page;
const run = Date.now().toString(36);

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

describe('opposition form, its captcha and its confirmation', () => {
  it('refuses an API request without a captcha, and a captcha used twice', async () => {
    const missing = await postJson({ kind: 'company', siren: '000325175', email: 'a@exemple.fr' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe(
      'CAPTCHA_MISSING',
    );

    // A good captcha with a bad request: the captcha passes, the request is refused for itself.
    const captcha = await solvedCaptcha();
    const bad = await postJson({ kind: 'company', email: 'pas-une-adresse', captcha });
    expect(bad.status).toBe(422);
    const badBody = (await bad.json()) as { error: { code: string; message: string } };
    expect(badBody.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Adresse électronique invalide.',
    });
    const again = await postJson({ kind: 'company', email: 'pas-une-adresse', captcha });
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('CAPTCHA_REUSED');
  });

  it('says on the form that a legal person is not hidden, and points to the correction route', async () => {
    await page.goto(url('/opposition?siren=552032534'));
    await page.getByLabel('Mon entreprise individuelle (nom et adresse)').check();
    await page.getByLabel('Adresse électronique (obligatoire)').fill(`danone-${run}@exemple.fr`);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    const alert = page.locator('p[role="alert"]');
    await alert.getByText(/personne morale/).waitFor({ timeout: 30_000 });
    expect(
      await alert.getByRole('link', { name: 'Demander une correction' }).getAttribute('href'),
    ).toBe('/contact');
    expect(new URL(page.url()).searchParams.get('erreur')).toBe('OPPOSITION_NOT_ALLOWED');
    await page.goto(url('/entreprises/552032534'));
    await expect(page.locator('h1').innerText()).resolves.toContain('DANONE');
  });

  it('hides nothing until the mailed link is confirmed, then honours the request', async () => {
    const before = await page.goto(url('/entreprises/000325175'));
    expect(before!.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toContain('JANOYER');

    const email = `janoyer-${run}@exemple.fr`;
    await page.goto(url('/opposition?siren=000325175'));
    await page.getByLabel('Mon entreprise individuelle (nom et adresse)').check();
    await page.getByLabel('Adresse électronique (obligatoire)').fill(email);
    // Submitted at once: the form waits for the solution, then goes on by itself.
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Votre demande est enregistrée.').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('envoye')).toBe('1');

    await page.goto(url('/entreprises/000325175'));
    await expect(page.locator('h1').innerText()).resolves.toContain('JANOYER');

    // Opening the link confirms nothing by itself (mail scanners open links): a button does.
    const link = confirmationPath(await waitForMailTo(email));
    await page.goto(url(link));
    await page.getByRole('button', { name: 'Confirmer ma demande' }).click();
    await page.getByText('Votre demande est confirmée et appliquée').waitFor({ timeout: 15_000 });

    await page.goto(url('/entreprises/000325175'));
    expect(await page.locator('main').first().innerText()).not.toContain('JANOYER');

    // The same link again: refused, in French.
    await page.goto(url(link));
    await page.getByRole('button', { name: 'Confirmer ma demande' }).click();
    await page.getByText('Ce lien de confirmation n’est pas valable ou a déjà servi.').waitFor();
  });

  it('shows the check in progress, then done, to assistive technologies', async () => {
    await page.goto(url('/opposition'));
    const status = page.getByRole('status').filter({ hasText: 'anti-robot' });
    await status.getByText('Vérification anti-robot effectuée.').waitFor({ timeout: 30_000 });
    expect(await page.locator('input[name="captcha"]').inputValue()).toMatch(/^[\w+/=]{40,}$/);
  });
});
