import { placeDocumentOrder } from '@/orders/handlers';

export const dynamic = 'force-dynamic';

/** POST /api/document/{documentId}/order with the document's fields (spec section 7). */
export async function POST(req: Request, ctx: { params: Promise<{ documentId: string }> }) {
  return placeDocumentOrder(req, (await ctx.params).documentId);
}
