/** The PaymentProvider on Stripe: Checkout for orders, Billing for the subscription. */
import type Stripe from 'stripe';
import type {
  CheckoutSession,
  PaymentProvider,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';

function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    mode: s.mode === 'subscription' ? 'subscription' : 'payment',
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
    paymentId: idOf(s.payment_intent),
    subscriptionId: idOf(s.subscription),
    invoiceId: idOf(s.invoice),
    url: s.url,
    orderId: s.metadata?.orderId ?? null,
    userId: s.metadata?.userId ?? null,
    amountCents: s.amount_total ?? 0,
  };
}

function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items.data[0];
  const status =
    s.status === 'active' || s.status === 'trialing'
      ? 'active'
      : s.status === 'past_due' || s.status === 'unpaid'
        ? 'past_due'
        : s.status === 'incomplete'
          ? 'incomplete'
          : 'canceled';
  return {
    id: s.id,
    userId: s.metadata?.userId ?? null,
    status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodStart: new Date((item?.current_period_start ?? s.start_date) * 1000),
    currentPeriodEnd: new Date((item?.current_period_end ?? s.start_date) * 1000),
  };
}

function toInvoice(i: Stripe.Invoice): ProviderInvoice {
  // The period billed is the subscription line's, not the invoice's own (usage) period.
  const period = i.lines.data[0]?.period ?? { start: i.period_start, end: i.period_end };
  return {
    id: i.id ?? '',
    subscriptionId: idOf(i.parent?.subscription_details?.subscription),
    paid: i.status === 'paid',
    amountCents: i.amount_paid,
    billingReason: i.billing_reason,
    periodStart: new Date(period.start * 1000),
    periodEnd: new Date(period.end * 1000),
  };
}

/** Stripe's answer to an object that does not exist: null, as the interface says. */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 404) return null;
    throw e;
  }
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(input, idempotencyKey) {
      const metadata = {
        userId: input.userId,
        ...(input.orderId ? { orderId: input.orderId } : {}),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: input.mode,
          customer_email: input.email,
          client_reference_id: input.orderId ?? input.userId,
          locale: 'fr',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: input.amountCents,
                tax_behavior: 'inclusive',
                product_data: { name: input.label },
                ...(input.mode === 'subscription' ? { recurring: { interval: 'month' } } : {}),
              },
            },
          ],
          metadata,
          ...(input.mode === 'payment'
            ? { payment_intent_data: { metadata } }
            : { subscription_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey },
      );
      return toSession(session);
    },
    async retrieveCheckout(id) {
      return orNull(async () => toSession(await stripe.checkout.sessions.retrieve(id)));
    },
    async retrieveSubscription(id) {
      return orNull(async () => toSubscription(await stripe.subscriptions.retrieve(id)));
    },
    async retrieveInvoice(id) {
      return orNull(async () => toInvoice(await stripe.invoices.retrieve(id)));
    },
    async cancelSubscription(id, idempotencyKey) {
      return toSubscription(
        await stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey }),
      );
    },
    async refund(paymentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}
