/**
 * The order routes that the web server also answers ahead of Next.js (src/server/session-api.ts):
 * one handler each, which the Next route files in src/app/api/ only call, so both paths behave
 * the same.
 */
import { errorResponse } from '@/lib/errors';
import { asUser, jsonAnswer, jsonBody } from './http';
import { createOrder, getOrder } from './service';

/** An order placed from a request: its JSON body and source id go to `createOrder` with `target`. */
function orderFrom(
  req: Request,
  target: { kind: string; siren: string } | { kind: 'custom-document'; documentId: string },
): Promise<Response> {
  return asUser(
    req,
    async (db, user) => {
      const body = await jsonBody(req);
      if (!body.ok) return errorResponse(body);
      const source = req.headers.get('x-source-id');
      return jsonAnswer(await createOrder(db, user, { ...target, body: body.value }, source), 201);
    },
    { csrf: true },
  );
}

/** POST /api/{kind}/{siren}/order (spec section 7): with a body for the kinds that take one. */
export function placeOrder(req: Request, kind: string, siren: string): Promise<Response> {
  return orderFrom(req, { kind, siren });
}

/** POST /api/document/{documentId}/order with the document's fields (spec section 7). */
export function placeDocumentOrder(req: Request, documentId: string): Promise<Response> {
  return orderFrom(req, { kind: 'custom-document', documentId });
}

/** GET /api/orders/{id}, polled every second by the order page. */
export function readOrder(req: Request, id: string): Promise<Response> {
  return asUser(req, async (db, user) => jsonAnswer(await getOrder(db, user.id, id)));
}
