/**
 * Reading a request body with a cap, before any parsing: a body larger than `maxBytes` (declared
 * or streamed) is refused with PAYLOAD_TOO_LARGE without being held in memory. The web server
 * caps bodies per route before Next.js sees them (src/server/limits.ts); this is the same rule for
 * the handlers themselves (and `next dev`).
 */
import { failure, success, type Result } from '@/lib/errors';

/** Forms and JSON bodies: 16 KB by default. */
export const FORM_BODY_MAX = 16 * 1024;

export async function readBodyText(
  req: Request,
  maxBytes = FORM_BODY_MAX,
): Promise<Result<string>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) return failure('PAYLOAD_TOO_LARGE');
  if (!req.body) return success('');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return failure('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return success(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A form (urlencoded) or JSON object body, capped. Anything else, or an unreadable body, is
 * INVALID_INPUT; `isForm` tells the caller to answer with a redirect rather than JSON.
 */
export async function readFormOrJson(
  req: Request,
  maxBytes = FORM_BODY_MAX,
): Promise<{ isForm: boolean; result: Result<Record<string, unknown>> }> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const isForm = type.includes('application/x-www-form-urlencoded');
  const text = await readBodyText(req, maxBytes);
  if (!text.ok) return { isForm, result: text };
  if (isForm)
    return { isForm, result: success(Object.fromEntries(new URLSearchParams(text.value))) };
  try {
    const value: unknown = JSON.parse(text.value);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { isForm, result: success(value as Record<string, unknown>) };
  } catch {
    // falls through
  }
  return { isForm, result: failure('INVALID_INPUT', 'Demande illisible.') };
}
