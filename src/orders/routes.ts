/**
 * The order routes that the web server also answers ahead of Next.js (src/server/session-api.ts):
 * one handler each, which the Next route files in src/app/api/ only call, so both paths behave
 * the same.
 */
import { checkCsrf, hasSessionCookie, readSessionWith } from '@/accounts/session';
import { getDb } from '@/db/site';
import { failure, success } from '@/lib/errors';
import { failureAnswer, toResponse, type Answer, type ApiRequest } from '@/lib/http/answer';
import { subscriptionOfJson } from '@/payments/subscriptions';
import { readJson } from '@/lib/http/body';
import { asUserAnswer, resultAnswer } from './http';
import {
  getOrder,
  isOrderId,
  orderOfRider,
  placedOrder,
  placePreparedOrder,
  placingValues,
  prepareOrder,
  SESSION_PLACING_ORDER,
  SESSION_WITH_ORDER,
} from './service';

/**
 * An order placed from a request: its JSON body and source id, with `target`. The usual order (a
 * fresh session, no subscription, not the same order pending) is placed in the session's own
 * statement, one round trip (`SESSION_PLACING_ORDER`); any other goes on with what that statement
 * read (the subscription), or after Better Auth's refresh reads it again. A request that cannot be
 * placed answers 401 without a session, before saying why (the usual order of the checks).
 */
async function orderFrom(
  req: ApiRequest,
  target: { kind: string; siren: string } | { kind: 'custom-document'; documentId: string },
): Promise<Answer> {
  const csrf = checkCsrf(req);
  if (!csrf.ok) return failureAnswer(csrf);
  if (!hasSessionCookie(req)) return failureAnswer(failure('UNAUTHENTICATED'));
  const db = getDb();
  const body = await readJson(req);
  const prepared = body.ok
    ? await prepareOrder(db, { ...target, body: body.value }, req.headers.get('x-source-id'))
    : body;
  if (!prepared.ok)
    return asUserAnswer(req, async (_db, _user, cookies) => resultAnswer(prepared, 200, cookies));
  const read = await readSessionWith<Record<string, unknown>, Record<string, unknown>>(
    req,
    { statement: SESSION_PLACING_ORDER, values: placingValues(prepared.value) },
    db,
  );
  if (!read) return failureAnswer(failure('UNAUTHENTICATED'));
  const { session, rider, written } = read;
  if (written) return resultAnswer(success(placedOrder(written)), 201, session.refreshCookies);
  const known = rider === undefined ? undefined : subscriptionOfJson(rider);
  const placed = await placePreparedOrder(db, session.user, prepared.value, known);
  return resultAnswer(placed, 201, session.refreshCookies);
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
