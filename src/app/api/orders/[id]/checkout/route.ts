import { readJson } from '@/lib/http/body';
import { asUser } from '@/orders/http';
import { startCheckout } from '@/orders/service';
import { errorResponse, PRIVATE_NO_STORE, respond } from '@/lib/http/answer';

export const dynamic = 'force-dynamic';

/** POST /api/orders/{id}/checkout with the company-data form: where to pay. */
export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(
    req,
    async (db, user) => {
      const body = await readJson(req);
      if (!body.ok) return errorResponse(body);
      return respond(await startCheckout(db, user, id, body.value), { headers: PRIVATE_NO_STORE });
    },
    { csrf: true },
  );
}
