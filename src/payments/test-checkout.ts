/**
 * The /payment page's calls in test mode: pay a session with a test card, then deliver the signed
 * event to our own webhook route over HTTP, as Stripe would.
 */
import { getEnv } from '@/config/env';
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { isTestMode } from './provider';
import { payTestCheckout, testProvider } from './test-provider';
import { receiveWebhook } from './webhooks';

export type TestPayAnswer = {
  outcome: 'paid' | 'requires_confirmation';
  redirect_url: string | null;
};

export async function payInTestMode(
  db: Db,
  userId: string,
  sessionId: string,
  body: unknown,
  webhookUrl: string,
): Promise<Result<TestPayAnswer>> {
  // No test payments in production, whatever the provider's configuration says.
  if (!isTestMode() || getEnv().APP_ENV === 'prod') return failure('NOT_FOUND');
  const input = (body ?? {}) as { card?: unknown; confirmed?: unknown };
  if (typeof input.card !== 'string' || input.card.length > 40) {
    return failure('VALIDATION_FAILED', undefined, {
      fields: { card: ['Ce champ est obligatoire.'] },
    });
  }
  const paid = await payTestCheckout(db, sessionId, userId, input.card, input.confirmed === true);
  if (!paid.ok) return paid;
  if (paid.value.outcome === 'requires_confirmation') {
    return success({ outcome: 'requires_confirmation', redirect_url: null });
  }
  const { payload, signature } = paid.value.event;
  let delivered = false;
  try {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    delivered = res.ok;
  } catch (e) {
    logFailure('payments.test.webhook-delivery', e);
  }
  // Our own route could not be reached (no public URL in some setups): the same verification
  // and processing run in this process instead.
  if (!delivered) await receiveWebhook(db, payload, signature, testProvider(db));
  return success({ outcome: 'paid', redirect_url: paid.value.successUrl });
}
