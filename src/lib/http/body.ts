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
  const bytes = await readBodyBytes(req, maxBytes);
  return bytes.ok ? success(bytes.value.toString('utf8')) : bytes;
}

/** The body's bytes, capped as `readBodyText`. */
async function readBodyBytes(req: Request, maxBytes: number): Promise<Result<Buffer>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) return failure('PAYLOAD_TOO_LARGE');
  if (!req.body) return success(Buffer.alloc(0));
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
  return success(Buffer.concat(chunks));
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

export type UploadedFile = { field: string; name: string; bytes: Uint8Array };

/**
 * A form with files (multipart/form-data), or else a form or JSON body as `readFormOrJson`, all
 * under one cap: the text fields (the first value of each name) and the files chosen (an empty
 * file input sends none). `isForm`: a browser's form, answered with a redirect, unless it asks
 * for JSON (`Accept: application/json`, as a script submitting it does).
 */
export async function readFormWithFiles(
  req: Request,
  maxBytes: number,
): Promise<{
  isForm: boolean;
  result: Result<{ fields: Record<string, unknown>; files: UploadedFile[] }>;
}> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const wantsJson = (req.headers.get('accept') ?? '').includes('application/json');
  if (!type.startsWith('multipart/form-data')) {
    const body = await readFormOrJson(req, Math.min(maxBytes, FORM_BODY_MAX));
    return {
      isForm: body.isForm && !wantsJson,
      result: body.result.ok ? success({ fields: body.result.value, files: [] }) : body.result,
    };
  }
  const isForm = !wantsJson;
  const bytes = await readBodyBytes(req, maxBytes);
  if (!bytes.ok) return { isForm, result: bytes };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes.value), {
      headers: { 'content-type': req.headers.get('content-type')! },
    }).formData();
  } catch {
    return { isForm, result: failure('INVALID_INPUT', 'Formulaire illisible.') };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!(field in fields)) fields[field] = value;
    } else if (value.size > 0 || value.name !== '') {
      files.push({ field, name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
  }
  return { isForm, result: success({ fields, files }) };
}
