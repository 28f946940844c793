import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { asUser } from '@/orders/http';
import { createOrder } from '@/orders/service';

export const dynamic = 'force-dynamic';

/** POST /api/director-report/{siren}/order/{n}: the report on the company's n-th director. */
export async function POST(req: Request, ctx: { params: Promise<{ siren: string; n: string }> }) {
  const { siren, n } = await ctx.params;
  return asUser(
    req,
    async (db, user) =>
      respond(
        await createOrder(
          db,
          user,
          { kind: 'director-report', siren, index: n },
          req.headers.get('x-source-id'),
        ),
        { status: 201, headers: PRIVATE_NO_STORE },
      ),
    { csrf: true },
  );
}
