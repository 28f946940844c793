/**
 * Fulfilment of paid orders: generate each format, store it, mark the order completed; or, when
 * the document cannot be produced, unfulfillable then refunded (or the subscription's unit given
 * back), with a mail that says why. Every step is keyed by the order id and guarded by the
 * order's state, so running it twice (at-least-once jobs, a crash, the recovery sweep) does
 * nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { siteOrigin } from '@/config/env';
import type { Db } from '@/db/client';
import { orders, payments, storedFiles, users } from '@/db/schema';
import type { DocumentFormat } from '@/domain/catalogue';
import { formatPrice } from '@/domain/catalogue';
import { orderCompany } from '@/domain/orders';
import { completeOrder, failOrder, refundOrderState, startOrder } from '@/order-state/transitions';
import { generate } from '@/documents';
import { enqueueByName } from '@/jobs';
import { JOB_NAMES } from '@/jobs/names';
import { queueMail } from '@/mail/queue';
import { issueCreditNote } from '@/payments/invoices';
import { paymentProvider } from '@/payments/active-provider';
import { returnQuota } from '@/payments/subscriptions';
import { fileStorage, type FileStorage } from './storage';
import { kindLabel } from '@/domain/catalogue/documents';
import type { OrderRow } from './present';

/** What fulfilment calls out to; tests replace them. */
export const fulfilmentDeps: {
  generate: typeof generate;
  storage: () => FileStorage;
} = { generate, storage: fileStorage };

/** Codes of a generator failure that no retry can change. */
const FINAL_CODES = new Set([
  'DOCUMENT_UNAVAILABLE',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'INVALID_INPUT',
]);

export const UNFULFILLABLE_AFTER_RETRIES =
  'Le document n’a pas pu être produit après plusieurs tentatives.';

function fileKey(orderId: string, format: string): string {
  return `orders/${orderId}/${format}`;
}

async function loadOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Runs one attempt. Throws on a failure worth retrying; the job's retries and dead letter follow. */
export async function fulfilOrder(
  db: Db,
  orderId: string,
): Promise<'completed' | 'unfulfillable' | 'skipped'> {
  const order = await startOrder(db, orderId);
  if (!order) return 'skipped';

  const storage = fulfilmentDeps.storage();
  for (const format of order.formats as DocumentFormat[]) {
    const file = await fulfilmentDeps.generate(db, order.kind, order.siren ?? '', order.payload, {
      format,
      orderNumber: order.id,
    });
    if (!file.ok) {
      if (FINAL_CODES.has(file.code)) {
        await markUnfulfillable(db, order.id, file.message);
        return 'unfulfillable';
      }
      throw new Error(`${file.code}: ${file.message}`);
    }
    const key = fileKey(order.id, format);
    await storage.put(key, file.value.body);
    await db
      .insert(storedFiles)
      .values({
        id: randomUUID(),
        orderId: order.id,
        format,
        key,
        fileName: file.value.fileName,
        contentType: file.value.contentType,
        size: file.value.body.length,
      })
      .onConflictDoUpdate({
        target: [storedFiles.orderId, storedFiles.format],
        set: {
          fileName: file.value.fileName,
          contentType: file.value.contentType,
          size: file.value.body.length,
          key,
        },
      });
  }
  const done = await completeOrder(db, order.id);
  if (done) await mailOwner(db, done, 'completed');
  return 'completed';
}

/** Marks a paid order unfulfillable with its French reason, then refunds it. */
export async function markUnfulfillable(db: Db, orderId: string, reason: string): Promise<void> {
  await failOrder(db, orderId, reason);
  try {
    await refundOrder(db, orderId);
  } catch {
    // The provider is unreachable: the refund job tries again (and the recovery sweep after it).
    await enqueueByName(db, JOB_NAMES.refundOrder, { orderId }, { singletonKey: orderId });
  }
}

/**
 * Refunds an unfulfillable order: the card payment at the provider (idempotency key of the
 * order) and a credit note cancelling its invoice, or the subscription's unit of quota. Throws when the provider fails: the refund job
 * and the recovery sweep try again.
 */
export async function refundOrder(db: Db, orderId: string): Promise<void> {
  const order = await loadOrder(db, orderId);
  if (!order || order.state !== 'unfulfillable') return;
  let refundId: string | null = null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')));
  if (order.paidWith === 'card' && payment?.providerPaymentId) {
    const provider = paymentProvider(db);
    refundId = (await provider.refund(payment.providerPaymentId, `refund-order-${orderId}`)).id;
  }
  const refunded = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await refundOrderState(tx, orderId);
    if (!row) return null;
    if (payment && refundId) {
      await tx
        .update(payments)
        .set({ state: 'refunded', refundId, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
    }
    if (row.usedQuota) await returnQuota(tx, row.userId);
    const why = row.failureReason ? ` ${row.failureReason}` : '';
    await issueCreditNote(
      tx,
      row,
      `remboursement d’une commande qui n’a pas pu être produite.${why}`,
    );
    return row;
  });
  if (refunded) await mailOwner(db, refunded, 'refunded');
}

async function ownerEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

async function mailOwner(db: Db, order: OrderRow, what: 'completed' | 'refunded'): Promise<void> {
  const to = await ownerEmail(db, order.userId);
  if (!to) return;
  const link = `${siteOrigin()}/commandes/${order.id}`;
  const label = kindLabel(order.kind);
  const named = orderCompany(order);
  const company = named ? ` pour ${named}` : '';
  if (what === 'completed') {
    await queueMail(db, {
      id: `order-completed-${order.id}`,
      to,
      subject: `Votre document est prêt : ${label}`,
      text: `Bonjour,\n\nVotre commande « ${label} »${company} est prête. Vous pouvez la télécharger ici :\n${link}\n\nÀ bientôt.`,
    });
    return;
  }
  const money =
    order.paidWith === 'subscription'
      ? 'Le document ne vous est pas décompté : votre crédit d’abonnement vous est rendu.'
      : `Nous vous remboursons ${formatPrice(order.totalCents)} sur le moyen de paiement utilisé ; le remboursement apparaît sous 5 à 10 jours.`;
  await queueMail(db, {
    id: `order-refunded-${order.id}`,
    to,
    subject: `Votre commande n’a pas pu aboutir : ${label}`,
    text: `Bonjour,\n\nNous n’avons pas pu produire « ${label} »${company}.\nRaison : ${order.failureReason ?? 'document indisponible'}\n\n${money}\n\nDétail de la commande : ${link}`,
  });
}
