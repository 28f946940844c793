/**
 * Placing and reading orders (spec section 7 "Orders"). Every read and write is scoped to the
 * user of the session: another user's order is NOT_FOUND.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { SessionUser } from '@/accounts/session';
import { getEnv, siteOrigin } from '@/config/env';
import { preparedQuery, type Db } from '@/db/client';
import { creditNotes, invoices, orders, payments } from '@/db/schema';
import { bodyOrderKinds, type DocumentFormat } from '@/domain/catalogue';
import { documentOffer } from '@/domain/catalogue/documents';
import { sameOrderKey, splitVat, subscriptionCover, unfinishedStates } from '@/domain/orders';
import { initialState } from '@/order-state/transitions';
import { isSirenFormat, padSiren } from '@/domain/siren';
import { checkDeliverable, companyOrder, documentSale } from '@/documents';
import { getCachedProfile } from '@/registry/page-data';
import { enqueue } from '@/jobs';
import { failure, success, type Result } from '@/lib/errors';
import { paymentProvider } from '@/payments/active-provider';
import { isTestMode } from '@/payments/provider';
import { activeSubscription, quotaUsed, takeQuota } from '@/payments/subscriptions';
import { billingSchema, bodyPayloads, documentPayload, fieldErrors } from './payloads';
import { presentOrder, type OrderJson, type OrderRow } from './present';
import { fulfilOrderJob } from './jobs';
import { inList } from '@/domain/sql-fragments';

export type OrderRequest =
  | { kind: string; siren: string; body?: unknown }
  | { kind: 'custom-document'; documentId: string; body: unknown }
  | { kind: 'director-report'; siren: string; index: string };

/**
 * What placing an order asks of the documents module; tests replace it. `companyOrder` is the
 * rule the pages' buttons follow too: the route never refuses what a page offers.
 */
export const orderDeps: {
  companyOrder: typeof companyOrder;
  deliverable: typeof checkDeliverable;
} = { companyOrder, deliverable: checkDeliverable };

/** Kinds ordered through their own route, not POST /api/{kind}/{siren}/order. */
const OWN_ROUTE_KINDS = new Set(['custom-document', 'director-report']);

type Spec = { priceCents: number; formats: readonly DocumentFormat[] };

/** Price and formats from the documents catalogue (catalogue kinds and the extra kinds). */
function specOf(kind: string): Spec | undefined {
  return documentOffer(kind);
}

/** What the request orders: kind, company and a checked payload; or why it cannot be ordered. */
async function parseRequest(
  db: Db,
  req: OrderRequest,
): Promise<
  Result<{
    kind: string;
    siren: string | null;
    companyName: string | null;
    payload: Record<string, unknown>;
    spec: Spec;
  }>
> {
  const spec = specOf(req.kind);
  const viaOwnRoute = 'documentId' in req || 'index' in req;
  if (!spec || (OWN_ROUTE_KINDS.has(req.kind) && !viaOwnRoute)) {
    return failure('NOT_FOUND', 'Ce type de document n’existe pas.');
  }
  // A kind not sold in this deployment (src/documents/sale.ts) is refused first, whatever the
  // company or the payload: no order row, no payment page.
  const sale = documentSale(req.kind);
  if (sale && !sale.sold) return failure('DOCUMENT_UNAVAILABLE', sale.reason);
  let siren: string | null = null;
  let payload: Record<string, unknown> = {};
  if ('siren' in req) {
    siren = padSiren(req.siren);
    if (!isSirenFormat(siren)) return failure('INVALID_INPUT', 'Le numéro SIREN est invalide.');
  }
  if ('documentId' in req) {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(req.documentId)) {
      return failure('NOT_FOUND', 'Ce document n’existe pas.');
    }
    const parsed = documentPayload.safeParse(req.body ?? {});
    if (!parsed.success)
      return failure('VALIDATION_FAILED', undefined, { fields: fieldErrors(parsed.error) });
    payload = { documentId: req.documentId, fields: parsed.data.fields };
    if (parsed.data.siren) {
      siren = padSiren(parsed.data.siren);
      if (!isSirenFormat(siren)) return failure('INVALID_INPUT', 'Le numéro SIREN est invalide.');
    }
  } else if ('index' in req) {
    // The n-th representative of the company, 1-based.
    if (!/^[1-9]\d{0,2}$/.test(req.index)) {
      return failure('INVALID_INPUT', 'Ce dirigeant est inconnu.');
    }
    payload = { n: Number(req.index) };
  } else if ((bodyOrderKinds as readonly string[]).includes(req.kind)) {
    const schema = bodyPayloads[req.kind as keyof typeof bodyPayloads];
    const parsed = schema.safeParse('body' in req ? (req.body ?? {}) : {});
    if (!parsed.success)
      return failure('VALIDATION_FAILED', undefined, { fields: fieldErrors(parsed.error) });
    payload = parsed.data as Record<string, unknown>;
  }
  if (siren) {
    const offer = await orderDeps.companyOrder(db, req.kind, siren);
    if (offer && !offer.orderable)
      return failure('DOCUMENT_UNAVAILABLE', offer.reason, {
        fields: offer.field ? { [offer.field]: [offer.reason] } : undefined,
      });
  }
  // Everything the document needs, before the order exists: an order that could not be delivered
  // would be charged, then refunded (an invoice and a credit note for nothing).
  const deliverable = await orderDeps.deliverable(db, req.kind, siren, payload);
  if (!deliverable.ok) return deliverable;
  return success({
    kind: req.kind,
    siren,
    companyName: siren ? await companyNameOf(db, siren) : null,
    payload,
    spec,
  });
}

/**
 * The company's name as its pages show it (the profile availability just read, cached), stored
 * on the order so that the recap, the order page, the account and the invoice say « DANONE »,
 * not « SIREN 552032534 ». Null when the profile cannot be read: those fall back to the SIREN.
 */
async function companyNameOf(db: Db, siren: string): Promise<string | null> {
  try {
    const lookup = await getCachedProfile(db, siren);
    return lookup.ok ? lookup.value.displayName : null;
  } catch {
    return null;
  }
}

/** The user's unfinished order with the same content (read on every order placed). */
const unfinishedOf = preparedQuery('orders_unfinished', (db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.sameOrderKey, sql.placeholder('key')),
        inList(orders.state, [...unfinishedStates]),
      ),
    ),
);

async function findUnfinished(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await unfinishedOf(db).execute({ userId, key });
  return row;
}

function samePending(existing: OrderRow) {
  return failure('SAME_ORDER_PENDING', undefined, {
    extra: { data: { data: presentOrder(existing) } },
  });
}

/** The predicate of the unique index of unfinished orders, as literals (so that PostgreSQL infers it). */
const UNFINISHED = sql.raw(`state in (${unfinishedStates.map((st) => `'${st}'`).join(', ')})`);

/** The INSERT of an order, built once (the values are placeholders). */
const insertOrder = preparedQuery('orders_insert', (db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      siren: sql.placeholder('siren'),
      companyName: sql.placeholder('companyName'),
      payload: sql.placeholder('payload'),
      sameOrderKey: sql.placeholder('key'),
      formats: sql.placeholder('formats'),
      state: sql.placeholder('state'),
      priceExclVatCents: sql.placeholder('priceExclVatCents'),
      vatCents: sql.placeholder('vatCents'),
      totalCents: sql.placeholder('totalCents'),
      paidWith: sql.placeholder('paidWith'),
      usedQuota: sql.placeholder('usedQuota'),
      // A timestamp's encoder cannot take a null: the time is the database's.
      paidAt: sql`CASE WHEN ${sql.placeholder('paid')}::boolean THEN now() END`,
      sourceId: sql.placeholder('sourceId'),
    })
    // The same order still unfinished: nothing (the index's predicate, as literals, so that
    // PostgreSQL infers the partial unique index).
    .onConflictDoNothing({
      target: [orders.userId, orders.sameOrderKey],
      where: UNFINISHED,
    })
    .returning(),
);

/** The values of an order's INSERT that do not depend on how it is paid (a new id each call). */
function orderValues(order: PreparedOrder) {
  return {
    id: randomUUID(),
    kind: order.kind,
    siren: order.siren,
    companyName: order.companyName,
    payload: order.payload,
    key: order.key,
    formats: [...order.spec.formats],
    ...order.amounts,
    sourceId: order.sourceId,
  };
}

/** An order request checked and priced, not yet placed (`prepareOrder`). */
type PreparedOrder = {
  kind: string;
  siren: string | null;
  /** The company's name when the order is placed (null: unknown, the SIREN stands for it). */
  companyName: string | null;
  payload: Record<string, unknown>;
  spec: Spec;
  key: string;
  amounts: ReturnType<typeof splitVat>;
  sourceId: string | null;
};

/** What an order request orders, checked (kind, company, payload, availability) and priced. */
async function prepareOrder(
  db: Db,
  req: OrderRequest,
  sourceId?: string | null,
): Promise<Result<PreparedOrder>> {
  const parsed = await parseRequest(db, req);
  if (!parsed.ok) return parsed;
  const { kind, siren, companyName, payload, spec } = parsed.value;
  return success({
    kind,
    siren,
    companyName,
    payload,
    spec,
    key: sameOrderKey(kind, siren, payload),
    amounts: splitVat(spec.priceCents),
    sourceId: sourceId && /^[A-Za-z0-9_-]{1,40}=[^\s]{1,200}$/.test(sourceId) ? sourceId : null,
  });
}

/**
 * Places an order. A subscriber's order covered by the plan is paid at once and queued for
 * fulfilment; any other waits for its payment. The same order still unfinished:
 * SAME_ORDER_PENDING with that order.
 */
export async function createOrder(
  db: Db,
  user: SessionUser,
  req: OrderRequest,
  sourceId?: string | null,
): Promise<Result<OrderJson>> {
  const prepared = await prepareOrder(db, req, sourceId);
  if (!prepared.ok) return prepared;
  return placePreparedOrder(db, user, prepared.value);
}

/** `createOrder` for an order already prepared. */
async function placePreparedOrder(
  db: Db,
  user: SessionUser,
  order: PreparedOrder,
): Promise<Result<OrderJson>> {
  const { kind, key } = order;
  const sub = await activeSubscription(db, user.id);
  const quota = getEnv().SUBSCRIPTION_MONTHLY_QUOTA;
  const cover = sub ? subscriptionCover(kind, await quotaUsed(db, sub), quota) : 'none';
  /** The new order, or undefined when the same order is still unfinished (unique index). */
  const insert = async (tx: Db, paid: boolean): Promise<OrderRow | undefined> => {
    const [inserted] = await insertOrder(tx).execute({
      ...orderValues(order),
      userId: user.id,
      state: initialState(paid),
      paidWith: paid ? 'subscription' : null,
      usedQuota: paid && cover === 'quota',
      paid,
    });
    return inserted;
  };
  // A quota unit and the order go together: when the order is not inserted, the unit goes back.
  // Any other order is one INSERT (no transaction's BEGIN and COMMIT round trips), which the
  // unique index of unfinished orders turns into nothing when the same order is pending.
  const place = () =>
    cover === 'quota' && sub
      ? db
          .transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const placed = await insert(tx, await takeQuota(tx, sub));
            if (!placed) txRaw.rollback();
            return placed;
          })
          .catch((e: unknown) => {
            if (e instanceof TransactionRollbackError) return undefined;
            throw e;
          })
      : insert(db, cover === 'unlimited');
  let row = await place();
  if (!row) {
    const existing = await findUnfinished(db, user.id, key);
    if (existing) return samePending(existing);
    // The pending one was finished in between: this order is new after all.
    row = await place();
    if (!row) return failure('CONFLICT', 'Cette commande est déjà en cours : réessayez.');
  }
  if (row.state === 'paid')
    await enqueue(db, fulfilOrderJob, { orderId: row.id }, { singletonKey: row.id });
  return success(presentOrder(row));
}

async function ownedOrder(db: Db, userId: string, id: string): Promise<OrderRow | null> {
  if (!isOrderId(id)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row ?? null;
}

/** An order with its invoice and the credit note that cancels it, read in one query. */
const BILLING_COLUMNS = {
  order: orders,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
  invoiceIssuedAt: invoices.issuedAt,
  creditNoteId: creditNotes.id,
  creditNoteNumber: creditNotes.number,
  creditNoteIssuedAt: creditNotes.issuedAt,
};

type Billed = {
  order: OrderRow;
  invoiceId: string | null;
  invoiceNumber: number | null;
  invoiceIssuedAt: Date | null;
  creditNoteId: string | null;
  creditNoteNumber: number | null;
  creditNoteIssuedAt: Date | null;
};

function presentBilled(r: Billed): OrderJson {
  const ref = (id: string | null, number: number | null, issuedAt: Date | null) =>
    id && number !== null && issuedAt ? { id, number, issuedAt } : null;
  return presentOrder(
    r.order,
    ref(r.invoiceId, r.invoiceNumber, r.invoiceIssuedAt),
    ref(r.creditNoteId, r.creditNoteNumber, r.creditNoteIssuedAt),
  );
}

/** Polled every second by the order page: the order and its invoice in one query, built once. */
const billedOrderOf = preparedQuery('orders_billed_one', (db) =>
  db
    .select(BILLING_COLUMNS)
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('userId'))))
    .limit(1),
);

const orderNotFound = () => failure('NOT_FOUND', 'Cette commande n’existe pas.');

/** Whether `id` has the shape of an order id (anything else is not found without a query). */
export const isOrderId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

export async function getOrder(db: Db, userId: string, id: string): Promise<Result<OrderJson>> {
  if (!isOrderId(id)) return orderNotFound();
  const [found] = await billedOrderOf(db).execute({ id, userId });
  if (!found) return orderNotFound();
  return success(presentBilled(found));
}

export async function listOrders(db: Db, userId: string, limit = 200): Promise<OrderJson[]> {
  const rows = await db
    .select(BILLING_COLUMNS)
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map(presentBilled);
}

/**
 * Records the company data of the payment page and opens the provider's checkout for the order;
 * the answer is where to pay. An open checkout of the order is given again rather than a new one.
 */
export async function startCheckout(
  db: Db,
  user: SessionUser,
  orderId: string,
  form: unknown,
): Promise<Result<{ url: string }>> {
  const order = await ownedOrder(db, user.id, orderId);
  if (!order) return failure('NOT_FOUND', 'Cette commande n’existe pas.');
  if (order.state !== 'pending_payment')
    return failure('CONFLICT', 'Cette commande est déjà payée.');
  const billing = billingSchema.safeParse(form ?? {});
  if (!billing.success)
    return failure('VALIDATION_FAILED', undefined, { fields: fieldErrors(billing.error) });
  await db
    .update(orders)
    .set({ billing: billing.data as Record<string, string>, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));

  const provider = paymentProvider(db);
  const previous = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, provider.name)));
  for (const p of previous.filter((x) => x.state === 'open')) {
    const session = await provider.retrieveCheckout(p.providerSessionId);
    if (session?.status === 'open' && session.url) return success({ url: session.url });
  }
  const base = isTestMode() ? '' : siteOrigin();
  const session = await provider.createCheckout(
    {
      mode: 'payment',
      userId: user.id,
      email: user.email,
      orderId: order.id,
      label: presentOrder(order).title,
      amountCents: order.totalCents,
      successUrl: `${base}/successful-payment?order=${order.id}`,
      cancelUrl: `${base}/paiement-securise?order=${order.id}`,
    },
    `order-${order.id}-checkout-${previous.length}`,
  );
  await db
    .insert(payments)
    .values({
      id: randomUUID(),
      userId: user.id,
      orderId: order.id,
      mode: 'payment',
      provider: provider.name,
      providerSessionId: session.id,
      amountCents: order.totalCents,
    })
    .onConflictDoNothing();
  return session.url ? success({ url: session.url }) : failure('SERVICE_UNAVAILABLE');
}
