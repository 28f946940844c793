import { fileResponse, orderFile } from '@/orders/downloads';
import { asUser } from '@/orders/http';

export const dynamic = 'force-dynamic';

/** GET /orders/{id}/download[?format=pdf|xlsx|csv]: the order's file; 204 while not ready. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) =>
    fileResponse(await orderFile(db, user.id, id, new URL(req.url).searchParams.get('format'))),
  );
}
