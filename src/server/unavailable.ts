import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OutageScope } from '@/db/outage';
import {
  databaseUnavailable,
  failure,
  failureBody,
  failureHeaders,
  statusOf,
  type Failure,
} from '@/lib/errors';

/** Pages read from the database on request: a failure there is the database's. */
const DATABASE_PAGES = /^\/(entreprises|dirigeants)\//;

/** The site's short French error page (no stylesheet, no script: it must always render). */
export const errorPage = (title: string, text: string) => `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">Retour à l’accueil</a></p>
</body></html>
`;

const UNAVAILABLE_PAGE = errorPage(
  'Service momentanément indisponible',
  'Les données de cette page ne peuvent pas être lues pour le moment. Réessayez dans quelques instants.',
);
const FAILURE_PAGE = errorPage(
  'Une erreur est survenue',
  'Cette page n’a pas pu être affichée à cause d’une erreur de notre côté. Elle nous a été signalée ; réessayez dans quelques instants.',
);

/** Headers of the failed answer that the replacement keeps (the security headers). */
export const KEPT_HEADERS: ReadonlySet<string> = new Set([
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
]);

/** A failure's answer: the API's JSON error shape under `/api/`, the French page elsewhere. */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  f: Failure,
  html: string,
  end: (...a: unknown[]) => unknown,
): void {
  for (const name of res.getHeaderNames()) if (!KEPT_HEADERS.has(name)) res.removeHeader(name);
  const api = (req.url ?? '').startsWith('/api/');
  const body = api ? JSON.stringify(failureBody(f)) : html;
  res.statusCode = statusOf(f.code);
  for (const [name, value] of Object.entries(failureHeaders(f))) res.setHeader(name, value);
  res.setHeader('Content-Type', api ? 'application/json' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  end.call(res, req.method === 'HEAD' ? undefined : body);
}

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
  writeAnswer(req, res, databaseUnavailable(), UNAVAILABLE_PAGE, end);
}

/** The answer of an unexpected failure before Next.js: 500 INTERNAL_ERROR, JSON or French page. */
export function writeFailure(req: IncomingMessage, res: ServerResponse): void {
  writeAnswer(
    req,
    res,
    failure('INTERNAL_ERROR'),
    FAILURE_PAGE,
    res.end as (...a: unknown[]) => unknown,
  );
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
