/**
 * What the web server (scripts/serve.ts) checks on every request before anything else reads it:
 * the method, the request target (well-formed percent-encoding, no NUL or control character, no
 * encoded `%` that a second decoding would turn into something else; canonical, else redirected
 * or refused: src/lib/http/canonical-path.ts) and the body's declared size
 * against its route's cap (the one table of src/lib/http/body.ts, which the handlers read too). A refusal is a short answer with a code (JSON under /api/, French text elsewhere),
 * never a 500, and nothing reaches Next.js, the registry API or SQL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyCapOf } from '@/lib/http/body';
import { canonicalPath, requestPath } from '@/lib/http/canonical-path';

/** Methods the site answers; anything else (TRACE, TRACK, CONNECT, made-up ones) is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A body not received in full by then is refused (408): a slow client holds no handler. */
export const BODY_TIMEOUT_MS = 15_000;

type Refusal = { status: number; code: string; message: string; headers?: Record<string, string> };

const PAGE_TEXT: Record<number, string> = {
  308: 'Cette page a une autre adresse.',
  400: 'Adresse invalide.',
  405: 'Méthode non acceptée.',
  408: 'Requête trop lente : la requête n’a pas été reçue à temps.',
  411: 'La longueur de la requête doit être indiquée.',
  413: 'Requête trop volumineuse.',
};

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether the path is well-formed once decoded, segment by segment, exactly once. */
export function pathIsClean(pathname: string): boolean {
  // Nothing encoded: the path is what it decodes to (the common case, checked in one pass).
  if (!pathname.includes('%')) return !CONTROL.test(pathname);
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false; // %ZZ, truncated or invalid UTF-8 (%C0%AF)
    }

    if (CONTROL.test(decoded)) return false;
    // An encoded "%" (%25…) only serves to be decoded twice somewhere: no route takes one, and a
    // lone one (%25, %25ZZ) would make a second decoding throw.
    if (decoded.includes('%')) return false;
  }
  return true;
}

/** The widths and qualities next.config.ts allows the image optimizer (a test pins them). */
const IMAGE_WIDTHS = new Set([
  16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840,
]);
const IMAGE_QUALITIES = new Set([75]);

/**
 * Whether a query of Next's image optimizer (`/_next/image?url=…&w=…&q=…`) names one of the
 * site's own files with an allowed width and quality: a path from the root, without `..`, `//`,
 * a segment of dots, a backslash, a `%` or a control character (`/....//....//etc/passwd` made Next answer 500).
 */
export function imageQueryIsClean(query: string): boolean {
  const params = new URLSearchParams(query);
  const url = params.getAll('url');
  const w = params.getAll('w');
  const q = params.getAll('q');
  if (url.length !== 1 || w.length !== 1 || q.length > 1) return false;
  const path = url[0]!;
  if (!/^\/[^/\\]/.test(path) || /[\\%?#]|\/\/|(^|\/)\.+(\/|$)/.test(path)) return false;
  if (CONTROL.test(path) || path.length > 500) return false;
  if (!/^\d{1,4}$/.test(w[0]!) || !IMAGE_WIDTHS.has(Number(w[0]))) return false;
  return q.length === 0 || (/^\d{1,3}$/.test(q[0]!) && IMAGE_QUALITIES.has(Number(q[0])));
}

/** The refusal a request deserves before any handler, or null to let it through. */
export function checkRequest(req: IncomingMessage): Refusal | null {
  const method = req.method ?? 'GET';
  if (!ALLOWED_METHODS.includes(method))
    return {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: 'Cette méthode HTTP est refusée ici.',
      headers: { Allow: ALLOWED_METHODS.join(', ') },
    };
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!pathname.startsWith('/') || !pathIsClean(pathname))
    return { status: 400, code: 'INVALID_INPUT', message: 'Adresse de la requête invalide.' };
  // One path for every check after this one (src/lib/http/canonical-path.ts).
  const canonical = canonicalPath(pathname);
  if (canonical !== pathname) {
    const query = q < 0 ? '' : url.slice(q);
    if (
      canonical !== null &&
      (method === 'GET' || method === 'HEAD') &&
      /^[\x21-\x7e]*$/.test(query)
    )
      return {
        status: 308,
        code: 'NON_CANONICAL_PATH',
        message: `Cette adresse s’écrit ${canonical} : suivez l’en-tête Location.`,
        headers: { Location: canonical + query },
      };
    return {
      status: 400,
      code: 'INVALID_INPUT',
      message:
        canonical === null
          ? 'Adresse de la requête invalide : une barre oblique inverse ou encodée (%2F, %5C) n’y a pas sa place.'
          : `Adresse de la requête invalide : elle s’écrit ${canonical} (sans segment « . » ou « .. » ni barres obliques répétées).`,
    };
  }
  if (pathname === '/_next/image' && !imageQueryIsClean(q < 0 ? '' : url.slice(q + 1)))
    return { status: 400, code: 'INVALID_INPUT', message: 'Image demandée invalide.' };
  const length = req.headers['content-length'];
  if (length !== undefined) {
    const n = Number(length);
    if (!Number.isSafeInteger(n) || n < 0)
      return { status: 400, code: 'INVALID_INPUT', message: 'En-tête Content-Length invalide.' };
    if (n > bodyCapOf(pathname))
      return {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'La requête est trop volumineuse.',
      };
  } else if (req.headers['transfer-encoding'] !== undefined) {
    // A chunked body's size is known only once read: the site's forms and APIs send a length.
    return {
      status: 411,
      code: 'LENGTH_REQUIRED',
      message: 'La longueur de la requête (Content-Length) doit être indiquée.',
    };
  }
  return null;
}

export function writeRefusal(req: IncomingMessage, res: ServerResponse, r: Refusal): void {
  // Read as the API's (JSON) whatever way the path was written: `/api/./x`, `/api%2fx`, `/api\\x`.
  const api = /^\/api([/\\]|%2f|%5c|$)/i.test(requestPath(req.url));
  const body = api
    ? JSON.stringify({ error: { code: r.code, message: r.message } })
    : `${PAGE_TEXT[r.status] ?? r.message}\n`;
  res.statusCode = r.status;
  for (const [k, v] of Object.entries(r.headers ?? {})) res.setHeader(k, v);
  res.setHeader('Content-Type', api ? 'application/json' : 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  // An unread body would otherwise be parsed as the next request on this connection.
  if (r.status === 413 || r.status === 411 || r.status === 408)
    res.setHeader('Connection', 'close');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Refuses with 408 a request whose body has not arrived in full within BODY_TIMEOUT_MS (counted
 * from its headers), then closes the connection. Only for requests that announce a body.
 */
export function guardSlowBody(
  req: IncomingMessage,
  res: ServerResponse,
  timeoutMs = BODY_TIMEOUT_MS,
) {
  if (!req.headers['content-length'] || req.headers['content-length'] === '0') return;
  const timer = setTimeout(() => {
    if (!res.headersSent)
      writeRefusal(req, res, {
        status: 408,
        code: 'REQUEST_TIMEOUT',
        message: 'La requête n’a pas été reçue à temps.',
      });
    req.socket.destroySoon();
  }, timeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  res.once('finish', clear);
  res.once('close', clear);
}
