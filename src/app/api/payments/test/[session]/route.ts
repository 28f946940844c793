import { readJson } from '@/lib/http/body';
import { asUser } from '@/orders/http';
import { errorResponse, PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { viewTestCheckout } from '@/payments/test-provider';
import { payInTestMode } from '@/payments/test-checkout';

export const dynamic = 'force-dynamic';

/** GET /api/payments/test/{session}: what the test card page shows. */
export async function GET(req: Request, ctx: { params: Promise<{ session: string }> }) {
  const { session } = await ctx.params;
  return asUser(req, async (db, user) =>
    respond(await viewTestCheckout(db, session, user.id), { headers: PRIVATE_NO_STORE }),
  );
}

/** POST /api/payments/test/{session} { card, confirmed? }: pays with a Stripe test card. */
export async function POST(req: Request, ctx: { params: Promise<{ session: string }> }) {
  const { session } = await ctx.params;
  return asUser(
    req,
    async (db, user) => {
      const body = await readJson(req);
      if (!body.ok) return errorResponse(body);
      const webhookUrl = new URL('/api/payments/webhook', req.url).toString();
      return respond(await payInTestMode(db, user.id, session, body.value, webhookUrl), {
        headers: PRIVATE_NO_STORE,
      });
    },
    { csrf: true },
  );
}
