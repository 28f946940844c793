import { fileResponse } from '@/orders/downloads';
import { exportOrders } from '@/orders/exports';
import { asUser } from '@/orders/http';

export const dynamic = 'force-dynamic';

/** GET /api/orders-exports[?format=csv|xlsx]: the user's orders as a file (CSV by default). */
export async function GET(req: Request) {
  const format = new URL(req.url).searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv';
  return asUser(req, async (db, user) =>
    fileResponse({ ok: true, value: await exportOrders(db, user.id, format) }),
  );
}
