import { getDb } from '@/db';
import { CAPTCHA_FIELD } from '@/lib/captcha/field';
import { verifyCaptcha } from '@/lib/captcha/server';
import { errorResponse, respond } from '@/lib/http/answer';
import { success, failure, type Failure } from '@/lib/errors';
import { readFormWithFiles } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { crossSiteFailure } from '@/lib/http/origin';
import { logFailure } from '@/lib/log';
import { consume, RATE_LIMITS } from '@/lib/rate-limit';
import m from '@/i18n/fr/opposition';
import { OPPOSITION_BODY_MAX } from '@/opposition/identity-document';
import { submitOpposition } from '@/opposition/submit';

export const dynamic = 'force-dynamic';

/**
 * POST an opposition request with its identity document: multipart/form-data (the /opposition
 * form, or the API with `Accept: application/json`), 5 MB for the file and a cap on the whole body
 * read before anything else. A form without script gets a 303 back to the page, with an error code
 * rather than text; JSON callers get JSON. The solved captcha (src/lib/captcha) in `captcha` is
 * checked and spent first, then the limits per address, per e-mail and per e-mail domain.
 * Nothing is hidden here: the requester confirms by the link mailed to them, then an operator
 * checks the identity document and decides (src/opposition).
 */
export async function POST(req: Request) {
  // A plain HTML form (no XSRF header): another site's page is refused by its Origin /
  // Sec-Fetch-Site (src/lib/http/origin.ts); the captcha and the mailed link do the rest.
  const crossSite = crossSiteFailure(req);
  if (crossSite) return errorResponse(crossSite);
  const body = await readFormWithFiles(req, OPPOSITION_BODY_MAX);
  const fields = body.result.ok ? body.result.value.fields : {};
  const files = body.result.ok ? body.result.value.files : [];
  const fail = (f: Failure) => (body.isForm ? formOutcome(fields, f) : errorResponse(f));
  if (!body.result.ok) return fail(body.result);

  // The captcha first: only requests that paid its proof of work count against the limits.
  const captcha = await verifyCaptcha(fields[CAPTCHA_FIELD]);
  if (!captcha.ok) return fail(failure(captcha.code, captcha.message));
  const byAddress = await consume('opposition-address', clientAddress(req));
  if (!byAddress.ok) return fail(byAddress);
  if (typeof fields.email === 'string' && fields.email.includes('@')) {
    const email = fields.email.trim().toLowerCase();
    const byEmail = await consume('opposition-email', email);
    if (!byEmail.ok) return fail(byEmail);
    const byDomain = await consume(
      'opposition-email-domain',
      email.slice(email.lastIndexOf('@') + 1),
    );
    if (!byDomain.ok) return fail(byDomain);
  }

  const result = await submitOpposition(getDb(), fields, { files }).catch((e: unknown) => {
    logFailure('opposition: submit failed', e);
    return failure('SERVICE_UNAVAILABLE', undefined, { retryAfterSeconds: 60 });
  });
  if (!result.ok) return fail(result);
  if (body.isForm) return formOutcome(fields, null);
  return respond(success(result.value), {
    status: 202,
    headers: { 'Cache-Control': 'no-store' },
  });
}

/**
 * Back to the form, by a relative address (never the server's bind address): success, or the
 * error's code (and field), with the company and director kept in the form.
 */
function formOutcome(fields: Record<string, unknown>, error: Failure | null): Response {
  const back = new URLSearchParams();
  if (!error) back.set('envoye', '1');
  else {
    back.set('erreur', error.code);
    // Which message: its key in the form's messages, or the rate limit's name.
    const key = Object.entries(m.fields).find(([, text]) => text === error.message)?.[0];
    if (key) back.set('champ', key);
    if (error.code === 'RATE_LIMITED') {
      const rule = Object.entries(RATE_LIMITS).find(([, r]) => r.message === error.message)?.[0];
      if (rule) back.set('limite', rule);
    }
    if (typeof fields.siren === 'string' && fields.siren.trim())
      back.set('siren', fields.siren.trim().slice(0, 20));
    if (typeof fields.directorId === 'string' && fields.directorId)
      back.set('dirigeant', fields.directorId.slice(0, 200));
    if (fields.kind === 'company' || fields.kind === 'person') back.set('type', fields.kind);
  }
  const headers = new Headers({ Location: `/opposition?${back}`, 'Cache-Control': 'no-store' });
  if (error?.retryAfterSeconds != null) headers.set('Retry-After', String(error.retryAfterSeconds));
  return new Response(null, { status: 303, headers });
}
