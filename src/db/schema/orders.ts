import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An order of one document (spec sections 3, 4 and 7 "Orders"). States and their transitions are
 * in src/domain/orders.ts; only src/orders writes this table. Users live in the accounts area's
 * tables: `user_id` is their id, without a foreign key across areas.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** A catalogue kind, `document` (custom document) or `director-report`. */
    kind: text('kind').notNull(),
    siren: text('siren'),
    /** The company's name as the order page showed it when the order was placed (« DANONE »). */
    companyName: text('company_name'),
    /** The body of the order (section 3 payloads), or the custom document's id and fields. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** kind + siren + payload: two orders with the same key are "the same order". */
    sameOrderKey: text('same_order_key').notNull(),
    formats: text('formats').array().notNull(),
    state: text('state').notNull().default('pending_payment'),
    /** EUR cents. */
    priceExclVatCents: integer('price_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** `card` (one-off payment) or `subscription` (covered by the plan). */
    paidWith: text('paid_with'),
    /** True when the order used one unit of the subscription's monthly quota. */
    usedQuota: boolean('used_quota').notNull().default(false),
    /** The attribution parameter stored in the browser (spec sections 3 and 4), `key=value`. */
    sourceId: text('source_id'),
    /** The company-data form of the payment page (spec sections 3 and 5). */
    billing: jsonb('billing').$type<Record<string, string>>(),
    /** Why the order could not be fulfilled, in French, as the user is told. */
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    completedAt: ts('completed_at'),
    failedAt: ts('failed_at'),
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_state_idx').on(t.state),
    // At most one unfinished order per user and content: the SAME_ORDER_PENDING rule holds even
    // when two requests race.
    uniqueIndex('orders_same_pending_idx')
      .on(t.userId, t.sameOrderKey)
      .where(sql`state in ('pending_payment', 'paid', 'processing')`),
  ],
);

/** One checkout session at the payment provider (Stripe or the built-in test provider). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** Null for a subscription's checkout. */
    orderId: text('order_id'),
    /** `payment` (one order) or `subscription`. */
    mode: text('mode').notNull(),
    provider: text('provider').notNull(),
    /** Checkout session id at the provider. */
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountCents: integer('amount_cents').notNull(),
    /** open | paid | expired | refunded */
    state: text('state').notNull().default('open'),
    refundId: text('refund_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_session_idx').on(t.provider, t.providerSessionId),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Every webhook event received, stored before it is processed; processed once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});

/**
 * The last number issued of each sequence: row 1 invoices, row 2 credit notes (`COUNTERS` in
 * src/payments/invoices.ts). A number is taken in the transaction that issues the document.
 */
export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey(),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});

/**
 * A French invoice of a paid order or of a subscription period (the PDF is drawn from this row,
 * src/payments/invoice-pdf.ts).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    /** Sequential, without gaps. */
    number: bigint('number', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    orderId: text('order_id'),
    subscriptionId: text('subscription_id'),
    /** The provider's invoice of a subscription period: one of ours per provider invoice. */
    providerInvoiceId: text('provider_invoice_id'),
    label: text('label').notNull(),
    buyer: jsonb('buyer').$type<Record<string, string>>().notNull(),
    priceExclVatCents: integer('price_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_provider_invoice_idx').on(t.providerInvoiceId),
    index('invoices_user_idx').on(t.userId),
  ],
);

/**
 * A credit note (« avoir ») cancelling an invoice when its order is refunded: its own sequence
 * without gaps, and at most one per invoice (refunds are whole).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: text('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    orderId: text('order_id'),
    label: text('label').notNull(),
    buyer: jsonb('buyer').$type<Record<string, string>>().notNull(),
    priceExclVatCents: integer('price_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Why the invoice is cancelled, in French, as printed. */
    reason: text('reason').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_user_idx').on(t.userId),
  ],
);

/** The subscription plan of a user, as the provider last told us. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** active | past_due | canceled */
    state: text('state').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_idx').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/** Units of the monthly quota used, per subscription and period start. */
export const subscriptionUsage = pgTable(
  'subscription_usage',
  {
    subscriptionId: text('subscription_id').notNull(),
    periodStart: ts('period_start').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.periodStart] })],
);

/** A file of an order, kept by the storage of src/orders/storage.ts under `key`. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    format: text('format').notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stored_files_order_format_idx').on(t.orderId, t.format)],
);

/**
 * The built-in test payment provider's own records (used when no Stripe key is set): what Stripe
 * would hold, so the webhook handler can re-read the truth the same way.
 */
export const testProviderObjects = pgTable('test_provider_objects', {
  id: text('id').primaryKey(),
  /** checkout_session | subscription | refund */
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
