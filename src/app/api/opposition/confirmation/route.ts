import { getDb } from '@/db';
import { errorResponse, respond } from '@/lib/http/answer';
import { success, failure, type Failure } from '@/lib/errors';
import { readFormOrJson } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { crossSiteFailure } from '@/lib/http/origin';
import { logFailure } from '@/lib/log';
import { consume } from '@/lib/rate-limit';
import { confirmOpposition } from '@/opposition/confirm';

export const dynamic = 'force-dynamic';

/**
 * POST the token of a confirmation link (`jeton` from the confirmation page's form, or `token` in
 * JSON). A confirmed request hides nothing: it waits for an operator, who checks the identity
 * document and decides (`npm run ops -- oppositions:…`).
 */
export async function POST(req: Request) {
  // A plain HTML form (no XSRF header): another site's page is refused by its Origin /
  // Sec-Fetch-Site (src/lib/http/origin.ts); the captcha and the mailed link do the rest.
  const crossSite = crossSiteFailure(req);
  if (crossSite) return errorResponse(crossSite);
  const body = await readFormOrJson(req);
  const fields = body.result.ok ? body.result.value : {};
  const token = fields.jeton ?? fields.token;
  const fail = (f: Failure) => (body.isForm ? outcome({ erreur: f.code }, f) : errorResponse(f));
  if (!body.result.ok) return fail(body.result);
  const allowed = await consume('opposition-confirm-address', clientAddress(req));
  if (!allowed.ok) return fail(allowed);

  const result = await confirmOpposition(getDb(), token).catch((e: unknown) => {
    logFailure('opposition: confirmation failed', e);
    return failure('SERVICE_UNAVAILABLE', undefined, { retryAfterSeconds: 60 });
  });
  if (!result.ok) return fail(result);
  if (body.isForm) return outcome({ etat: result.value.status }, null);
  return respond(success({ id: result.value.id, status: result.value.status }), {
    headers: { 'Cache-Control': 'no-store' },
  });
}

function outcome(params: Record<string, string>, error: Failure | null): Response {
  const headers = new Headers({
    Location: `/opposition/confirmer?${new URLSearchParams(params)}`,
    'Cache-Control': 'no-store',
  });
  if (error?.retryAfterSeconds != null) headers.set('Retry-After', String(error.retryAfterSeconds));
  return new Response(null, { status: 303, headers });
}
