/**
 * The payment provider as the rest of the site sees it: its objects, its interface and the
 * settings both implementations read. Which one serves is chosen in one place,
 * src/payments/active-provider.ts: Stripe (src/payments/stripe-provider.ts) when
 * STRIPE_SECRET_KEY is set, otherwise the built-in test provider (src/payments/test-provider.ts),
 * which keeps the same objects in our database and signs its webhook events the way Stripe does.
 * Every call that creates something takes an idempotency key.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { getEnv } from '@/config/env';

export type CheckoutInput = {
  mode: 'payment' | 'subscription';
  userId: string;
  email: string;
  /** The order paid, for mode `payment`. */
  orderId?: string;
  /** French label of what is bought (line of the checkout page). */
  label: string;
  /** EUR cents, VAT included; per month for a subscription. */
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  /** The payment to refund (Stripe's payment intent). */
  paymentId: string | null;
  subscriptionId: string | null;
  /** The first invoice of a subscription's checkout. */
  invoiceId: string | null;
  /** Where the buyer pays (Stripe Checkout's page, or our /payment page in test mode). */
  url: string | null;
  orderId: string | null;
  userId: string | null;
  amountCents: number;
};

export type ProviderSubscription = {
  id: string;
  userId: string | null;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
};

/** An invoice of the provider's billing: one per subscription period paid. */
export type ProviderInvoice = {
  id: string;
  subscriptionId: string | null;
  paid: boolean;
  /** EUR cents paid, VAT included. */
  amountCents: number;
  /** `subscription_create` (first period) or `subscription_cycle` (a renewal)… */
  billingReason: string | null;
  periodStart: Date;
  periodEnd: Date;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createCheckout(input: CheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  retrieveCheckout(id: string): Promise<CheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  cancelSubscription(id: string, idempotencyKey: string): Promise<ProviderSubscription>;
  refund(paymentId: string, idempotencyKey: string): Promise<{ id: string }>;
}

const globalForPayments = globalThis as unknown as {
  __testWebhookSecret?: string;
  __stripe?: Stripe;
};

/** Stripe's client: the real one, or one without a key that only signs and verifies events. */
export function stripeClient(): Stripe {
  globalForPayments.__stripe ??= new Stripe(getEnv().STRIPE_SECRET_KEY ?? 'sk_test_signing_only');
  return globalForPayments.__stripe;
}

/** True when no Stripe key is set: the site takes test cards only and says so. */
export function isTestMode(): boolean {
  return !getEnv().STRIPE_SECRET_KEY;
}

/** The secret webhook events are signed with. */
export function webhookSecret(): string {
  const configured = getEnv().STRIPE_WEBHOOK_SECRET;
  if (configured) return configured;
  globalForPayments.__testWebhookSecret ??= `whsec_${randomBytes(24).toString('hex')}`;
  return globalForPayments.__testWebhookSecret;
}
