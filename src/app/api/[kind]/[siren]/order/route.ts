import { asUser, jsonAnswer, jsonBody } from '@/orders/http';
import { createOrder } from '@/orders/service';
import { errorResponse } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** POST /api/{kind}/{siren}/order (spec section 7): with a body for the kinds that take one. */
export async function POST(
  req: Request,
  ctx: { params: Promise<{ kind: string; siren: string }> },
) {
  const { kind, siren } = await ctx.params;
  return asUser(
    req,
    async (db, user) => {
      const body = await jsonBody(req);
      if (!body.ok) return errorResponse(body);
      const source = req.headers.get('x-source-id');
      return jsonAnswer(
        await createOrder(db, user, { kind, siren, body: body.value }, source),
        201,
      );
    },
    { csrf: true },
  );
}
