/**
 * The one body reader: a request body read with a cap before any parsing. A body larger than its
 * cap (declared or streamed) is refused with PAYLOAD_TOO_LARGE without being held in memory. The
 * caps are one table per route (`BODY_CAPS`), read both by the web server's front door, which
 * refuses a declared length over the cap before anything reads the body (src/server/guard.ts),
 * and by the handlers themselves, for the paths without the front door (`next dev`, `next start`,
 * a chunked body).
 */
import { failure, success, type Result } from '@/lib/errors';
import type { ApiRequest } from './answer';

/** Forms and JSON bodies: 16 KB, unless the route has its row in `BODY_CAPS`. */
export const DEFAULT_BODY_CAP = 16 * 1024;

const KB = 1024;
const MB = 1024 * KB;

/**
 * Body caps per route: `path` is the route's address and what lies under it (`/a` covers `/a` and
 * `/a/…`, not `/ab`); the longest matching row wins. One row per route that takes more than a form.
 */
export const BODY_CAPS: ReadonlyArray<{ path: string; maxBytes: number }> = [
  // Stripe's events (checkout sessions with their line items, invoices): real ones pass 16 KB
  // often and can reach a few hundred kilobytes; the signature is checked on the whole body.
  { path: '/api/payments/webhook', maxBytes: 512 * KB },
  // The web server's own call after an import: up to CHANGE_LIST_MAX (5,000) SIRENs.
  { path: '/api/internal/revalidate', maxBytes: 128 * KB },
  // The public API's batch lookup (1,000 SIRENs, as JSON or text) and the enrichment of an
  // uploaded CSV or XLSX list (ENRICHMENT_MAX_BYTES in src/api-access/enrichment.ts).
  { path: '/api/companies/batch', maxBytes: 64 * KB },
  { path: '/api/companies/enrichment', maxBytes: 2 * MB },
  // Uploaded files (multipart).
  { path: '/api/uploads', maxBytes: 1 * MB },
  // An opposition request carries an identity document of 5 MB at most, and the form's fields
  // (OPPOSITION_BODY_MAX in src/opposition/identity-document.ts; a test checks they agree); its
  // confirmation is a form.
  { path: '/api/opposition', maxBytes: 5 * MB + 64 * KB },
  { path: '/api/opposition/confirmation', maxBytes: DEFAULT_BODY_CAP },
];

/** The body cap of a path (without its query string). */
export function bodyCapOf(pathname: string): number {
  let best: { path: string; maxBytes: number } | undefined;
  for (const row of BODY_CAPS) {
    const under = pathname === row.path || pathname.startsWith(`${row.path}/`);
    if (under && (!best || row.path.length > best.path.length)) best = row;
  }
  return best?.maxBytes ?? DEFAULT_BODY_CAP;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

/** A request whose body can be read: a Fetch `Request` (streamed) or an `ApiRequest`. */
type BodySource = ApiRequest & { readonly body?: ReadableStream<Uint8Array> | null };

const tooLarge = () => failure('PAYLOAD_TOO_LARGE');

/** The body's bytes, at most `maxBytes` (by default the cap of the request's route). */
export async function readBody(
  req: BodySource,
  maxBytes = bodyCapOf(pathOf(req.url)),
): Promise<Result<Uint8Array>> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return tooLarge();
  if (req.body === undefined) {
    // An `ApiRequest` without a body stream (its bytes in memory): checked all the same.
    const bytes = new Uint8Array(await req.arrayBuffer());
    return bytes.byteLength > maxBytes ? tooLarge() : success(bytes);
  }
  if (req.body === null) return success(new Uint8Array(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  return success(Buffer.concat(chunks));
}

const utf8 = new TextDecoder();

/** The body as text (UTF-8, a leading byte-order mark dropped, as `Request.text()`), capped. */
export async function readBodyText(req: BodySource, maxBytes?: number): Promise<Result<string>> {
  const bytes = await readBody(req, maxBytes);
  return bytes.ok ? success(utf8.decode(bytes.value)) : bytes;
}

/** A JSON body, capped: undefined when empty, INVALID_INPUT when it is not JSON. */
export async function readJson(req: BodySource, maxBytes?: number): Promise<Result<unknown>> {
  const text = await readBodyText(req, maxBytes);
  if (!text.ok) return text;
  if (text.value.trim() === '') return success(undefined);
  try {
    return success(JSON.parse(text.value));
  } catch {
    return failure('INVALID_INPUT', 'Le corps de la requête n’est pas du JSON valide.');
  }
}

export type Fields = Record<string, unknown>;

const isUrlEncoded = (type: string) => type.includes('application/x-www-form-urlencoded');

/**
 * A form (urlencoded or multipart: its text fields; `name[]` gathered in an array) or a JSON
 * object body as an object of fields, capped; an empty body is `{}`. Anything else is
 * INVALID_INPUT, never a 500.
 */
export async function readFields(req: BodySource, maxBytes?: number): Promise<Result<Fields>> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const bytes = await readBody(req, maxBytes);
  if (!bytes.ok) return bytes;
  try {
    if (isUrlEncoded(type) || type.includes('multipart/form-data')) {
      const form = await new Response(new Uint8Array(bytes.value), {
        headers: { 'content-type': req.headers.get('content-type') ?? '' },
      }).formData();
      const out: Fields = {};
      for (const [k, v] of form) {
        if (typeof v !== 'string') continue;
        if (k.endsWith('[]')) ((out[k.slice(0, -2)] ??= []) as unknown[]).push(v);
        else out[k] = v;
      }
      return success(out);
    }
    const text = utf8.decode(bytes.value);
    if (text.trim() === '') return success({});
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return failure('INVALID_INPUT', 'Le corps de la requête doit être un objet JSON.');
    }
    return success(parsed as Fields);
  } catch {
    return failure('INVALID_INPUT', 'Le corps de la requête est illisible.');
  }
}

/**
 * A form (urlencoded) or JSON object body, capped, for the routes that answer a plain HTML form
 * with a redirect: `isForm` says so. Anything else, or an empty body, is INVALID_INPUT.
 */
export async function readFormOrJson(
  req: BodySource,
  maxBytes?: number,
): Promise<{ isForm: boolean; result: Result<Fields> }> {
  const isForm = isUrlEncoded((req.headers.get('content-type') ?? '').toLowerCase());
  const text = await readBodyText(req, maxBytes);
  if (!text.ok) return { isForm, result: text };
  if (isForm)
    return { isForm, result: success(Object.fromEntries(new URLSearchParams(text.value))) };
  try {
    const value: unknown = JSON.parse(text.value);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { isForm, result: success(value as Fields) };
  } catch {
    // falls through
  }
  return { isForm, result: failure('INVALID_INPUT', 'Demande illisible.') };
}

/** Laravel's method override: `_method` in the body or the `X-HTTP-Method-Override` header. */
export function overriddenMethod(req: ApiRequest, fields: Fields): string {
  const header = req.headers.get('x-http-method-override');
  const field = typeof fields._method === 'string' ? fields._method : null;
  return (header ?? field ?? req.method).toUpperCase();
}

export type UploadedFile = { field: string; name: string; bytes: Uint8Array };

/**
 * A form with files (multipart/form-data), or else a form or JSON body as `readFormOrJson`, all
 * under one cap: the text fields (the first value of each name) and the files chosen (an empty
 * file input sends none). `isForm`: a browser's form, answered with a redirect, unless it asks
 * for JSON (`Accept: application/json`, as a script submitting it does).
 */
export async function readFormWithFiles(
  req: BodySource,
  maxBytes: number,
): Promise<{
  isForm: boolean;
  result: Result<{ fields: Record<string, unknown>; files: UploadedFile[] }>;
}> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const wantsJson = (req.headers.get('accept') ?? '').includes('application/json');
  if (!type.startsWith('multipart/form-data')) {
    const body = await readFormOrJson(req, Math.min(maxBytes, DEFAULT_BODY_CAP));
    return {
      isForm: body.isForm && !wantsJson,
      result: body.result.ok ? success({ fields: body.result.value, files: [] }) : body.result,
    };
  }
  const isForm = !wantsJson;
  const bytes = await readBody(req, maxBytes);
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
