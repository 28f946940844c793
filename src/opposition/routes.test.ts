import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetCaptchaState } from '@/lib/captcha/server';
import { solveForTest } from '@/lib/captcha/testing';
import { frontDoorAddressHeaders } from '@/lib/http/client';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { smtpForFile } from '@/testing/smtp';
import * as captchaRoute from '@/app/api/captcha/route';
import * as oppositionRoute from '@/app/api/opposition/route';
import * as confirmationRoute from '@/app/api/opposition/confirmation/route';
import { isCompanyOpposed, sampleDocumentBytes, tokenOfMail } from './testing';
import { runJobsUntilIdle } from '@/jobs/testing';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ fixtures: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'opposition-routes-'));
const smtp = smtpForFile({ DATA_DIR: dataDir });

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  resetAllRateLimits({ kind: 'memory' });
  resetCaptchaState();
});

const challenge = async (address = '192.0.2.1') => {
  const res = await captchaRoute.GET(
    new Request('http://x/api/captcha', { headers: frontDoorAddressHeaders(address) }),
  );
  return res;
};
const solved = async (address = '192.0.2.1') => {
  const body = (await (await challenge(address)).json()) as { data: { data: never } };
  return solveForTest(body.data.data);
};
const postJson = (body: unknown, address = '192.0.2.1') =>
  oppositionRoute.POST(
    new Request('http://0.0.0.0:3301/api/opposition', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...frontDoorAddressHeaders(address) },
      body: JSON.stringify(body),
    }),
  );
/** The form as a browser sends it with its file, or as an API client asking for JSON. */
const postMultipart = (
  fields: Record<string, string>,
  {
    address = '192.0.2.1',
    json = true,
    document = sampleDocumentBytes('pdf'),
    name = 'id.pdf',
  } = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('document', new Blob([new Uint8Array(document)], { type: 'application/pdf' }), name);
  return oppositionRoute.POST(
    new Request('http://0.0.0.0:3301/api/opposition', {
      method: 'POST',
      headers: {
        ...frontDoorAddressHeaders(address),
        ...(json ? { accept: 'application/json' } : {}),
      },
      body: form,
    }),
  );
};
const postForm = (fields: Record<string, string>, address = '192.0.2.1') =>
  oppositionRoute.POST(
    new Request('http://0.0.0.0:3301/api/opposition', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...frontDoorAddressHeaders(address),
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );

describe('opposition routes', () => {
  it('answers a request with 202 and a mail; the confirmation route holds it for an operator', async () => {
    const res = await postMultipart({
      kind: 'company',
      siren: '883010316',
      email: 'route@exemple.fr',
      captcha: await solved(),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ data: { data: { status: 'pending_confirmation' } } });
    expect(await isCompanyOpposed(site.db(), '883010316')).toBe(false);
    await runJobsUntilIdle(site.db());
    const token = tokenOfMail((await smtp.waitFor((m) => m.to.includes('route@exemple.fr'))).text);
    const form = await confirmationRoute.POST(
      new Request('http://0.0.0.0:3301/api/opposition/confirmation', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ jeton: token }).toString(),
      }),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/opposition/confirmer?etat=awaiting_review');
    expect(await isCompanyOpposed(site.db(), '883010316')).toBe(false);
    // Replayed through the API: refused.
    const again = await confirmationRoute.POST(
      new Request('http://x/api/opposition/confirmation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      }),
    );
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'OPPOSITION_LINK_INVALID',
    );
  });

  it('sends the no-JS form back by a relative address, with codes rather than text', async () => {
    const res = await postForm({
      kind: 'company',
      siren: '552032534',
      email: 'abus@exemple.fr',
      captcha: await solved(),
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('/opposition?')).toBe(true);
    const q = new URL(location, 'http://site').searchParams;
    expect(q.get('erreur')).toBe('OPPOSITION_NOT_ALLOWED');
    expect(q.get('siren')).toBe('552032534');
    // The form with its file, without script: the same redirect.
    const multipart = await postMultipart(
      { kind: 'person', email: 'a@b.fr', captcha: await solved() },
      { json: false },
    );
    expect(multipart.status).toBe(303);
    expect(multipart.headers.get('location')).toBe(
      '/opposition?erreur=VALIDATION_FAILED&champ=identity&type=person',
    );
    const bad = await postForm({
      kind: 'company',
      siren: 'abc',
      email: 'a@b.fr',
      captcha: await solved(),
    });
    expect(new URL(bad.headers.get('location')!, 'http://site').search).toBe(
      '?erreur=VALIDATION_FAILED&champ=siren&siren=abc&type=company',
    );
    const noCaptcha = await postForm({ kind: 'company', siren: '883010316', email: 'a@b.fr' });
    expect(noCaptcha.headers.get('location')).toBe(
      '/opposition?erreur=CAPTCHA_MISSING&siren=883010316&type=company',
    );
  });

  it('limits requests per address and per e-mail: 429, Retry-After and a French message', async () => {
    const send = async (email: string, address: string) =>
      postMultipart(
        { kind: 'company', siren: '883010316', email, captcha: await solved(address) },
        { address },
      );
    for (let i = 0; i < 5; i++)
      expect((await send(`a${i}@exemple.fr`, '192.0.2.7')).status).toBe(202);
    const limited = await send('a9@exemple.fr', '192.0.2.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    const body = (await limited.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(
      /^Trop de demandes d'opposition envoyées depuis votre adresse/,
    );
    // Another address goes on; one e-mail address, from many addresses, is limited too.
    for (let i = 0; i < 3; i++)
      expect((await send('meme@exemple.fr', `198.51.100.${i}`)).status).toBe(202);
    const byEmail = await send('meme@exemple.fr', '198.51.100.99');
    expect(byEmail.status).toBe(429);
    expect(((await byEmail.json()) as { error: { message: string } }).error.message).toMatch(
      /pour cette adresse électronique/,
    );
  });

  it('limits captcha challenges per address', async () => {
    for (let i = 0; i < 30; i++) expect((await challenge('203.0.113.5')).status).toBe(200);
    const limited = await challenge('203.0.113.5');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await challenge('203.0.113.6')).status).toBe(200);
  });

  it('refuses a body over 16 KB with 413 before reading it whole', async () => {
    const res = await postJson({ kind: 'company', email: 'a@b.fr', reason: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });
});
