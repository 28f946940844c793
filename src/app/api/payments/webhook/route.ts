import { getDb } from '@/db/site';
import { errorResponse } from '@/lib/errors';
import { receiveWebhook } from '@/payments/webhooks';

export const dynamic = 'force-dynamic';

/** POST /api/payments/webhook: the payment provider's events, signed (Stripe-Signature). */
export async function POST(req: Request) {
  const raw = await req.text();
  const result = await receiveWebhook(getDb(), raw, req.headers.get('stripe-signature'));
  if (!result.ok) return errorResponse(result);
  return Response.json({ received: true, processed: result.value.processed });
}
