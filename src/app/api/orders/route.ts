import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { asUser } from '@/orders/http';
import { listOrders } from '@/orders/service';

export const dynamic = 'force-dynamic';

/** GET /api/orders: the user's orders, newest first. */
export async function GET(req: Request) {
  return asUser(req, async (db, user) =>
    respond({ ok: true, value: await listOrders(db, user.id) }, { headers: PRIVATE_NO_STORE }),
  );
}
