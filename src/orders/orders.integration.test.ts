import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import type { DbHandle } from '@/db/client';
import {
  creditNotes,
  invoices,
  orders,
  subscriptions,
  subscriptionUsage,
  testProviderObjects,
  webhookEvents,
} from '@/db/schema';
import { runJobsUntilIdle } from '@/jobs/testing';
import { failure } from '@/lib/errors';
import { smtpForFile } from '@/testing/smtp';
import type { BillingDocumentJson } from '@/payments/invoices';
import { stripeProvider } from '@/payments/stripe-provider';
import { signedEvent, payTestCheckout, renewTestSubscription } from '@/payments/test-provider';
import { processWebhookEvent } from '@/payments/webhooks';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import * as documentOrderRoute from '@/app/api/document/[documentId]/order/route';
import * as directorOrderRoute from '@/app/api/director-report/[siren]/order/[n]/route';
import * as ordersRoute from '@/app/api/orders/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import * as checkoutRoute from '@/app/api/orders/[id]/checkout/route';
import * as exportsRoute from '@/app/api/orders-exports/route';
import * as downloadRoute from '@/app/(commerce)/orders/[id]/download/route';
import * as invoiceRoute from '@/app/api/invoices/[id]/route';
import * as invoicesRoute from '@/app/api/invoices/route';
import * as creditNoteRoute from '@/app/api/credit-notes/[id]/route';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import * as testPayRoute from '@/app/api/payments/test/[session]/route';
import * as subscriptionRoute from '@/app/api/subscription/route';
import * as subscriptionCheckoutRoute from '@/app/api/subscription/checkout/route';
import * as subscriptionCancelRoute from '@/app/api/subscription/cancel/route';
import * as complementaryRoute from '@/app/api/companies/complementary-informations/route';
import { TestClient } from '@/testing/route-client';
import { fulfilmentDeps, refundOrder } from './fulfilment';
import { getOrder, orderDeps } from './service';
import { createInpiClient } from '@/clients/inpi/rne-api';
import { setDocumentServices } from '@/documents/services';
import type { OrderJson } from './present';
import { createTestUser, openSiteTestDb, params, request, type TestUser } from './testing';

const DANONE = '552032534';
const billing = {
  company_name: 'Acheteur SAS',
  postcode: '75002',
  firstname: 'Alice',
  lastname: 'Martin',
  phone: '',
  vat_number: 'FR12345678901',
};

let site: Awaited<ReturnType<typeof openSiteTestDb>>;
let db: DbHandle['db'];
const smtp = smtpForFile({ STRIPE_SECRET_KEY: undefined });
let alice: TestUser;
let bob: TestUser;
const realGenerate = fulfilmentDeps.generate;
const realCompanyOrder = orderDeps.companyOrder;

beforeAll(async () => {
  site = await openSiteTestDb();
  db = site.handle.db;
  await insertRegistryFixtures(db);
  alice = await createTestUser(db, 'alice@example.fr');
  bob = await createTestUser(db, 'bob@example.fr');
});

afterAll(async () => {
  await site?.close();
});

afterEach(() => {
  setDocumentServices(null);
  fulfilmentDeps.generate = realGenerate;
  orderDeps.companyOrder = realCompanyOrder;
});

async function json(res: Response) {
  return (await res.json()) as {
    data: { data: OrderJson };
    error?: { code: string; message: string };
  };
}

async function order(who: TestUser, kind: string, siren = DANONE, body?: unknown) {
  return kindOrderRoute.POST(
    request(`/api/${kind}/${siren}/order`, { method: 'POST', who, body }),
    params({ kind, siren }),
  );
}

async function readOrder(who: TestUser, id: string) {
  return orderRoute.GET(request(`/api/orders/${id}`, { who }), params({ id }));
}

/** Opens the checkout of an order and returns the test session id. */
async function checkout(who: TestUser, id: string): Promise<string> {
  const res = await checkoutRoute.POST(
    request(`/api/orders/${id}/checkout`, { method: 'POST', who, body: billing }),
    params({ id }),
  );
  expect(res.status).toBe(200);
  const url = ((await res.json()) as { data: { data: { url: string } } }).data.data.url;
  return new URL(url, 'http://x').searchParams.get('session')!;
}

async function deliver(event: { payload: string; signature: string }) {
  return webhookRoute.POST(
    request('/api/payments/webhook', {
      method: 'POST',
      body: event.payload,
      headers: { 'stripe-signature': event.signature },
    }),
  );
}

async function billingOf(who: TestUser): Promise<BillingDocumentJson[]> {
  const res = await invoicesRoute.GET(request('/api/invoices', { who }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { data: BillingDocumentJson[] } }).data.data;
}

async function pdfText(res: Response): Promise<string> {
  const { extractText } = await import('unpdf');
  return (await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true })).text;
}

const dayFr = (d: Date) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(d);

/** Pays a session with 4242… and returns the signed event the test provider would send. */
async function pay(who: TestUser, session: string) {
  const paid = await payTestCheckout(db, session, who.user.id, '4242 4242 4242 4242');
  if (!paid.ok || paid.value.outcome !== 'paid') throw new Error('paiement refusé');
  return paid.value.event;
}

describe('ordering and paying through the signed webhook', () => {
  let orderId: string;
  let firstEvent: { payload: string; signature: string };

  it('creates an order waiting for its payment, at the catalogue price with VAT', async () => {
    const res = await order(
      alice,
      'establishments-list',
      '552 032 534'.replace(/ /g, ''),
      undefined,
    );
    expect(res.status).toBe(201);
    const o = (await json(res)).data.data;
    orderId = o.id;
    expect(o).toMatchObject({
      kind: 'establishments-list',
      siren: DANONE,
      state: 'pending_payment',
      total_cents: 390,
      price_excl_vat_cents: 325,
      vat_cents: 65,
      formats: ['pdf', 'xlsx', 'csv'],
      payment_url: `/paiement-securise?order=${o.id}`,
      // The name is stored at order time: the recap and the order page say DANONE.
      company_name: 'DANONE',
      company: 'DANONE (SIREN 552 032 534)',
      title: 'Liste des établissements — DANONE (SIREN 552 032 534)',
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.companyName).toBe('DANONE');
  });

  it('refuses the same order while the first is unfinished, with that order in the answer', async () => {
    const res = await order(alice, 'establishments-list');
    expect(res.status).toBe(403);
    const body = await json(res);
    expect(body.error?.code).toBe('SAME_ORDER_PENDING');
    expect(body.data.data.id).toBe(orderId);
  });

  it('places one order of two identical ones sent at once; the other is SAME_ORDER_PENDING', async () => {
    const both = await Promise.all([
      order(alice, 'letters', DANONE, { type: 'demande-de-delais-de-paiement' }),
      order(alice, 'letters', DANONE, { type: 'demande-de-delais-de-paiement' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 403]);
    const created = await json(both.find((r) => r.status === 201)!);
    const pending = await json(both.find((r) => r.status === 403)!);
    expect(pending.error?.code).toBe('SAME_ORDER_PENDING');
    expect(pending.data.data.id).toBe(created.data.data.id);
  });

  it('completes the order once the signed event reaches the webhook route', async () => {
    const session = await checkout(alice, orderId);
    expect(session).toMatch(/^cs_test_/);
    // A second checkout of the same order gives back the open session.
    expect(await checkout(alice, orderId)).toBe(session);
    firstEvent = await pay(alice, session);
    const res = await deliver(firstEvent);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, processed: true });
    expect((await json(await readOrder(alice, orderId))).data.data.state).toBe('paid');

    await runJobsUntilIdle(db);
    const o = (await json(await readOrder(alice, orderId))).data.data;
    expect(o.state).toBe('completed');
    expect(o.invoice?.number).toBe(1);
    expect(o.invoice?.reference).toMatch(/^F\d{4}-000001$/);
    expect(o.credit_note).toBeNull();
    expect(o.downloads.map((d) => d.format)).toEqual(['pdf', 'xlsx', 'csv']);

    const file = await downloadRoute.GET(
      request(`/orders/${orderId}/download?format=csv`, { who: alice }),
      params({ id: orderId }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const rows = (await file.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toContain('SIRET');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row.replace(/\s/g, '')).toContain(DANONE);
    const pdf = await downloadRoute.GET(
      request(`/orders/${orderId}/download?format=pdf`, { who: alice }),
      params({ id: orderId }),
    );
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { extractText } = await import('unpdf');
    const text = (await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true }))
      .text;
    expect(text).toContain('DANONE');
    expect(text.replace(/\s/g, '')).toContain(DANONE);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('alice@example.fr') && m.subject.includes('prêt'),
    );
    expect(mail.subject).toContain('Votre document est prêt');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      '« Liste des établissements » pour DANONE (SIREN 552 032 534) est prête',
    );
  });

  it('answers a replayed event without doing anything twice', async () => {
    const res = await deliver(firstEvent);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, processed: false });
    await runJobsUntilIdle(db);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it('refuses a forged signature and a payload changed after signing', async () => {
    const forged = signedEvent(
      'checkout.session.completed',
      { id: 'cs_x' },
      'whsec_not_ours_at_all',
    );
    const res = await deliver(forged);
    expect(res.status).toBe(400);
    expect((await json(res)).error?.code).toBe('INVALID_INPUT');
    const genuine = signedEvent('checkout.session.completed', { id: 'cs_y' });
    const tampered = await deliver({
      payload: genuine.payload.replace('cs_y', 'cs_z'),
      signature: genuine.signature,
    });
    expect(tampered.status).toBe(400);
    expect(await deliver({ payload: genuine.payload, signature: '' }).then((r) => r.status)).toBe(
      400,
    );
    const stored = await db.select().from(webhookEvents).where(eq(webhookEvents.id, forged.id));
    expect(stored).toHaveLength(0);
  });

  it('gives the order, its file and its invoice to its owner only', async () => {
    expect((await readOrder(bob, orderId)).status).toBe(404);
    const file = await downloadRoute.GET(
      request(`/orders/${orderId}/download`, { who: bob }),
      params({ id: orderId }),
    );
    expect(file.status).toBe(404);
    const [inv] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const theirs = await invoiceRoute.GET(
      request(`/api/invoices/${inv!.id}`, { who: bob }),
      params({ id: inv!.id }),
    );
    expect(theirs.status).toBe(404);
    const mine = await invoiceRoute.GET(
      request(`/api/invoices/${inv!.id}`, { who: alice }),
      params({ id: inv!.id }),
    );
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    const { extractText } = await import('unpdf');
    const text = (await extractText(new Uint8Array(await mine.arrayBuffer()), { mergePages: true }))
      .text;
    expect(text).toContain('Facture');
    expect(text).toContain('Acheteur SAS');
    expect(text).toMatch(/TVA \(20 %\)/);
    expect(text).toContain('3,90');
    // The invoice names the company, not « SIREN 552032534 » alone.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Liste des établissements — DANONE (SIREN 552 032 534)',
    );
    const list = (await (await ordersRoute.GET(request('/api/orders', { who: bob }))).json()) as {
      data: { data: OrderJson[] };
    };
    expect(list.data.data).toEqual([]);
    // The account's list of orders.
    const mineList = (await (
      await ordersRoute.GET(request('/api/orders', { who: alice }))
    ).json()) as { data: { data: OrderJson[] } };
    expect(mineList.data.data.find((o) => o.id === orderId)?.company).toBe(
      'DANONE (SIREN 552 032 534)',
    );
  });

  it('names an order placed before names were stored by its SIREN', async () => {
    await db.update(orders).set({ companyName: null }).where(eq(orders.id, orderId));
    const o = (await json(await readOrder(alice, orderId))).data.data;
    expect(o.company_name).toBeNull();
    expect(o.company).toBe('SIREN 552 032 534');
    expect(o.title).toBe('Liste des établissements — SIREN 552 032 534');
    await db.update(orders).set({ companyName: 'DANONE' }).where(eq(orders.id, orderId));
  });

  it('exports the user’s orders as CSV and XLSX', async () => {
    const csv = await exportsRoute.GET(request('/api/orders-exports?format=csv', { who: alice }));
    expect(csv.headers.get('content-disposition')).toContain('commandes.csv');
    expect(await csv.text()).toContain('Liste des établissements');
    const xlsx = await exportsRoute.GET(request('/api/orders-exports?format=xlsx', { who: alice }));
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('events in any order', () => {
  it('a late expired event, and a lying completed event, follow the provider’s truth', async () => {
    const o = (await json(await order(alice, 'vat-numbers'))).data.data;
    const session = await checkout(alice, o.id);
    // An event whose payload claims payment, for a session not paid: nothing changes.
    const lie = signedEvent('checkout.session.completed', { id: session, payment_status: 'paid' });
    expect((await deliver(lie)).status).toBe(200);
    expect((await json(await readOrder(alice, o.id))).data.data.state).toBe('pending_payment');

    const completed = await pay(alice, session);
    // `expired` arrives first: re-reading the session finds it paid.
    const expired = signedEvent('checkout.session.expired', { id: session });
    await deliver(expired);
    expect((await json(await readOrder(alice, o.id))).data.data.state).toBe('paid');
    await deliver(completed);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, o.id))).toHaveLength(1);
    fulfilmentDeps.generate = async () => failure('DOCUMENT_UNAVAILABLE');
    await runJobsUntilIdle(db);
  });
});

describe('input errors', () => {
  it('answers unknown kinds, bad SIRENs, bad payloads, guests and missing CSRF with a code', async () => {
    const unknown = await order(alice, 'tarot-reading');
    expect(unknown.status).toBe(404);
    const badSiren = await order(alice, 'rne-extracts', 'abc');
    expect(badSiren.status).toBe(400);
    expect((await json(badSiren)).error?.code).toBe('INVALID_INPUT');
    const badPayload = await order(alice, 'brands', DANONE, { brand: 'x' });
    expect(badPayload.status).toBe(422);
    expect((await json(badPayload)).error?.code).toBe('VALIDATION_FAILED');
    const notJson = await order(alice, 'letters', DANONE, '{nope');
    expect(notJson.status).toBe(400);
    const unknownCompany = await order(alice, 'rne-extracts', '000000001');
    expect((await json(unknownCompany)).error?.code).toBe('DOCUMENT_UNAVAILABLE');
    const browser = new TestClient();
    await browser.get('/sanctum/csrf-cookie');
    const guest = await kindOrderRoute.POST(
      request(`/api/kbis/${DANONE}/order`, {
        method: 'POST',
        headers: {
          cookie: browser.cookieHeader(),
          'x-xsrf-token': browser.cookies.get('XSRF-TOKEN')!,
        },
      }),
      params({ kind: 'kbis', siren: DANONE }),
    );
    expect(guest.status).toBe(401);
    const noCsrf = await kindOrderRoute.POST(
      request(`/api/kbis/${DANONE}/order`, {
        method: 'POST',
        headers: { cookie: alice.headers.cookie!.replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=other') },
      }),
      params({ kind: 'kbis', siren: DANONE }),
    );
    expect(noCsrf.status).toBe(419);
  });

  it('takes the body kinds, custom documents and director reports', async () => {
    const letter = await order(alice, 'letters', DANONE, { type: 'mise-en-demeure-de-payer' });
    expect(letter.status).toBe(201);
    expect((await json(letter)).data.data.payload).toEqual({ type: 'mise-en-demeure-de-payer' });
    const doc = await documentOrderRoute.POST(
      request('/api/document/pouvoir/order', {
        method: 'POST',
        who: alice,
        body: {
          siren: DANONE,
          fields: {
            agentName: 'Jeanne Dupont',
            agentAddress: '1 rue de la Paix, 75002 Paris',
            purpose: 'Représenter la société à l’assemblée générale',
            validUntil: '2027-12-31',
            place: 'Paris',
            letterDate: '2026-11-27',
          },
        },
      }),
      params({ documentId: 'pouvoir' }),
    );
    expect(doc.status).toBe(201);
    const report = await directorOrderRoute.POST(
      request(`/api/director-report/${DANONE}/order/1`, { method: 'POST', who: alice }),
      params({ siren: DANONE, n: '1' }),
    );
    expect(report.status).toBe(201);
    expect((await json(report)).data.data.kind).toBe('director-report');
  });

  it('says which kinds the first company of a list can order, and their prices', async () => {
    const res = await complementaryRoute.POST(
      request('/api/companies/complementary-informations', {
        method: 'POST',
        body: { sirens: [DANONE, '000000001'] },
      }),
    );
    const data = (
      (await res.json()) as {
        data: { data: { siren: string; kinds: { kind: string; price_cents: number }[] } };
      }
    ).data.data;
    expect(data.siren).toBe(DANONE);
    expect(data.kinds.find((k) => k.kind === 'rne-extracts')?.price_cents).toBe(490);
    // Not sold here (no registry connected in tests): no price, the reason names it.
    expect(data.kinds.find((k) => k.kind === 'kbis')).toMatchObject({
      price_cents: null,
      available: false,
    });
  });
});

describe('payment by card in test mode', () => {
  it('declines 4000 0000 0000 0002 and asks to confirm 4000 0025 0000 3155', async () => {
    const o = (await json(await order(bob, 'establishments-list'))).data.data;
    const session = await checkout(bob, o.id);
    const payWith = (card: string, confirmed?: boolean) =>
      testPayRoute.POST(
        request(`/api/payments/test/${session}`, {
          method: 'POST',
          who: bob,
          body: { card, confirmed },
        }),
        params({ session }),
      );
    const declined = await payWith('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await json(declined)).error?.code).toBe('PAYMENT_DECLINED');
    // Another user cannot pay (or see) this session.
    const view = await testPayRoute.GET(
      request(`/api/payments/test/${session}`, { who: alice }),
      params({ session }),
    );
    expect(view.status).toBe(404);
    const first = await payWith('4000 0025 0000 3155');
    expect(
      ((await first.json()) as { data: { data: { outcome: string } } }).data.data.outcome,
    ).toBe('requires_confirmation');
    const confirmed = await payWith('4000 0025 0000 3155', true);
    expect(confirmed.status).toBe(200);
    expect((await json(await readOrder(bob, o.id))).data.data.state).toBe('paid');
    await runJobsUntilIdle(db);
    expect((await json(await readOrder(bob, o.id))).data.data.state).toBe('completed');
  });
});

describe('an order that cannot be fulfilled', () => {
  it('retries, then ends unfulfillable, refunded at the provider, and the user is told why', async () => {
    const carol = await createTestUser(db, 'carol@example.fr');
    const o = (await json(await order(carol, 'company-summary'))).data.data;
    const session = await checkout(carol, o.id);
    await deliver(await pay(carol, session));
    let attempts = 0;
    fulfilmentDeps.generate = async () => {
      attempts++;
      throw new Error('greffe injoignable');
    };
    await runJobsUntilIdle(db);
    expect(attempts).toBe(4);
    const after = (await json(await readOrder(carol, o.id))).data.data;
    expect(after.state).toBe('refunded');
    expect(after.failure_reason).toContain('plusieurs tentatives');
    const refunds = await db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.type, 'refund'));
    expect(refunds.some((r) => (r.data as { payment_intent: string }).payment_intent)).toBe(true);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('carol@example.fr') && /pas pu aboutir/.test(m.subject),
    );
    expect(mail.text).toContain('Nous vous remboursons 4,90');
    const file = await downloadRoute.GET(
      request(`/orders/${o.id}/download`, { who: carol }),
      params({ id: o.id }),
    );
    expect(file.status).toBe(204);

    // The refund cancels the invoice with a credit note that names it.
    const billingDocs = await billingOf(carol);
    const inv = billingDocs.find((d) => d.type === 'invoice' && d.order_id === o.id)!;
    const note = billingDocs.find((d) => d.type === 'credit_note' && d.order_id === o.id)!;
    expect(note).toMatchObject({ cancels: inv.number, total_cents: 490 });
    expect(note.number).toMatch(/^A\d{4}-\d{6}$/);
    // The order page links both, with the numbers their PDFs print.
    const shown = (await json(await readOrder(carol, o.id))).data.data;
    expect(shown.invoice).toMatchObject({ reference: inv.number, url: inv.url });
    expect(shown.credit_note).toEqual({ reference: note.number, url: note.url });
    // The poll reads the order with the session in one statement; what it answers is what the
    // order's own query gives, field for field.
    const alone = await getOrder(db, carol.user.id, o.id);
    expect(alone.ok && alone.value).toEqual(shown);
    const pdf = await creditNoteRoute.GET(
      request(note.url, { who: carol }),
      params({ id: note.id }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`avoir-${note.number}.pdf`);
    const text = await pdfText(pdf);
    expect(text).toContain(`Avoir n° ${note.number}`);
    expect(text).toContain(`Annule la facture n° ${inv.number}`);
    expect(text).toContain('plusieurs tentatives');
    expect(text).toContain('Total TTC remboursé : 4,90');
    const theirs = await creditNoteRoute.GET(
      request(note.url, { who: bob }),
      params({ id: note.id }),
    );
    expect(theirs.status).toBe(404);
    // Refunding again (the recovery sweep, a retried job) issues nothing more.
    await refundOrder(db, o.id);
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, o.id))).toHaveLength(
      1,
    );
  });
});

describe('the subscription', () => {
  it('lets a subscriber order without paying, within the monthly quota for per-unit kinds', async () => {
    process.env.SUBSCRIPTION_MONTHLY_QUOTA = '1';
    resetEnvForTests();
    const dave = await createTestUser(db, 'dave@example.fr');
    const res = await subscriptionCheckoutRoute.POST(
      request('/api/subscription/checkout', { method: 'POST', who: dave }),
    );
    const url = ((await res.json()) as { data: { data: { url: string } } }).data.data.url;
    const session = new URL(url, 'http://x').searchParams.get('session')!;
    await deliver(await pay(dave, session));
    const status = (await (
      await subscriptionRoute.GET(request('/api/subscription', { who: dave }))
    ).json()) as {
      data: { data: { active: boolean } };
    };
    expect(status.data.data.active).toBe(true);

    const own = (await json(await order(dave, 'establishments-list'))).data.data;
    expect(own).toMatchObject({ state: 'paid', paid_with: 'subscription' });
    // Filed deeds come from the INPI (one unit of the monthly quota each): INPI is connected
    // (sold here), and its service, not reachable from the tests, is taken to answer.
    setDocumentServices({
      inpi: createInpiClient({
        baseUrl: 'http://127.0.0.1:9',
        username: 'u',
        password: 'p',
        timeoutMs: 100,
      }),
    });
    orderDeps.companyOrder = async (d, kind, siren) =>
      kind === 'acts' || kind === 'balance-sheets'
        ? { orderable: true, kind, label: kind, priceCents: 0 }
        : realCompanyOrder(d, kind, siren);
    const deed = (
      await json(await order(dave, 'acts', DANONE, { filing_number: 'A0', provider: 'inpi' }))
    ).data.data;
    expect(deed).toMatchObject({ state: 'paid', paid_with: 'subscription' });
    const beyond = (await json(await order(dave, 'balance-sheets', DANONE, { year: 2023 }))).data
      .data;
    expect(beyond.state).toBe('pending_payment');

    // The deed cannot be fetched: the unit of quota comes back.
    fulfilmentDeps.generate = async (d, kind, ...rest) =>
      kind === 'acts'
        ? failure('DOCUMENT_UNAVAILABLE', 'L’INPI ne délivre pas cet acte.')
        : realGenerate(d, kind, ...rest);
    await runJobsUntilIdle(db);
    expect((await json(await readOrder(dave, own.id))).data.data.state).toBe('completed');
    expect((await json(await readOrder(dave, deed.id))).data.data).toMatchObject({
      state: 'refunded',
      failure_reason: 'L’INPI ne délivre pas cet acte.',
    });
    const mail = await smtp.waitFor(
      (m) => m.to.includes('dave@example.fr') && /pas pu aboutir/.test(m.subject),
    );
    expect(mail.text).toContain('crédit d’abonnement');
    const again = (
      await json(await order(dave, 'acts', DANONE, { filing_number: 'A1', provider: 'inpi' }))
    ).data.data;
    expect(again).toMatchObject({ state: 'paid', paid_with: 'subscription' });
    expect(await db.select().from(invoices).where(eq(invoices.orderId, own.id))).toHaveLength(0);

    // The same deed again, with units left: SAME_ORDER_PENDING, and the unit it would have taken
    // stays in the quota.
    process.env.SUBSCRIPTION_MONTHLY_QUOTA = '3';
    resetEnvForTests();
    const usedUnits = async () =>
      (await db.select({ used: subscriptionUsage.used }).from(subscriptionUsage))
        .map((r) => r.used)
        .reduce((a, b) => a + b, 0);
    const before = await usedUnits();
    const same = await order(dave, 'acts', DANONE, { filing_number: 'A1', provider: 'inpi' });
    expect(same.status).toBe(403);
    expect((await json(same)).data.data.id).toBe(again.id);
    expect(await usedUnits()).toBe(before);
    const next = (
      await json(await order(dave, 'acts', DANONE, { filing_number: 'A2', provider: 'inpi' }))
    ).data.data;
    expect(next).toMatchObject({ state: 'paid', paid_with: 'subscription' });
    expect(await usedUnits()).toBe(before + 1);

    const cancelled = await subscriptionCancelRoute.POST(
      request('/api/subscription/cancel', { method: 'POST', who: dave }),
    );
    expect(
      ((await cancelled.json()) as { data: { data: { cancel_at_period_end: boolean } } }).data.data
        .cancel_at_period_end,
    ).toBe(true);
    delete process.env.SUBSCRIPTION_MONTHLY_QUOTA;
    resetEnvForTests();
    await runJobsUntilIdle(db);
  });
});

describe('subscription renewals', () => {
  it('invoice the first period and each renewal once, in the test provider', async () => {
    const erin = await createTestUser(db, 'erin@example.fr');
    const res = await subscriptionCheckoutRoute.POST(
      request('/api/subscription/checkout', { method: 'POST', who: erin }),
    );
    const url = ((await res.json()) as { data: { data: { url: string } } }).data.data.url;
    const session = new URL(url, 'http://x').searchParams.get('session')!;
    await deliver(await pay(erin, session));
    let docs = await billingOf(erin);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ type: 'invoice', order_id: null, total_cents: 2990 });
    expect(docs[0]!.label).toMatch(/^Abonnement mensuel — période du \d\d\/\d\d\/\d{4} au /);

    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, erin.user.id));
    // Its period has not ended: nothing is renewed; the renewal job run early changes nothing.
    expect(await renewTestSubscription(db, sub!.providerSubscriptionId)).toBeNull();
    await runJobsUntilIdle(db);
    expect(await billingOf(erin)).toHaveLength(1);

    const renewal = await renewTestSubscription(db, sub!.providerSubscriptionId, { force: true });
    expect(JSON.parse(renewal!.payload).type).toBe('invoice.paid');
    expect((await deliver(renewal!)).status).toBe(200);
    expect((await deliver(renewal!)).status).toBe(200);
    await runJobsUntilIdle(db);
    docs = await billingOf(erin);
    expect(docs.filter((d) => d.type === 'invoice')).toHaveLength(2);
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed!.currentPeriodStart.getTime()).toBe(sub!.currentPeriodEnd.getTime());
    const latest = docs.find((d) => d.label.includes(dayFr(renewed!.currentPeriodStart)))!;
    const pdf = await invoiceRoute.GET(
      request(latest.url, { who: erin }),
      params({ id: latest.id }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain(`Facture n° ${latest.number}`);
    expect(text).toContain('Abonnement mensuel');
    expect(text).toContain('erin@example.fr');
    expect(text).toContain('Total TTC : 29,90');
    expect(
      (await invoiceRoute.GET(request(latest.url, { who: bob }), params({ id: latest.id }))).status,
    ).toBe(404);

    // Cancelled: at the end of the period the subscription ends, and nothing more is invoiced.
    await subscriptionCancelRoute.POST(
      request('/api/subscription/cancel', { method: 'POST', who: erin }),
    );
    const ended = await renewTestSubscription(db, sub!.providerSubscriptionId, { force: true });
    expect(JSON.parse(ended!.payload).type).toBe('customer.subscription.deleted');
    await deliver(ended!);
    expect(await billingOf(erin)).toHaveLength(2);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(after!.state).toBe('canceled');
  });

  it('invoice a Stripe Billing renewal from the invoice Stripe holds, not the event', async () => {
    const frank = await createTestUser(db, 'frank@example.fr');
    const start = Math.floor(Date.UTC(2026, 10, 1) / 1000);
    const end = Math.floor(Date.UTC(2026, 11, 1) / 1000);
    const stripeSub = {
      id: 'sub_live_frank',
      status: 'active',
      cancel_at_period_end: false,
      start_date: start,
      metadata: { userId: frank.user.id },
      items: { data: [{ current_period_start: start, current_period_end: end }] },
    };
    const stripeInvoice = {
      id: 'in_live_renewal',
      status: 'paid',
      amount_paid: 1990,
      billing_reason: 'subscription_cycle',
      period_start: start - 2592000,
      period_end: start,
      parent: { subscription_details: { subscription: 'sub_live_frank' } },
      lines: { data: [{ period: { start, end } }] },
    };
    const fakeStripe = {
      invoices: { retrieve: async (id: string) => ({ ...stripeInvoice, id }) },
      subscriptions: { retrieve: async () => stripeSub },
    } as unknown as Parameters<typeof stripeProvider>[0];
    const provider = stripeProvider(fakeStripe);
    for (const id of ['evt_live_1', 'evt_live_2']) {
      await db.insert(webhookEvents).values({
        id,
        provider: 'stripe',
        type: 'invoice.paid',
        // The payload's amount is a lie: the invoice is read again from Stripe.
        payload: {
          id,
          type: 'invoice.paid',
          data: { object: { id: 'in_live_renewal', amount_paid: 1 } },
        },
      });
      expect(await processWebhookEvent(db, id, provider)).toBe(true);
    }
    expect(await processWebhookEvent(db, 'evt_live_1', provider)).toBe(false);
    const docs = await billingOf(frank);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ type: 'invoice', total_cents: 1990 });
    expect(docs[0]!.label).toBe('Abonnement mensuel — période du 01/11/2026 au 01/12/2026');
    const [row] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, 'in_live_renewal'));
    expect(row).toMatchObject({ priceExclVatCents: 1658, vatCents: 332 });
  });
});

describe('invoice and credit note numbers', () => {
  it('follow each other without gaps, each in its own sequence', async () => {
    const numbers = (await db.select({ n: invoices.number }).from(invoices))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(7);
    const notes = (await db.select({ n: creditNotes.number }).from(creditNotes))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes).toEqual(notes.map((_, i) => i + 1));
    const all = await db.select({ state: orders.state }).from(orders);
    expect(all.length).toBeGreaterThan(5);
  });
});
