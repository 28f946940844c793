import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { asUser } from '@/orders/http';
import { paymentProvider } from '@/payments/active-provider';
import { startSubscriptionCheckout } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** POST /api/subscription/checkout: where to pay the subscription. */
export async function POST(req: Request) {
  return asUser(
    req,
    async (db, user) =>
      respond(await startSubscriptionCheckout(db, user, paymentProvider(db)), {
        headers: PRIVATE_NO_STORE,
      }),
    {
      csrf: true,
    },
  );
}
