/**
 * The order routes that the web server also answers ahead of Next.js (src/server/session-api.ts):
 * one handler each, which the Next route files in src/app/api/ only call, so both paths behave
 * the same.
 */
import { toResponse, type Answer, type ApiRequest } from '@/lib/http/answer';
import { subscriptionOfJson } from '@/payments/subscriptions';
import { asUserAnswer, jsonBody, resultAnswer } from './http';
import {
  createOrder,
  getOrder,
  isOrderId,
  orderOfRider,
  SESSION_WITH_ORDER,
  SESSION_WITH_SUBSCRIPTION,
} from './service';

/**
 * An order placed from a request: its JSON body and source id go to `createOrder` with `target`.
 * The user's subscription is read with the session, in the same statement.
 */
function orderFrom(
  req: ApiRequest,
  target: { kind: string; siren: string } | { kind: 'custom-document'; documentId: string },
): Promise<Answer> {
  return asUserAnswer<Record<string, unknown>>(
    req,
    async (db, user, cookies, subscription) => {
      const body = await jsonBody(req);
      if (!body.ok) return resultAnswer(body, 200, cookies);
      const source = req.headers.get('x-source-id');
      const known = subscription === undefined ? undefined : subscriptionOfJson(subscription);
      const placed = await createOrder(db, user, { ...target, body: body.value }, source, known);
      return resultAnswer(placed, 201, cookies);
    },
    { csrf: true, rider: { statement: SESSION_WITH_SUBSCRIPTION, values: {} } },
  );
}

/** POST /api/{kind}/{siren}/order (spec section 7): with a body for the kinds that take one. */
export function placeOrderAnswer(req: ApiRequest, kind: string, siren: string): Promise<Answer> {
  return orderFrom(req, { kind, siren });
}

export function placeOrder(req: Request, kind: string, siren: string): Promise<Response> {
  return placeOrderAnswer(req, kind, siren).then(toResponse);
}

/** POST /api/document/{documentId}/order with the document's fields (spec section 7). */
export function placeDocumentOrder(req: Request, documentId: string): Promise<Response> {
  return orderFrom(req, { kind: 'custom-document', documentId }).then(toResponse);
}

/**
 * GET /api/orders/{id}, polled every second by the order page: the session and the order in one
 * statement (`SESSION_WITH_ORDER`); after a session refresh the order is read on its own, and an
 * id that is no order's goes the usual way (401 without a session, else 404).
 */
export function readOrderAnswer(req: ApiRequest, id: string): Promise<Answer> {
  return asUserAnswer<Record<string, unknown>>(
    req,
    async (db, user, cookies, order) =>
      resultAnswer(
        order === undefined ? await getOrder(db, user.id, id) : orderOfRider(order),
        200,
        cookies,
      ),
    // An id that is no order's is not found without reading it (after the session's 401).
    isOrderId(id) ? { rider: { statement: SESSION_WITH_ORDER, values: { orderId: id } } } : {},
  );
}

export function readOrder(req: Request, id: string): Promise<Response> {
  return readOrderAnswer(req, id).then(toResponse);
}
