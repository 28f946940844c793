import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { asUser } from '@/orders/http';
import { paymentProvider } from '@/payments/active-provider';
import { cancelSubscription } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** POST /api/subscription/cancel: ends the plan at the end of the paid month. */
export async function POST(req: Request) {
  return asUser(
    req,
    async (db, user) =>
      respond(await cancelSubscription(db, user, paymentProvider(db)), {
        headers: PRIVATE_NO_STORE,
      }),
    {
      csrf: true,
    },
  );
}
