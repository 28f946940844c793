import { asUser, jsonAnswer } from '@/orders/http';
import { getOrder } from '@/orders/service';

export const dynamic = 'force-dynamic';

/** GET /api/orders/{id}, polled every second by the order page. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) => jsonAnswer(await getOrder(db, user.id, id)));
}
