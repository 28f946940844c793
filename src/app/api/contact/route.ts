import { getDb } from '@/db';
import { dataEnvelope } from '@/lib/api-envelope';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { failure, errorResponse, type ErrorCode } from '@/lib/errors';
import { consume } from '@/lib/rate-limit';
import { submitContactMessage } from '@/content/contact';
import { requestAddress } from '@/content/request';

export const dynamic = 'force-dynamic';

/**
 * POST /api/contact (JSON or form fields): limited per address, captcha checked and spent, then
 * the message is stored and mailed to support. 201 `{ data: { data: { id } } }`.
 */
export async function POST(req: Request) {
  const limited = await consume('contact-address', requestAddress(req));
  if (!limited.ok) return errorResponse(limited);
  const type = req.headers.get('content-type') ?? '';
  let raw: Record<string, unknown>;
  try {
    const body: unknown = type.includes('application/json')
      ? await req.json()
      : Object.fromEntries(await req.formData());
    raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return errorResponse(failure('INVALID_INPUT', 'Message illisible.'));
  }
  const captcha = await verifyCaptcha(raw[CAPTCHA_FIELD]);
  if (!captcha.ok) {
    return errorResponse(failure(captcha.code as ErrorCode, captcha.message));
  }
  const result = await submitContactMessage(getDb(), raw).catch(() =>
    failure('SERVICE_UNAVAILABLE', 'Votre message n’a pas pu être enregistré : réessayez.'),
  );
  if (!result.ok) return errorResponse(result);
  return Response.json(dataEnvelope({ id: result.value.id, status: 'received' }), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  });
}
