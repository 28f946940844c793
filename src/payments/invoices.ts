/**
 * Invoices and credit notes (« avoirs »). Each has its own sequence without gaps: the number is
 * taken from its row of `invoice_counter`, locked first in the transaction that issues the
 * document, so issuers queue behind each other and a rolled-back transaction gives its number
 * back. Every document is issued once: an order's invoice when the order becomes paid, a
 * subscription period's invoice once per provider invoice, a credit note once per invoice.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { creditNotes, invoiceCounter, invoices, orders, subscriptions, users } from '@/db/schema';
import { creditNoteNumber, invoiceNumber, orderTitle, splitVat } from '@/domain/orders';
import { kindLabel } from '@/domain/catalogue/documents';
import type { ProviderInvoice } from './provider';

const COUNTERS = { invoice: 1, creditNote: 2 } as const;

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Locks a sequence until the transaction ends; returns a function that takes its next number. */
async function lockCounter(db: Db, which: keyof typeof COUNTERS): Promise<() => Promise<number>> {
  const id = COUNTERS[which];
  // The rows are created by the migration; this insert only covers a database emptied by hand.
  await db.insert(invoiceCounter).values({ id, lastNumber: 0 }).onConflictDoNothing();
  await db.select().from(invoiceCounter).where(eq(invoiceCounter.id, id)).for('update');
  return async () => {
    const [row] = await db
      .update(invoiceCounter)
      .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
      .where(eq(invoiceCounter.id, id))
      .returning();
    return row!.lastNumber;
  };
}

/** The invoice of an order, in the transaction that marks it paid (the state guard makes it once). */
export async function issueOrderInvoice(db: Db, order: typeof orders.$inferSelect): Promise<void> {
  const next = await lockCounter(db, 'invoice');
  await db.insert(invoices).values({
    id: randomUUID(),
    number: await next(),
    userId: order.userId,
    orderId: order.id,
    label: orderTitle(kindLabel(order.kind), order),
    buyer: order.billing ?? {},
    priceExclVatCents: order.priceExclVatCents,
    vatCents: order.vatCents,
    totalCents: order.totalCents,
  });
}

const dayFr = (d: Date) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(d);

/** Who a subscription invoice is made out to: the user's last company-data form, or their e-mail. */
async function subscriberBuyer(db: Db, userId: string): Promise<Record<string, string>> {
  const [last] = await db
    .select({ billing: orders.billing })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.billing)))
    .orderBy(desc(orders.updatedAt))
    .limit(1);
  if (last?.billing) return last.billing;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? { email: user.email } : {};
}

/**
 * The invoice of a paid subscription period (the first one and every renewal), once per provider
 * invoice whichever event brings it (checkout completed, `invoice.paid`, a replay).
 * Call inside a transaction.
 */
export async function issueSubscriptionInvoice(
  db: Db,
  providerName: string,
  invoice: ProviderInvoice,
): Promise<void> {
  if (!invoice.paid || !invoice.subscriptionId) return;
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, providerName),
        eq(subscriptions.providerSubscriptionId, invoice.subscriptionId),
      ),
    );
  if (!sub) return;
  const next = await lockCounter(db, 'invoice');
  // Checked once the sequence is locked: a concurrent issuer of this invoice has committed by now.
  const [already] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerInvoiceId, invoice.id));
  if (already) return;
  await db.insert(invoices).values({
    id: randomUUID(),
    number: await next(),
    userId: sub.userId,
    subscriptionId: sub.id,
    providerInvoiceId: invoice.id,
    label: `Abonnement mensuel — période du ${dayFr(invoice.periodStart)} au ${dayFr(invoice.periodEnd)}`,
    buyer: await subscriberBuyer(db, sub.userId),
    ...splitVat(invoice.amountCents),
  });
}

/**
 * The credit note cancelling the invoice of a refunded order, in the transaction that marks it
 * refunded. An order without an invoice (paid by the subscription) has nothing to cancel.
 */
export async function issueCreditNote(
  db: Db,
  order: typeof orders.$inferSelect,
  reason: string,
): Promise<void> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (!inv) return;
  const next = await lockCounter(db, 'creditNote');
  const [already] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, inv.id));
  if (already) return;
  await db.insert(creditNotes).values({
    id: randomUUID(),
    number: await next(),
    userId: inv.userId,
    invoiceId: inv.id,
    orderId: order.id,
    label: inv.label,
    buyer: inv.buyer,
    priceExclVatCents: inv.priceExclVatCents,
    vatCents: inv.vatCents,
    totalCents: inv.totalCents,
    reason,
  });
}

export type BillingDocumentJson = {
  id: string;
  type: 'invoice' | 'credit_note';
  number: string;
  label: string;
  issued_at: string;
  total_cents: number;
  order_id: string | null;
  /** For a credit note: the number of the invoice it cancels. */
  cancels: string | null;
  url: string;
};

/** The user's invoices and credit notes, newest first (the orders tab of /mon-compte). */
export async function listBillingDocuments(
  db: Db,
  userId: string,
  limit = 200,
): Promise<BillingDocumentJson[]> {
  const invs = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt))
    .limit(limit);
  const notes = await db
    .select({ note: creditNotes, invNumber: invoices.number, invIssuedAt: invoices.issuedAt })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.userId, userId))
    .orderBy(desc(creditNotes.issuedAt))
    .limit(limit);
  const all: BillingDocumentJson[] = [
    ...invs.map((i) => ({
      id: i.id,
      type: 'invoice' as const,
      number: invoiceNumber(i.number, i.issuedAt),
      label: i.label,
      issued_at: i.issuedAt.toISOString(),
      total_cents: i.totalCents,
      order_id: i.orderId,
      cancels: null,
      url: `/api/invoices/${i.id}`,
    })),
    ...notes.map(({ note, invNumber, invIssuedAt }) => ({
      id: note.id,
      type: 'credit_note' as const,
      number: creditNoteNumber(note.number, note.issuedAt),
      label: note.label,
      issued_at: note.issuedAt.toISOString(),
      total_cents: note.totalCents,
      order_id: note.orderId,
      cancels: invoiceNumber(invNumber, invIssuedAt),
      url: `/api/credit-notes/${note.id}`,
    })),
  ];
  return all.sort((a, b) => b.issued_at.localeCompare(a.issued_at)).slice(0, limit);
}
