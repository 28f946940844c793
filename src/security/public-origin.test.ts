/**
 * Password-reset poisoning, replayed: an attacker asks a reset (or signs up) for a victim with a
 * forged Host / X-Forwarded-Host, hoping the mailed link points at their host and hands them the
 * token. Every link of every mail (reset, verification, « document prêt », opposition) and the
 * paid PDF's header must carry SITE_URL's host, SITE_URL being set at run time (not the default
 * localhost, not a value a build could have inlined). Mails go to a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, solvedCaptcha, TestClient } from '@/testing/route-client';
import { getEnv } from '@/config/env';
import { setDocumentServices } from '@/documents/services';
import { runJobsUntilIdle } from '@/jobs/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import type { ReceivedMail } from '@/mail/testing';
import { smtpForFile } from '@/testing/smtp';
import { submitOpposition } from '@/opposition/submit';
import { withDocument } from '@/opposition/testing';
import { createTestUser, openSiteTestDb, params, request } from '@/orders/testing';
import { payTestCheckout } from '@/payments/test-provider';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import * as checkoutRoute from '@/app/api/orders/[id]/checkout/route';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import * as downloadRoute from '@/app/(commerce)/orders/[id]/download/route';

const SITE = 'https://registre.example';
const EVIL = 'evil.example';
const FORGED = {
  host: EVIL,
  'x-forwarded-host': EVIL,
  'x-forwarded-proto': 'https',
  forwarded: `host=${EVIL};proto=https`,
};

// Set at run time, after the modules were loaded: nothing may have kept the default.
const smtp = smtpForFile({ SITE_URL: SITE, STRIPE_SECRET_KEY: undefined });
let site: Awaited<ReturnType<typeof openSiteTestDb>>;

beforeAll(async () => {
  setDocumentServices(null);
  site = await openSiteTestDb();
  await insertRegistryFixtures(site.handle.db);
});

afterAll(async () => {
  await site?.close();
  setDocumentServices(null);
});

/** Every absolute link of a mail (text, HTML, headers). */
function linksOf(mail: ReceivedMail): URL[] {
  return [...mail.raw.replace(/=\r?\n/g, '').matchAll(/https?:\/\/[^\s"'<>)]+/g)].map(
    (m) => new URL(m[0]),
  );
}

function expectOnlySiteLinks(mail: ReceivedMail, path: string): void {
  const links = linksOf(mail);
  expect(links.some((u) => u.pathname.startsWith(path))).toBe(true);
  for (const u of links) expect(u.origin).toBe(SITE);
  expect(mail.raw).not.toContain(EVIL);
}

async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  await runJobsUntilIdle(site.handle.db);
  return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
}

/**
 * A POST as an attacker's script sends it: to the attacker's Host (Next builds `req.url` from
 * it), with X-Forwarded-Host, and the CSRF cookie and header it fetched itself.
 */
async function forgedPost(path: string, body: unknown, extra: Record<string, string> = {}) {
  const c = new TestClient();
  await c.get('/sanctum/csrf-cookie');
  const xsrf = c.cookies.get('XSRF-TOKEN')!;
  const res = await dispatch(
    new Request(`http://${EVIL}${path}`, {
      method: 'POST',
      headers: {
        ...FORGED,
        ...extra,
        accept: 'application/json',
        'content-type': 'application/json',
        cookie: c.cookieHeader(),
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify(body),
    }),
  );
  return res;
}

describe('links are built from SITE_URL, never from the request', () => {
  it('reads SITE_URL at run time', () => {
    expect(getEnv().SITE_URL).toBe(SITE);
  });

  it('a sign-up with a forged Host / X-Forwarded-Host mails a verification link on SITE_URL', async () => {
    const res = await forgedPost('/register', {
      email: 'nouvelle@exemple.fr',
      password: 'une phrase de passe solide',
      password_confirmation: 'une phrase de passe solide',
      captcha: await solvedCaptcha(),
    });
    expect(res.status).toBe(201);
    const mail = await mailTo('nouvelle@exemple.fr', /Confirmez/);
    expectOnlySiteLinks(mail, '/verify-email/confirm');
  });

  it('a reset asked for a victim with a forged Host / X-Forwarded-Host mails a link on SITE_URL', async () => {
    await createTestUser(site.handle.db, 'victime@exemple.fr');
    await resetAllRateLimits();
    const res = await forgedPost('/forgot-password', {
      email: 'victime@exemple.fr',
      captcha: await solvedCaptcha(),
    });
    expect(res.status).toBe(200);
    const mail = await mailTo('victime@exemple.fr', /Réinitialisation/);
    expectOnlySiteLinks(mail, '/password-reset/');
  });

  it('with the attacker’s host as Origin too, no mail carries the attacker’s host', async () => {
    await resetAllRateLimits();
    const before = smtp.received.length;
    await forgedPost(
      '/forgot-password',
      { email: 'victime@exemple.fr', captcha: await solvedCaptcha() },
      { origin: `https://${EVIL}` },
    );
    await runJobsUntilIdle(site.handle.db);
    for (const mail of smtp.received.slice(before)) expect(mail.raw).not.toContain(EVIL);
  });

  it('the opposition confirmation link is on SITE_URL', async () => {
    const r = await submitOpposition(
      site.handle.db,
      { kind: 'company', siren: '883010316', email: 'opposant@exemple.fr' },
      withDocument(),
    );
    expect(r.ok).toBe(true);
    const mail = await mailTo('opposant@exemple.fr', /opposition/);
    expectOnlySiteLinks(mail, '/opposition/confirmer');
  });

  it('the « document prêt » mail links to SITE_URL and the paid PDF prints its host', async () => {
    const buyer = await createTestUser(site.handle.db, 'acheteur@exemple.fr');
    const placed = await kindOrderRoute.POST(
      request('/api/establishments-list/552032534/order', { method: 'POST', who: buyer }),
      params({ kind: 'establishments-list', siren: '552032534' }),
    );
    expect(placed.status).toBe(201);
    const id = ((await placed.json()) as { data: { data: { id: string } } }).data.data.id;
    const opened = await checkoutRoute.POST(
      request(`/api/orders/${id}/checkout`, {
        method: 'POST',
        who: buyer,
        body: { company_name: 'Acheteur SAS', postcode: '75002', firstname: 'A', lastname: 'B' },
      }),
      params({ id }),
    );
    expect(opened.status).toBe(200);
    const url = ((await opened.json()) as { data: { data: { url: string } } }).data.data.url;
    const session = new URL(url, SITE).searchParams.get('session')!;
    const paid = await payTestCheckout(site.handle.db, session, buyer.user.id, '4242424242424242');
    if (!paid.ok || paid.value.outcome !== 'paid') throw new Error('paiement refusé');
    const delivered = await webhookRoute.POST(
      request('/api/payments/webhook', {
        method: 'POST',
        body: paid.value.event.payload,
        headers: { 'stripe-signature': paid.value.event.signature, ...FORGED },
      }),
    );
    expect(delivered.status).toBeLessThan(300);
    const mail = await mailTo('acheteur@exemple.fr', /prêt/);
    expectOnlySiteLinks(mail, `/commandes/${id}`);

    const pdf = await downloadRoute.GET(
      request(`/orders/${id}/download?format=pdf`, { who: buyer, headers: FORGED }),
      params({ id }),
    );
    expect(pdf.status).toBe(200);
    const { extractText } = await import('unpdf');
    const text = (await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true }))
      .text;
    expect(text).toContain('registre.example');
    expect(text).not.toContain('localhost');
    expect(text).not.toContain(EVIL);
  }, 60_000);
});
