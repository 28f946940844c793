import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OutageScope } from '@/db/outage';
import { databaseUnavailable, failureBody, failureHeaders } from '@/lib/errors';

/** Pages read from the database on request: a failure there is the database's. */
const DATABASE_PAGES = /^\/(entreprises|dirigeants)\//;

const PAGE = `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Service momentanément indisponible</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Service momentanément indisponible</h1>
<p>Les données de cette page ne peuvent pas être lues pour le moment. Réessayez dans quelques instants.</p>
<p><a href="/">Retour à l’accueil</a></p>
</body></html>
`;

/** Headers of the failed answer that the replacement keeps (the security headers). */
const KEEP = new Set([
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
]);

/**
 * The answer of a request the database could not serve: 503 with `Retry-After`, the API's JSON
 * error shape under `/api/` (SERVICE_UNAVAILABLE, src/lib/errors.ts), the short French page
 * elsewhere. Writes with `end` (the original one, when an answer was intercepted).
 */
export function writeUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  end = res.end as (...a: unknown[]) => unknown,
): void {
  for (const name of res.getHeaderNames()) if (!KEEP.has(name)) res.removeHeader(name);
  const api = (req.url ?? '').startsWith('/api/');
  const f = databaseUnavailable();
  const body = api ? JSON.stringify(failureBody(f)) : PAGE;
  res.statusCode = 503;
  for (const [name, value] of Object.entries(failureHeaders(f))) res.setHeader(name, value);
  res.setHeader('Content-Type', api ? 'application/json' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  end.call(res, req.method === 'HEAD' ? undefined : body);
}

/**
 * A request whose handling by Next.js failed because the database could not serve it (out of
 * connections, refusing them, down: the scope's note, src/db/outage.ts), and any company or
 * director page whose rendering failed, answer 503 with `Retry-After` instead of Next's 500: JSON
 * under `/api/`, a short French page elsewhere (`writeUnavailable`). Installed by the web server
 * (src/server/site.ts) before Next.js handles the request; replaces the answer only when its
 * status is 500 and nothing was sent yet. Any other 500 stays one.
 */
export function answerFailuresAsUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  scope: OutageScope,
): void {
  const page = DATABASE_PAGES.test(req.url ?? '');
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let replaced = false;
  const replace = (): boolean => {
    if (replaced) return true;
    if (res.statusCode !== 500 || res.headersSent) return false;
    if (!page && !scope.databaseUnavailable) return false;
    replaced = true;
    writeUnavailable(req, res, original.end as (...a: unknown[]) => unknown);
    return true;
  };
  // Node's own write and end call writeHead for an answer's implicit head: that one goes through.
  let passing = false;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && !res.headersSent && !passing) {
      // Held until the body is written: its headers are kept for an answer left as it is.
      res.statusCode = 500;
      const headers = rest.find((r) => typeof r === 'object' && r !== null);
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2)
          res.appendHeader(String(headers[i]), headers[i + 1] as string);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) res.setHeader(name, value as string | string[]);
      }
      return res;
    }
    return (original.writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (replace()) return true;
    passing = true;
    try {
      return (original.write as (...a: unknown[]) => boolean).apply(this, args);
    } finally {
      passing = false;
    }
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (replace()) return res;
    passing = true;
    try {
      return (original.end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } finally {
      passing = false;
    }
  } as ServerResponse['end'];
}
