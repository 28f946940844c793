import { asUser, jsonAnswer } from '@/orders/http';
import { subscriptionStatus } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** GET /api/subscription: the user's plan, quota used this month. */
export async function GET(req: Request) {
  return asUser(req, async (db, user) =>
    jsonAnswer({ ok: true, value: await subscriptionStatus(db, user.id) }),
  );
}
