/**
 * Webhook events of the payment provider: verified with Stripe's signature, stored, then
 * processed exactly once. Processing never trusts the event's payload: it re-reads the session or
 * subscription from the provider and applies that truth, which makes events idempotent and their
 * order irrelevant (a late `expired` after `completed` changes nothing; a replay is a no-op).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@/db/client';
import { orders, payments, webhookEvents } from '@/db/schema';
import { enqueueByName } from '@/jobs';
import { JOB_NAMES } from '@/jobs/names';
import { failure, success, type Result } from '@/lib/errors';
import { log } from '@/lib/log';
import {
  stripeClient,
  webhookSecret,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider';
import { payOrder } from '@/order-state/transitions';
import { issueOrderInvoice, issueSubscriptionInvoice } from './invoices';
import { upsertSubscription } from './subscriptions';

/**
 * Verifies, stores and processes one delivery of the webhook route, with the provider chosen by
 * src/payments/active-provider.ts.
 */
export async function receiveWebhook(
  db: Db,
  rawBody: string,
  signature: string | null,
  provider: PaymentProvider,
): Promise<Result<{ processed: boolean }>> {
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(rawBody, signature ?? '', webhookSecret());
  } catch {
    return failure('INVALID_INPUT', 'La signature de cet événement est invalide.');
  }
  await db
    .insert(webhookEvents)
    .values({ id: event.id, provider: provider.name, type: event.type, payload: event })
    .onConflictDoNothing();
  return success({ processed: await processWebhookEvent(db, event.id, provider) });
}

type Truth =
  | {
      kind: 'checkout';
      session: CheckoutSession;
      subscription: ProviderSubscription | null;
      invoice: ProviderInvoice | null;
    }
  | { kind: 'subscription'; subscription: ProviderSubscription; invoice: ProviderInvoice | null }
  | { kind: 'none' };

/** Events that say an invoice of the subscription was paid (Stripe sends both). */
const INVOICE_PAID = new Set(['invoice.paid', 'invoice.payment_succeeded']);

async function readTruth(provider: PaymentProvider, event: Stripe.Event): Promise<Truth> {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('checkout.session.') && typeof object.id === 'string') {
    const session = await provider.retrieveCheckout(object.id);
    if (!session) return { kind: 'none' };
    const subscription = session.subscriptionId
      ? await provider.retrieveSubscription(session.subscriptionId)
      : null;
    const invoice = session.invoiceId ? await provider.retrieveInvoice(session.invoiceId) : null;
    return { kind: 'checkout', session, subscription, invoice };
  }
  if (INVOICE_PAID.has(event.type) && typeof object.id === 'string') {
    const invoice = await provider.retrieveInvoice(object.id);
    const subscription = invoice?.subscriptionId
      ? await provider.retrieveSubscription(invoice.subscriptionId)
      : null;
    if (invoice && subscription) return { kind: 'subscription', subscription, invoice };
    return { kind: 'none' };
  }
  let subscriptionId: string | null = null;
  if (event.type.startsWith('customer.subscription.') && typeof object.id === 'string') {
    subscriptionId = object.id;
  } else if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: string } } | null;
    const direct = object.subscription;
    subscriptionId =
      typeof direct === 'string' ? direct : (parent?.subscription_details?.subscription ?? null);
  }
  if (subscriptionId) {
    const subscription = await provider.retrieveSubscription(subscriptionId);
    if (subscription) return { kind: 'subscription', subscription, invoice: null };
  }
  return { kind: 'none' };
}

type FollowUp = { fulfil?: string; refundPayment?: { paymentId: string; key: string } };

/**
 * Processes a stored event once: the truth is read first (provider calls stay outside the
 * transaction), then the event is claimed and the truth applied in one transaction.
 * Returns false when the event was already processed.
 */
export async function processWebhookEvent(
  db: Db,
  eventId: string,
  provider: PaymentProvider,
): Promise<boolean> {
  const [stored] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
  if (!stored || stored.processedAt) return false;
  const truth = await readTruth(provider, stored.payload as Stripe.Event);
  const outcome = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx
      .update(webhookEvents)
      .set({ processedAt: sql`now()` })
      .where(and(eq(webhookEvents.id, eventId), isNull(webhookEvents.processedAt)))
      .returning();
    if (!claimed[0]) return null;
    return applyTruth(tx, provider.name, truth);
  });
  if (outcome === null) return false;
  await followUp(db, provider, outcome);
  return true;
}

/** Applies what the provider says of a checkout session (also used by the recovery sweep). */
export async function applyCheckout(
  db: Db,
  provider: PaymentProvider,
  session: CheckoutSession,
): Promise<void> {
  const subscription = session.subscriptionId
    ? await provider.retrieveSubscription(session.subscriptionId)
    : null;
  const invoice = session.invoiceId ? await provider.retrieveInvoice(session.invoiceId) : null;
  const outcome = await db.transaction((tx) =>
    applyTruth(tx as unknown as Db, provider.name, {
      kind: 'checkout',
      session,
      subscription,
      invoice,
    }),
  );
  await followUp(db, provider, outcome);
}

async function followUp(db: Db, provider: PaymentProvider, outcome: FollowUp): Promise<void> {
  if (outcome.fulfil) {
    await enqueueByName(
      db,
      JOB_NAMES.fulfilOrder,
      { orderId: outcome.fulfil },
      { singletonKey: outcome.fulfil },
    );
  }
  if (outcome.refundPayment) {
    // A second payment of an order already paid (two checkout tabs): given back at once.
    await provider.refund(outcome.refundPayment.paymentId, outcome.refundPayment.key);
    log().warn({ payment: outcome.refundPayment.paymentId }, 'second payment of an order refunded');
  }
}

async function applyTruth(db: Db, providerName: string, truth: Truth): Promise<FollowUp> {
  if (truth.kind === 'subscription') {
    await upsertSubscription(db, providerName, truth.subscription);
    if (truth.invoice) await issueSubscriptionInvoice(db, providerName, truth.invoice);
    return {};
  }
  if (truth.kind !== 'checkout') return {};
  const { session, subscription, invoice } = truth;
  if (session.mode === 'subscription') {
    if (subscription) await upsertSubscription(db, providerName, subscription, session.userId);
    if (subscription && invoice) await issueSubscriptionInvoice(db, providerName, invoice);
    if (session.paid) {
      await db
        .update(payments)
        .set({ state: 'paid', providerPaymentId: session.paymentId, updatedAt: sql`now()` })
        .where(
          and(eq(payments.provider, providerName), eq(payments.providerSessionId, session.id)),
        );
    }
    return {};
  }
  if (!session.paid || !session.orderId) {
    if (session.status === 'expired') {
      await db
        .update(payments)
        .set({ state: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.provider, providerName),
            eq(payments.providerSessionId, session.id),
            eq(payments.state, 'open'),
          ),
        );
    }
    return {};
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, session.orderId));
  if (!order) return {};
  // The payment row may be missing if the process died right after creating the session.
  await db
    .insert(payments)
    .values({
      id: randomUUID(),
      userId: order.userId,
      orderId: order.id,
      mode: 'payment',
      provider: providerName,
      providerSessionId: session.id,
      amountCents: session.amountCents,
    })
    .onConflictDoNothing();
  const newlyPaid = await db
    .update(payments)
    .set({ state: 'paid', providerPaymentId: session.paymentId, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, providerName),
        eq(payments.providerSessionId, session.id),
        eq(payments.state, 'open'),
      ),
    )
    .returning();
  const paidOrder = await payOrder(db, order.id);
  if (paidOrder) {
    await issueOrderInvoice(db, paidOrder);
    return { fulfil: order.id };
  }
  if (newlyPaid[0] && session.paymentId) {
    return {
      refundPayment: { paymentId: session.paymentId, key: `refund-duplicate-${session.id}` },
    };
  }
  return {};
}
