/**
 * The jobs of the payments area. In test mode (no Stripe key), the built-in provider renews a
 * subscription at the end of each period, as Stripe Billing does, and its signed `invoice.paid`
 * goes through the webhook verification and processing of production.
 */
import { getDb } from '@/db/site';
import { defineJob } from '@/jobs';

export const testRenewalJob = defineJob<{ subscriptionId: string }>(
  'payments.test-renewal',
  async ({ subscriptionId }) => {
    const { isTestMode } = await import('./provider');
    if (!isTestMode()) return;
    const db = getDb();
    const { latestTestInvoiceEvent, renewTestSubscription } = await import('./test-provider');
    // Nothing due (a retry after the period moved on, or a job run early): the latest invoice is
    // sent again, which is a no-op once it is invoiced.
    const event =
      (await renewTestSubscription(db, subscriptionId)) ??
      (await latestTestInvoiceEvent(db, subscriptionId));
    if (!event) return;
    const { receiveWebhook } = await import('./webhooks');
    await receiveWebhook(db, event.payload, event.signature);
  },
  { retryLimit: 10, retryDelaySeconds: 60 },
);
