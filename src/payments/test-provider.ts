/**
 * The built-in test provider (no STRIPE_SECRET_KEY): it keeps checkout sessions, subscriptions and
 * refunds in `test_provider_objects`, shaped like Stripe's objects, takes Stripe's test card
 * numbers on our /payment page, and sends our webhook route events signed exactly as Stripe signs
 * them, so verification and processing run the same code as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getEnv, refuseInProduction } from '@/config/env';
import type { Db } from '@/db/client';
import { testProviderObjects } from '@/db/schema';
import { getDb } from '@/db/site';
import { defineJob, enqueue } from '@/jobs';
import { failure, success, type Result } from '@/lib/errors';
import {
  isTestMode,
  stripeClient,
  webhookSecret,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider';
import { receiveWebhook } from './webhooks';

type SessionData = {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  subscription: string | null;
  /** The first invoice of a subscription's checkout. */
  invoice?: string | null;
  metadata: { userId: string; orderId?: string };
  amount_total: number;
  currency: 'eur';
  url: string;
  success_url: string;
  cancel_url: string;
  customer_email: string;
  label: string;
  /** The card 4000 0025 0000 3155 was given: the buyer must confirm. */
  requires_confirmation?: boolean;
};

type SubscriptionData = {
  id: string;
  object: 'subscription';
  status: ProviderSubscription['status'];
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  metadata: { userId: string };
};

type InvoiceData = {
  id: string;
  object: 'invoice';
  status: 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_paid: number;
  currency: 'eur';
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  lines: { data: { period: { start: number; end: number } }[] };
};

/** One period of the test subscriptions (Stripe's monthly interval, simplified). */
const PERIOD_SECONDS = 30 * 24 * 3600;

const TEST_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  needsConfirmation: '4000002500003155',
} as const;

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** The shape of every id this provider makes (`cs_test_…`, `pi_test_…`): anything else is unknown. */
const TEST_ID = /^[a-z]{2,3}_test_[0-9a-f]{24}$/;

async function load<T>(db: Db, id: string, type: string): Promise<T | null> {
  refuseInProduction(TEST_PROVIDER);
  // An id from a URL may hold anything, a NUL byte included, which PostgreSQL refuses in text.
  if (!TEST_ID.test(id)) return null;
  const [row] = await db
    .select({ data: testProviderObjects.data })
    .from(testProviderObjects)
    .where(and(eq(testProviderObjects.id, id), eq(testProviderObjects.type, type)));
  return (row?.data as T | undefined) ?? null;
}

async function save(db: Db, id: string, data: object): Promise<void> {
  refuseInProduction(TEST_PROVIDER);
  await db
    .update(testProviderObjects)
    .set({ data: data as Record<string, unknown>, updatedAt: sql`now()` })
    .where(eq(testProviderObjects.id, id));
}

function toSession(s: SessionData): CheckoutSession {
  return {
    id: s.id,
    mode: s.mode,
    status: s.status,
    paid: s.payment_status === 'paid',
    paymentId: s.payment_intent,
    subscriptionId: s.subscription,
    invoiceId: s.invoice ?? null,
    url: s.url,
    orderId: s.metadata.orderId ?? null,
    userId: s.metadata.userId,
    amountCents: s.amount_total,
  };
}

function toSubscription(s: SubscriptionData): ProviderSubscription {
  return {
    id: s.id,
    userId: s.metadata.userId,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodStart: new Date(s.current_period_start * 1000),
    currentPeriodEnd: new Date(s.current_period_end * 1000),
  };
}

function toInvoice(i: InvoiceData): ProviderInvoice {
  const period = i.lines.data[0]!.period;
  return {
    id: i.id,
    subscriptionId: i.parent.subscription_details.subscription,
    paid: i.status === 'paid',
    amountCents: i.amount_paid,
    billingReason: i.billing_reason,
    periodStart: new Date(period.start * 1000),
    periodEnd: new Date(period.end * 1000),
  };
}

/** The paid invoice of one period of a test subscription; its id is the subscription and period. */
async function recordInvoice(
  db: Db,
  sub: SubscriptionData,
  amountCents: number,
  reason: InvoiceData['billing_reason'],
): Promise<InvoiceData> {
  const invoice: InvoiceData = {
    id: `in_test_${digest(`${sub.id}:${sub.current_period_start}`)}`,
    object: 'invoice',
    status: 'paid',
    billing_reason: reason,
    amount_paid: amountCents,
    currency: 'eur',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    lines: { data: [{ period: { start: sub.current_period_start, end: sub.current_period_end } }] },
  };
  await db
    .insert(testProviderObjects)
    .values({ id: invoice.id, type: 'invoice', data: invoice })
    .onConflictDoNothing();
  return invoice;
}

/**
 * Never in production: every read and write of its objects, and the provider itself, throw when
 * APP_ENV=prod (a paid order on card 4242 would deliver documents and invoices for nothing).
 */
const TEST_PROVIDER = 'Le fournisseur de paiement de test';

export function testProvider(db: Db): PaymentProvider {
  refuseInProduction(TEST_PROVIDER);
  return {
    name: 'test',
    async createCheckout(input, idempotencyKey) {
      // The same key gives back the same session, as Stripe's idempotency keys do.
      const id = `cs_test_${digest(idempotencyKey)}`;
      const data: SessionData = {
        id,
        object: 'checkout.session',
        mode: input.mode,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        subscription: null,
        metadata: { userId: input.userId, ...(input.orderId ? { orderId: input.orderId } : {}) },
        amount_total: input.amountCents,
        currency: 'eur',
        url: `/payment?session=${id}`,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.email,
        label: input.label,
      };
      await db
        .insert(testProviderObjects)
        .values({ id, type: 'checkout_session', data })
        .onConflictDoNothing();
      return toSession((await load<SessionData>(db, id, 'checkout_session'))!);
    },
    async retrieveCheckout(id) {
      const s = await load<SessionData>(db, id, 'checkout_session');
      return s ? toSession(s) : null;
    },
    async retrieveSubscription(id) {
      const s = await load<SubscriptionData>(db, id, 'subscription');
      return s ? toSubscription(s) : null;
    },
    async retrieveInvoice(id) {
      const i = await load<InvoiceData>(db, id, 'invoice');
      return i ? toInvoice(i) : null;
    },
    async cancelSubscription(id) {
      const s = await load<SubscriptionData>(db, id, 'subscription');
      if (!s) throw new Error(`abonnement de test inconnu : ${id}`);
      const next = { ...s, cancel_at_period_end: true };
      await save(db, id, next);
      return toSubscription(next);
    },
    async refund(paymentId, idempotencyKey) {
      const id = `re_test_${digest(idempotencyKey)}`;
      await db
        .insert(testProviderObjects)
        .values({ id, type: 'refund', data: { id, object: 'refund', payment_intent: paymentId } })
        .onConflictDoNothing();
      return { id };
    },
  };
}

/** A webhook event body and its `Stripe-Signature` header, signed as Stripe signs them. */
export function signedEvent(
  type: string,
  object: object,
  secret = webhookSecret(),
): { payload: string; signature: string; id: string } {
  const id = newId('evt');
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return {
    id,
    payload,
    signature: stripeClient().webhooks.generateTestHeaderString({ payload, secret }),
  };
}

export type TestCheckoutView = {
  id: string;
  label: string;
  amountCents: number;
  mode: 'payment' | 'subscription';
  status: SessionData['status'];
  requiresConfirmation: boolean;
  successUrl: string;
  cancelUrl: string;
};

/** What the /payment page shows of a session of this user. */
export async function viewTestCheckout(
  db: Db,
  id: string,
  userId: string,
): Promise<Result<TestCheckoutView>> {
  // The /payment page's call: a 404 in production, not the provider's refusal (a 500).
  if (getEnv().APP_ENV === 'prod') return failure('NOT_FOUND');
  const s = await load<SessionData>(db, id, 'checkout_session');
  if (!s || s.metadata.userId !== userId) return failure('NOT_FOUND');
  return success({
    id: s.id,
    label: s.label,
    amountCents: s.amount_total,
    mode: s.mode,
    status: s.status,
    requiresConfirmation: s.requires_confirmation === true,
    successUrl: s.success_url,
    cancelUrl: s.cancel_url,
  });
}

export type TestPayment =
  | { outcome: 'paid'; successUrl: string; event: ReturnType<typeof signedEvent> }
  | { outcome: 'requires_confirmation' };

/**
 * Pays a test session with a card number: 4242… pays, 4000 0000 0000 0002 is declined,
 * 4000 0025 0000 3155 asks for a confirmation first (`confirmed` true on the second call).
 * The answer carries the webhook event to send to our webhook route.
 */
export async function payTestCheckout(
  db: Db,
  id: string,
  userId: string,
  cardNumber: string,
  confirmed = false,
): Promise<Result<TestPayment>> {
  const s = await load<SessionData>(db, id, 'checkout_session');
  if (!s || s.metadata.userId !== userId) return failure('NOT_FOUND');
  if (s.status !== 'open') return failure('CONFLICT', 'Ce paiement est déjà terminé.');
  const card = cardNumber.replace(/\D/g, '');
  if (card === TEST_CARDS.declined) return failure('PAYMENT_DECLINED');
  if (card === TEST_CARDS.needsConfirmation && !confirmed) {
    await save(db, id, { ...s, requires_confirmation: true });
    return success({ outcome: 'requires_confirmation' });
  }
  if (card !== TEST_CARDS.paid && card !== TEST_CARDS.needsConfirmation) {
    return failure(
      'PAYMENT_DECLINED',
      'Mode test : seules les cartes de test sont acceptées (4242 4242 4242 4242 par exemple).',
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const next: SessionData = {
    ...s,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: newId('pi'),
    requires_confirmation: false,
  };
  if (s.mode === 'subscription') {
    const sub: SubscriptionData = {
      id: newId('sub'),
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      current_period_start: now,
      current_period_end: now + PERIOD_SECONDS,
      metadata: { userId: s.metadata.userId },
    };
    await db.insert(testProviderObjects).values({ id: sub.id, type: 'subscription', data: sub });
    next.subscription = sub.id;
    next.invoice = (await recordInvoice(db, sub, s.amount_total, 'subscription_create')).id;
    await scheduleTestRenewal(db, sub.id, sub.current_period_end);
  }
  // Only an open session is paid: two clicks at once cannot both pay.
  const updated = await db
    .update(testProviderObjects)
    .set({ data: next as unknown as Record<string, unknown>, updatedAt: sql`now()` })
    .where(
      and(eq(testProviderObjects.id, id), sql`${testProviderObjects.data}->>'status' = 'open'`),
    )
    .returning();
  if (updated.length === 0) return failure('CONFLICT', 'Ce paiement est déjà terminé.');
  return success({
    outcome: 'paid',
    successUrl: s.success_url,
    event: signedEvent('checkout.session.completed', next),
  });
}

async function invoicesOf(db: Db, subscriptionId: string): Promise<InvoiceData[]> {
  const rows = await db
    .select({ data: testProviderObjects.data })
    .from(testProviderObjects)
    .where(
      and(
        eq(testProviderObjects.type, 'invoice'),
        sql`${testProviderObjects.data}->'parent'->'subscription_details'->>'subscription' = ${subscriptionId}`,
      ),
    );
  return rows
    .map((r) => r.data as unknown as InvoiceData)
    .sort((a, b) => a.lines.data[0]!.period.start - b.lines.data[0]!.period.start);
}

/**
 * The `invoice.paid` event of the latest period of a test subscription, sent again: a renewal
 * whose event was lost with its process is still invoiced (processing is keyed by the invoice).
 */
export async function latestTestInvoiceEvent(
  db: Db,
  subscriptionId: string,
): Promise<ReturnType<typeof signedEvent> | null> {
  const latest = (await invoicesOf(db, subscriptionId)).at(-1);
  return latest ? signedEvent('invoice.paid', latest) : null;
}

/** Queues the renewal of a test subscription for the end of its period, as Stripe Billing would. */
async function scheduleTestRenewal(db: Db, id: string, periodEnd: number): Promise<void> {
  await enqueue(
    db,
    testRenewalJob,
    { subscriptionId: id },
    {
      singletonKey: `${id}:${periodEnd}`,
      startAfterSeconds: Math.max(1, periodEnd - Math.floor(Date.now() / 1000)),
    },
  );
}

/**
 * Renews a test subscription whose period has ended (`force`: now, as Stripe's test clocks
 * allow): the next period is charged to the test card on file and its paid invoice recorded, and
 * the answer is the signed `invoice.paid` event Stripe would send. A subscription set to end
 * with its period is cancelled instead (`customer.subscription.deleted`). Null when nothing is
 * due. The same period is never renewed twice.
 */
export async function renewTestSubscription(
  db: Db,
  id: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<ReturnType<typeof signedEvent> | null> {
  const s = await load<SubscriptionData>(db, id, 'subscription');
  if (!s || s.status !== 'active') return null;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!options.force && now < s.current_period_end) return null;
  if (s.cancel_at_period_end) {
    const ended: SubscriptionData = { ...s, status: 'canceled' };
    await save(db, id, ended);
    return signedEvent('customer.subscription.deleted', ended);
  }
  const next: SubscriptionData = {
    ...s,
    current_period_start: s.current_period_end,
    current_period_end: s.current_period_end + PERIOD_SECONDS,
  };
  // Only the period read above moves on: two renewals at once renew it once.
  const moved = await db
    .update(testProviderObjects)
    .set({ data: next as unknown as Record<string, unknown>, updatedAt: sql`now()` })
    .where(
      and(
        eq(testProviderObjects.id, id),
        sql`(${testProviderObjects.data}->>'current_period_end')::bigint = ${s.current_period_end}`,
      ),
    )
    .returning();
  if (moved.length === 0) return null;
  const amount = (await invoicesOf(db, id))[0]?.amount_paid ?? 0;
  const invoice = await recordInvoice(db, next, amount, 'subscription_cycle');
  await scheduleTestRenewal(db, id, next.current_period_end);
  return signedEvent('invoice.paid', invoice);
}

/**
 * The renewal Stripe Billing would do, in test mode (no Stripe key): at the end of each period
 * the subscription is renewed and its signed `invoice.paid` goes through the webhook
 * verification and processing of production.
 */
const testRenewalJob = defineJob<{ subscriptionId: string }>(
  'payments.test-renewal',
  async ({ subscriptionId }) => {
    if (!isTestMode()) return;
    const db = getDb();
    // Nothing due (a retry after the period moved on, or a job run early): the latest invoice is
    // sent again, which is a no-op once it is invoiced.
    const event =
      (await renewTestSubscription(db, subscriptionId)) ??
      (await latestTestInvoiceEvent(db, subscriptionId));
    if (!event) return;
    await receiveWebhook(db, event.payload, event.signature, testProvider(db));
  },
  { retryLimit: 10, retryDelaySeconds: 60 },
);
