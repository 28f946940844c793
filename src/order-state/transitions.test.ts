/**
 * The order state machine as the database holds it: each transition changes an order only from a
 * state that allows it, once, and sets the columns of its event; every other state is left as it
 * was (a replayed webhook, a second worker, a late retry change nothing).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { orders } from '@/db/schema';
import { createTestDb } from '@/db/testing';
import { orderStates, type OrderState } from '@/domain/orders';
import {
  completeOrder,
  failOrder,
  initialState,
  payOrder,
  refundOrderState,
  startOrder,
} from './transitions';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
}, 60_000);
afterAll(async () => handle?.close());

let n = 0;
/** A new order in `state`. */
async function orderIn(state: OrderState): Promise<string> {
  const id = `order-${++n}`;
  await handle.db.insert(orders).values({
    id,
    userId: 'user-1',
    kind: 'kbis',
    siren: '552032534',
    sameOrderKey: id,
    formats: ['pdf'],
    state,
    priceExclVatCents: 100,
    vatCents: 20,
    totalCents: 120,
  });
  return id;
}

const stateOf = async (id: string) =>
  (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const TRANSITIONS = {
  pay: { run: payOrder, from: ['pending_payment'], to: 'paid' },
  start: { run: startOrder, from: ['paid', 'processing'], to: 'processing' },
  complete: { run: completeOrder, from: ['processing'], to: 'completed' },
  fail: {
    run: (db: DbHandle['db'], id: string) => failOrder(db, id, 'Pas de document.'),
    from: ['paid', 'processing'],
    to: 'unfulfillable',
  },
  refund: { run: refundOrderState, from: ['unfulfillable'], to: 'refunded' },
} as const;

describe('order transitions', () => {
  for (const [event, t] of Object.entries(TRANSITIONS)) {
    it(`${event}: ${t.from.join(' or ')} → ${t.to}, and no other state changes`, async () => {
      for (const state of orderStates) {
        const id = await orderIn(state);
        const changed = await t.run(handle.db, id);
        const allowed = (t.from as readonly string[]).includes(state);
        expect(changed?.state, `${event} from ${state}`).toBe(allowed ? t.to : undefined);
        expect((await stateOf(id)).state).toBe(allowed ? t.to : state);
      }
    });
  }

  it('sets the columns of each event', async () => {
    const id = await orderIn('pending_payment');
    expect(await payOrder(handle.db, id)).toMatchObject({ paidWith: 'card' });
    expect((await stateOf(id)).paidAt).not.toBeNull();
    expect((await startOrder(handle.db, id))?.attempts).toBe(1);
    expect((await startOrder(handle.db, id))?.attempts).toBe(2);
    expect((await completeOrder(handle.db, id))?.completedAt).not.toBeNull();
    // A replayed event changes nothing.
    expect(await completeOrder(handle.db, id)).toBeUndefined();
    expect(await payOrder(handle.db, id)).toBeUndefined();

    const failed = await orderIn('paid');
    const row = await failOrder(handle.db, failed, 'Le greffe ne répond pas.');
    expect(row).toMatchObject({ failureReason: 'Le greffe ne répond pas.' });
    expect(row?.failedAt).not.toBeNull();
    expect((await refundOrderState(handle.db, failed))?.refundedAt).not.toBeNull();
  });

  it('creates an order paid by the subscription as paid, any other as waiting for payment', () => {
    expect(initialState(true)).toBe('paid');
    expect(initialState(false)).toBe('pending_payment');
  });
});
