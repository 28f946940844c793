import { checkCsrf } from '@/accounts/session';
import { getDb } from '@/db';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { errorResponse, respond } from '@/lib/http/answer';
import { success, failure, type ErrorCode } from '@/lib/errors';
import { readFields } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { consume } from '@/lib/rate-limit';
import { submitContactMessage } from '@/content/contact';

export const dynamic = 'force-dynamic';

/**
 * POST /api/contact (JSON or form fields): from this site only, with the XSRF token (a visitor's
 * token of no session is taken: src/accounts/session.ts), limited per address, captcha checked
 * and spent, then the message is stored and mailed to support. 201 `{ data: { data: { id } } }`.
 */
export async function POST(req: Request) {
  const csrf = checkCsrf(req, { anonymousForm: true });
  if (!csrf.ok) return errorResponse(csrf);
  const limited = await consume('contact-address', clientAddress(req));
  if (!limited.ok) return errorResponse(limited);
  const body = await readFields(req);
  if (!body.ok)
    return errorResponse(
      body.code === 'PAYLOAD_TOO_LARGE' ? body : failure('INVALID_INPUT', 'Message illisible.'),
    );
  const raw = body.value;
  const captcha = await verifyCaptcha(raw[CAPTCHA_FIELD]);
  if (!captcha.ok) {
    return errorResponse(failure(captcha.code as ErrorCode, captcha.message));
  }
  const result = await submitContactMessage(getDb(), raw).catch(() =>
    failure('SERVICE_UNAVAILABLE', 'Votre message n’a pas pu être enregistré : réessayez.'),
  );
  if (!result.ok) return errorResponse(result);
  return respond(success({ id: result.value.id, status: 'received' }), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  });
}
