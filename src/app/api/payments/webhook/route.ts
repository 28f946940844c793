import { getDb } from '@/db/site';
import { errorResponse } from '@/lib/http/answer';
import { readBodyText } from '@/lib/http/body';
import { paymentProvider } from '@/payments/active-provider';
import { receiveWebhook } from '@/payments/webhooks';

export const dynamic = 'force-dynamic';

/**
 * POST /api/payments/webhook: the payment provider's events, signed (Stripe-Signature). The one
 * state-changing route without the Origin and XSRF checks (src/accounts/session.ts, `checkCsrf`):
 * Stripe's servers send it, and its signature over the whole body is its proof. The body's cap is
 * this route's row of src/lib/http/body.ts (512 KB: Stripe's events pass the forms' 16 KB).
 */
export async function POST(req: Request) {
  const raw = await readBodyText(req);
  if (!raw.ok) return errorResponse(raw);
  const db = getDb();
  const signature = req.headers.get('stripe-signature');
  const result = await receiveWebhook(db, raw.value, signature, paymentProvider(db));
  if (!result.ok) return errorResponse(result);
  return Response.json({ received: true, processed: result.value.processed });
}
