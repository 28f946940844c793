/**
 * The one place that chooses the payment provider: Stripe when STRIPE_SECRET_KEY is set, the
 * built-in test provider otherwise. The modules that talk to a provider (webhooks,
 * subscriptions, orders) receive the one chosen here instead of choosing again.
 */
import type { Db } from '@/db/client';
import { isTestMode, stripeClient, type PaymentProvider } from './provider';
import { stripeProvider } from './stripe-provider';
import { testProvider } from './test-provider';

export function paymentProvider(db: Db): PaymentProvider {
  return isTestMode() ? testProvider(db) : stripeProvider(stripeClient());
}
