/**
 * The recovery sweep, run when a worker starts: whatever a crash interrupted is finished.
 * - events stored but not processed are processed;
 * - checkouts still open on our side are re-read from the provider (a payment made while the
 *   server was down, or whose webhook was lost, marks its order paid);
 * - paid or processing orders are queued for fulfilment again (keyed by order id);
 * - unfulfillable orders are refunded.
 * Every step is idempotent, so the sweep may run any number of times.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, payments, webhookEvents } from '@/db/schema';
import { enqueue } from '@/jobs';
import { logFailure } from '@/lib/log';
import { paymentProvider } from '@/payments/active-provider';
import { applyCheckout, processWebhookEvent } from '@/payments/webhooks';
import { refundOrder } from './fulfilment';
import { fulfilOrderJob, refundOrderJob } from './jobs';
import { inList } from '@/domain/sql-fragments';

export type RecoveryReport = { events: number; checkouts: number; fulfil: number; refunds: number };

export async function recoverOrders(db: Db): Promise<RecoveryReport> {
  const report: RecoveryReport = { events: 0, checkouts: 0, fulfil: 0, refunds: 0 };
  const provider = paymentProvider(db);

  const pendingEvents = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt))
    .orderBy(webhookEvents.receivedAt);
  for (const e of pendingEvents) {
    try {
      if (await processWebhookEvent(db, e.id, provider)) report.events++;
    } catch (err) {
      logFailure('orders.recovery.event', err);
    }
  }

  const open = await db
    .select({ sessionId: payments.providerSessionId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.state, 'open'),
        eq(payments.provider, provider.name),
        eq(orders.state, 'pending_payment'),
      ),
    );
  for (const p of open) {
    try {
      const session = await provider.retrieveCheckout(p.sessionId);
      if (session?.paid) {
        await applyCheckout(db, provider, session);
        report.checkouts++;
      }
    } catch (err) {
      logFailure('orders.recovery.checkout', err);
    }
  }

  // The key changes with each attempt: the job of a process that died stays "active" in the queue
  // until it expires, and a job with its key would be a no-op. Two jobs of one order may then
  // both run; fulfilment is idempotent, so the order still completes once.
  const unfinished = await db
    .select({ id: orders.id, attempts: orders.attempts })
    .from(orders)
    .where(inList(orders.state, ['paid', 'processing']));
  for (const o of unfinished) {
    await enqueue(
      db,
      fulfilOrderJob,
      { orderId: o.id },
      { singletonKey: `${o.id}:sweep:${o.attempts}` },
    );
    report.fulfil++;
  }

  const failed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.state, 'unfulfillable'));
  for (const o of failed) {
    try {
      await refundOrder(db, o.id);
    } catch {
      await enqueue(db, refundOrderJob, { orderId: o.id }, { singletonKey: o.id });
    }
    report.refunds++;
  }
  return report;
}
