import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { asUser } from '@/orders/http';
import { subscriptionStatus } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** GET /api/subscription: the user's plan, quota used this month. */
export async function GET(req: Request) {
  return asUser(req, async (db, user) =>
    respond(
      { ok: true, value: await subscriptionStatus(db, user.id) },
      { headers: PRIVATE_NO_STORE },
    ),
  );
}
