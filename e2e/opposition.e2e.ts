import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CaptchaChallenge } from '../src/lib/captcha/protocol';
import { solveForTest } from '../src/lib/captcha/testing';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';
import { confirmationPath, waitForMailTo } from './mail';

/**
 * The opposition form behind its captcha, its identity document and its e-mail confirmation, on
 * the fresh database the e2e runner seeds. THIERRY JANOYER (000325175, an individual entrepreneur
 * of the SIRENE sample) is used by no other e2e file. A confirmed request hides nothing: it waits
 * for an operator (their decision is tested in src/opposition and src/security).
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

/** A small identity document, as a requester attaches it. */
const identityDocument = {
  name: 'identite.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\ncarte d’identité de test\n'),
};
const DOCUMENT_LABEL = /^Pièce d’identité/;

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
    const email = page.getByLabel('Adresse électronique (obligatoire)');
    await email.fill(`danone-${run}@exemple.fr`);
    await page.getByLabel(DOCUMENT_LABEL).setInputFiles(identityDocument);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    const alert = page.locator('p[role="alert"]');
    await alert.getByText(/personne morale/).waitFor({ timeout: 30_000 });
    expect(
      await alert.getByRole('link', { name: 'Demander une correction' }).getAttribute('href'),
    ).toBe('/contact');
    // The form keeps what was typed.
    expect(await email.inputValue()).toBe(`danone-${run}@exemple.fr`);
    await page.goto(url('/entreprises/552032534'));
    await expect(page.locator('h1').innerText()).resolves.toContain('DANONE');
  });

  it('asks for the identity fields, and keeps the e-mail when the identity is wrong', async () => {
    await page.goto(url('/opposition'));
    await page.getByLabel('Mes mandats de dirigeant').check();
    // Only the chosen case's fields: a director names themself, not a sole trader's SIREN.
    await expect(
      page.getByLabel('Numéro SIREN de l’entreprise individuelle').count(),
    ).resolves.toBe(0);
    await page.getByLabel('Mon entreprise individuelle (nom et adresse)').check();
    await page.getByLabel('Numéro SIREN de l’entreprise individuelle').waitFor();
    await expect(page.getByLabel('Nom de naissance').count()).resolves.toBe(0);
    await page.getByLabel('Mes mandats de dirigeant').check();
    await page.getByLabel('Nom de naissance').fill('Personne');
    await page.getByLabel('Prénoms').fill('Inconnue');
    await page.getByLabel('Mois et année de naissance').fill('1990-02');
    const email = page.getByLabel('Adresse électronique (obligatoire)');
    await email.fill(`inconnue-${run}@exemple.fr`);
    await page.getByLabel(DOCUMENT_LABEL).setInputFiles(identityDocument);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page
      .locator('p[role="alert"]')
      .getByText(/^Aucun dirigeant ne porte ces nom/)
      .waitFor({ timeout: 30_000 });
    expect(await email.inputValue()).toBe(`inconnue-${run}@exemple.fr`);
    expect(await page.getByLabel('Nom de naissance').inputValue()).toBe('Personne');
  });

  it('hides nothing on the confirmation of the mailed link: the request waits for an operator', async () => {
    const before = await page.goto(url('/entreprises/000325175'));
    expect(before!.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toContain('JANOYER');

    const email = `janoyer-${run}@exemple.fr`;
    await page.goto(url('/opposition?siren=000325175'));
    await page.getByLabel('Mon entreprise individuelle (nom et adresse)').check();
    await page.getByLabel('Adresse électronique (obligatoire)').fill(email);
    await page.getByLabel(DOCUMENT_LABEL).setInputFiles(identityDocument);
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
    await page
      .getByText('Votre demande est confirmée. Un membre de notre équipe vérifie votre pièce')
      .waitFor({ timeout: 15_000 });

    await page.goto(url('/entreprises/000325175'));
    await expect(page.locator('h1').innerText()).resolves.toContain('JANOYER');

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
