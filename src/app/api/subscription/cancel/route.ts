import { asUser, jsonAnswer } from '@/orders/http';
import { paymentProvider } from '@/payments/active-provider';
import { cancelSubscription } from '@/payments/subscriptions';

export const dynamic = 'force-dynamic';

/** POST /api/subscription/cancel: ends the plan at the end of the paid month. */
export async function POST(req: Request) {
  return asUser(
    req,
    async (db, user) => jsonAnswer(await cancelSubscription(db, user, paymentProvider(db))),
    {
      csrf: true,
    },
  );
}
