import { placeOrder } from '@/orders/handlers';

export const dynamic = 'force-dynamic';

/** POST /api/{kind}/{siren}/order (spec section 7): with a body for the kinds that take one. */
export async function POST(
  req: Request,
  ctx: { params: Promise<{ kind: string; siren: string }> },
) {
  const { kind, siren } = await ctx.params;
  return placeOrder(req, kind, siren);
}
