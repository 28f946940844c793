import { readOrder } from '@/orders/handlers';

export const dynamic = 'force-dynamic';

/** GET /api/orders/{id}, polled every second by the order page. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return readOrder(req, (await ctx.params).id);
}
