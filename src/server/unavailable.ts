import type { IncomingMessage, ServerResponse } from 'node:http';

/** Pages read from the database on request: a failure there is the database's. */
const DATABASE_PAGES = /^\/(entreprises|dirigeants)\//;

export const RETRY_AFTER_SECONDS = 30;

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
 * A company or director page whose rendering failed (the database out of connections, or down)
 * answers like the API does: 503 with `Retry-After`, here with a short French page, instead of
 * Next's 500. Installed by scripts/serve.ts before Next.js handles the request; replaces the
 * answer only when its status is 500 and nothing was sent yet.
 */
export function answerPageFailuresAsUnavailable(req: IncomingMessage, res: ServerResponse): void {
  if (!DATABASE_PAGES.test(req.url ?? '')) return;
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let replaced = false;
  const replace = (): boolean => {
    if (replaced) return true;
    if (res.statusCode !== 500 || res.headersSent) return false;
    replaced = true;
    for (const name of res.getHeaderNames()) if (!KEEP.has(name)) res.removeHeader(name);
    res.statusCode = 503;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Length', String(Buffer.byteLength(PAGE)));
    (original.end as (...a: unknown[]) => ServerResponse).call(
      res,
      req.method === 'HEAD' ? undefined : PAGE,
    );
    return true;
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && !res.headersSent) {
      res.statusCode = 500;
      return res;
    }
    return (original.writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (replace()) return true;
    return (original.write as (...a: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (replace()) return res;
    return (original.end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}
