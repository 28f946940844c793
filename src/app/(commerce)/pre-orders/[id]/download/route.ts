import { fileResponse, orderFile } from '@/orders/downloads';
import { asUser } from '@/orders/http';

export const dynamic = 'force-dynamic';

/** GET /pre-orders/{id}/download: the file of an order placed from a pre-order page (same answer). */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) =>
    fileResponse(await orderFile(db, user.id, id, new URL(req.url).searchParams.get('format'))),
  );
}
