/** The steps every order and payment route shares: session, CSRF, one service call, one answer. */
import { checkCsrf, requireUser, type SessionUser } from '@/accounts/session';
import { getDb, type Db } from '@/db/site';
import { dataEnvelope } from '@/lib/api-envelope';
import { errorResponse, failure, type Result } from '@/lib/errors';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function jsonAnswer<T>(result: Result<T>, status = 200): Response {
  if (!result.ok) return errorResponse(result);
  return Response.json(dataEnvelope(result.value), { status, headers: NO_STORE });
}

/**
 * Runs `fn` for the user of the session (401 without one). State-changing routes pass
 * `csrf: true`: a missing or wrong token answers 419 before anything else runs.
 */
export async function asUser(
  req: Request,
  fn: (db: Db, user: SessionUser) => Promise<Response>,
  opts: { csrf?: boolean } = {},
): Promise<Response> {
  if (opts.csrf) {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
  }
  const user = await requireUser(req);
  if (!user.ok) return errorResponse(user);
  return fn(getDb(), user.value);
}

/** The JSON body of a request, or a failure for a body that is not JSON. */
export async function jsonBody(req: Request): Promise<Result<unknown>> {
  const text = await req.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  if (text.length > 64_000) return failure('PAYLOAD_TOO_LARGE');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return failure('INVALID_INPUT', 'Le corps de la requête n’est pas du JSON valide.');
  }
}
