/**
 * The one module that writes an order's state: one function per transition of the state machine
 * of src/domain/orders.ts (pending_payment ─pay→ paid ─start→ processing ─complete→ completed;
 * paid or processing ─fail→ unfulfillable ─refund→ refunded). Each is one guarded UPDATE: it
 * changes the order only from a state that allows its event, and returns the order changed, or
 * undefined when the order was not in such a state (a replayed webhook, a second worker, a late
 * retry), which makes every caller idempotent. The order service (src/orders/service.ts), the
 * payment webhooks (src/payments/webhooks.ts) and fulfilment (src/orders/fulfilment.ts) call
 * these; a new order's first state is `initialState`.
 *
 * Its own folder, below src/payments and src/orders, so that both can call it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { nextState, statesAllowing, type OrderEvent, type OrderState } from '@/domain/orders';

type OrderRow = typeof orders.$inferSelect;

/** The state an order is created in: paid up front by the subscription, or waiting for a card. */
export function initialState(paidBySubscription: boolean): OrderState {
  return paidBySubscription ? 'paid' : 'pending_payment';
}

type Columns = Omit<PgUpdateSetSource<typeof orders>, 'id' | 'state'>;

/** Applies `event` to the order when its state allows it, with the columns the event sets. */
async function transition(
  db: Db,
  orderId: string,
  event: OrderEvent,
  columns: Columns,
): Promise<OrderRow | undefined> {
  const from = statesAllowing(event);
  // Every event of the machine leads to one state, whichever state it leaves.
  const to = nextState(from[0]!, event)!;
  const [row] = await db
    .update(orders)
    .set({ ...columns, state: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.state, from)))
    .returning();
  return row;
}

/** pending_payment → paid: the card payment of the order's checkout is confirmed. */
export function payOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return transition(db, orderId, 'pay', { paidWith: 'card', paidAt: sql`now()` });
}

/** paid or processing → processing: one more attempt at producing the order's files. */
export function startOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return transition(db, orderId, 'start', { attempts: sql`${orders.attempts} + 1` });
}

/** processing → completed: every file of the order is stored. */
export function completeOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return transition(db, orderId, 'complete', { completedAt: sql`now()` });
}

/** paid or processing → unfulfillable, with the French reason the buyer is told. */
export function failOrder(db: Db, orderId: string, reason: string): Promise<OrderRow | undefined> {
  return transition(db, orderId, 'fail', { failureReason: reason, failedAt: sql`now()` });
}

/** unfulfillable → refunded: the payment or the quota unit is given back. */
export function refundOrderState(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return transition(db, orderId, 'refund', { refundedAt: sql`now()` });
}
