import { asUser, jsonAnswer } from '@/orders/http';
import { listOrders } from '@/orders/service';

export const dynamic = 'force-dynamic';

/** GET /api/orders: the user's orders, newest first. */
export async function GET(req: Request) {
  return asUser(req, async (db, user) =>
    jsonAnswer({ ok: true, value: await listOrders(db, user.id) }),
  );
}
