import { fileResponse, orderFile } from '@/orders/downloads';
import { asUser } from '@/orders/http';

export const dynamic = 'force-dynamic';

/** GET /orders/{id}/download/word: the Word file of the order. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) => fileResponse(await orderFile(db, user.id, id, 'docx')));
}
