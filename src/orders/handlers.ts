/**
 * The order routes: one handler each, which the Next route files in src/app/api/ only call. The
 * session is read as everywhere (`readSession`), then the order service's own queries run.
 */
import { checkCsrf, readSession } from '@/accounts/session';
import { getDb } from '@/db/site';
import { failure } from '@/lib/errors';
import {
  type Answer,
  type ApiRequest,
  failureAnswer,
  PRIVATE_NO_STORE,
  resultAnswer,
  toResponse,
} from '@/lib/http/answer';
import { readJson } from '@/lib/http/body';
import { asUserAnswer } from './http';
import { createOrder, getOrder } from './service';

/**
 * An order placed from a request: its JSON body and source id, with `target`. The XSRF token
 * first (419), then the session (401, before saying anything about the order), then the order
 * (`createOrder`: SAME_ORDER_PENDING through the unique index, a subscriber's quota unit).
 */
async function orderFrom(
  req: ApiRequest,
  target: { kind: string; siren: string } | { kind: 'custom-document'; documentId: string },
): Promise<Answer> {
  const csrf = checkCsrf(req);
  if (!csrf.ok) return failureAnswer(csrf);
  const session = await readSession(req);
  if (!session) return failureAnswer(failure('UNAUTHENTICATED'));
  const db = getDb();
  const body = await readJson(req);
  const placed = body.ok
    ? await createOrder(
        db,
        session.user,
        { ...target, body: body.value },
        req.headers.get('x-source-id'),
      )
    : body;
  return resultAnswer(placed, {
    status: 201,
    headers: PRIVATE_NO_STORE,
    cookies: session.refreshCookies,
  });
}

/** POST /api/{kind}/{siren}/order (spec section 7): with a body for the kinds that take one. */
export function placeOrder(req: Request, kind: string, siren: string): Promise<Response> {
  return orderFrom(req, { kind, siren }).then(toResponse);
}

/** POST /api/document/{documentId}/order with the document's fields (spec section 7). */
export function placeDocumentOrder(req: Request, documentId: string): Promise<Response> {
  return orderFrom(req, { kind: 'custom-document', documentId }).then(toResponse);
}

/** GET /api/orders/{id}, polled every second by the order page. */
export function readOrder(req: Request, id: string): Promise<Response> {
  return asUserAnswer(req, async (db, user, cookies) =>
    resultAnswer(await getOrder(db, user.id, id), { headers: PRIVATE_NO_STORE, cookies }),
  ).then(toResponse);
}
