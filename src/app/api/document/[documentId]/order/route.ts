import { asUser, jsonAnswer, jsonBody } from '@/orders/http';
import { createOrder } from '@/orders/service';
import { errorResponse } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** POST /api/document/{documentId}/order with the document's fields (spec section 7). */
export async function POST(req: Request, ctx: { params: Promise<{ documentId: string }> }) {
  const { documentId } = await ctx.params;
  return asUser(
    req,
    async (db, user) => {
      const body = await jsonBody(req);
      if (!body.ok) return errorResponse(body);
      const source = req.headers.get('x-source-id');
      return jsonAnswer(
        await createOrder(
          db,
          user,
          { kind: 'custom-document', documentId, body: body.value },
          source,
        ),
        201,
      );
    },
    { csrf: true },
  );
}
