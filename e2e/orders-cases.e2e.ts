import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';
import { fillCompanyDataAndGoToPayment, payWithCard } from './checkout';

/**
 * Ordering from a service group's results in Chromium, with the built-in test provider: the order
 * offer of the first company, a declined card (French message, the order stays unpaid), the same
 * order twice (SAME_ORDER_PENDING: the page takes the visitor to the pending order), and a
 * subscriber whose filed accounts are paid by the subscription's monthly quota.
 */
let browser: Browser;
let page: Page;
const email = `e2e-cases-${Date.now().toString(36)}@exemple.fr`;
const password = 'une phrase de passe pour le test';
const DANONE = '552032534';
const url = (p: string) => new URL(p, baseUrl()).toString();

type Answer = {
  status: number;
  // The JSON of the answer, read field by field by each test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
};

/** A call to the API from the page, as the site's client makes it (XSRF token on writes). */
async function call(method: 'GET' | 'POST', path: string): Promise<Answer> {
  return page.evaluate(
    async ({ method, path }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const res = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(method === 'POST' ? { 'X-XSRF-TOKEN': token } : {}),
        },
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    },
    { method, path },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ acceptDownloads: true });
  await storeEssentialConsent(context);
  page = await context.newPage();
  await page.goto(url('/register'));
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.fill('#password_confirmation', password);
  await page.click('[data-testid="register-form"] button[type="submit"]');
  await page.waitForURL(/\/verify-email/, { timeout: 60_000 });
});
afterAll(async () => browser?.close());

describe('a declined card and the same order twice', () => {
  let orderId: string;

  it('offers the VAT number of the first company of the results, at its price', async () => {
    await page.goto(url(`/numero-tva/resultats?q=${DANONE}`));
    const offer = page.locator('[data-offer="vat-numbers"]');
    await offer.getByText(/DANONE \(SIREN 552 032 534\)/).waitFor({ timeout: 30_000 });
    // Each result has its own button too.
    await page
      .getByRole('list', { name: 'Entreprises trouvées' })
      .getByRole('button', { name: /Commander pour/ })
      .first()
      .waitFor();
    await offer.getByRole('button', { name: /Commander pour \d+,\d\d/ }).click();
    await page.waitForURL(/\/paiement-securise\?order=/, { timeout: 30_000 });
    orderId = new URL(page.url()).searchParams.get('order')!;
  });

  it('declines 4000 0000 0000 0002 in French and leaves the order unpaid', async () => {
    await fillCompanyDataAndGoToPayment(page);
    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByText('Votre carte a été refusée.').waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('/payment?session=');
    const order = await call('GET', `/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.data.data).toMatchObject({ state: 'pending_payment', invoice: null });
  });

  it('answers the same order with SAME_ORDER_PENDING and the page goes to that order', async () => {
    const again = await call('POST', `/api/vat-numbers/${DANONE}/order`);
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('SAME_ORDER_PENDING');
    expect(again.body.data.data.id).toBe(orderId);

    await page.goto(url(`/numero-tva/resultats?q=${DANONE}`));
    await page
      .locator('[data-offer="vat-numbers"]')
      .getByRole('button', { name: /Commander pour/ })
      .click();
    await page.getByText('Une commande identique est déjà en cours').waitFor({ timeout: 30_000 });
    await page.waitForURL(new RegExp(`/paiement-securise\\?order=${orderId}`), {
      timeout: 30_000,
    });
    const list = await call('GET', '/api/orders');
    expect(
      list.body.data.data.filter((o: { kind: string }) => o.kind === 'vat-numbers'),
    ).toHaveLength(1);
  });
});

describe('a visitor who is not logged in', () => {
  it('is sent to log in by the order and payment pages, and comes back after', async () => {
    const context = await browser.newContext();
    await storeEssentialConsent(context);
    const guest = await context.newPage();
    const [order] = (await call('GET', '/api/orders')).body.data.data as { id: string }[];
    await guest.goto(url(`/commandes/${order!.id}`));
    await guest.waitForURL(/\/login\?next=%2Fcommandes%2F/, { timeout: 30_000 });
    await guest.goto(url(`/paiement-securise?order=${order!.id}`));
    await guest.waitForURL(/\/login\?next=/, { timeout: 30_000 });
    const answer = await guest.evaluate(async (id) => {
      const res = await fetch(`/api/orders/${id}`, { headers: { Accept: 'application/json' } });
      return res.status;
    }, order!.id);
    expect(answer).toBe(401);
    await context.close();
  });
});

describe('a subscriber', () => {
  it('subscribes with a test card and gets the invoice of the first month', async () => {
    await page.goto(url('/nos-tarifs'));
    await page.getByRole('button', { name: 'S’abonner' }).click();
    await page.waitForURL(/\/payment\?session=cs_test_/, { timeout: 30_000 });
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/mon-compte/, { timeout: 60_000 });
    const sub = await call('GET', '/api/subscription');
    expect(sub.body.data.data).toMatchObject({ active: true, quota_used: 0 });
  });

  it('orders filed accounts without paying: one unit of the monthly quota', async () => {
    await page.goto(url(`/comptes-annuels/resultats?q=${DANONE}`));
    const offer = page.locator('[data-offer="balance-sheets"]');
    await offer.getByText(/DANONE/).waitFor({ timeout: 30_000 });
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await offer.getByRole('button', { name: /Commander pour/ }).click();
    // No payment page: straight to the order, paid by the subscription.
    await page.waitForURL(/\/commandes\/[0-9a-f-]{36}/, { timeout: 30_000 });
    await page.locator('[data-state="completed"]').waitFor({ timeout: 90_000 });
    const file = await readFile((await (await download).path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const id = page.url().split('/commandes/')[1]!;
    const order = await call('GET', `/api/orders/${id}`);
    expect(order.body.data.data).toMatchObject({ paid_with: 'subscription', invoice: null });
    const sub = await call('GET', '/api/subscription');
    expect(sub.body.data.data.quota_used).toBe(1);

    await page.goto(url('/mon-compte#orders'));
    const tab = page.getByRole('tabpanel');
    await tab
      .getByText(
        new RegExp(`1 sur ${sub.body.data.data.monthly_quota as number} documents payants`),
      )
      .waitFor({ timeout: 30_000 });
    await tab.getByText(/Abonnement mensuel — période du/).waitFor();
  });
});
