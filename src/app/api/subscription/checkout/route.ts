import { asUser, jsonAnswer } from '@/orders/http';
import { paymentProvider } from '@/payments/active-provider';
import { startSubscriptionCheckout } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** POST /api/subscription/checkout: where to pay the subscription. */
export async function POST(req: Request) {
  return asUser(
    req,
    async (db, user) => jsonAnswer(await startSubscriptionCheckout(db, user, paymentProvider(db))),
    {
      csrf: true,
    },
  );
}
