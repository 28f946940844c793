/**
 * The one gzip writer of the answers the web server writes itself (the registry API's fast path,
 * src/server/registry-api.ts) and the front page cache's key (src/server/page-cache.ts): bodies
 * from 1 KiB on are compressed for a client that accepts gzip, as Next.js does.
 */
import { gzipSync } from 'node:zlib';

/** Bodies from this size on are compressed for clients that accept gzip (as Next.js does). */
const COMPRESS_FROM = 1024;

/** Whether an Accept-Encoding header takes gzip (`gzip` or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The body to send and the headers it needs: `Vary: Accept-Encoding` from 1 KiB on, gzip and
 * `Content-Encoding` when the client takes it, `Content-Length` always.
 */
export function encodeBody(
  body: Uint8Array,
  acceptEncoding: string | undefined,
): { body: Uint8Array; headers: Array<[string, string]> } {
  const headers: Array<[string, string]> = [];
  if (body.length >= COMPRESS_FROM) {
    headers.push(['Vary', 'Accept-Encoding']);
    if (acceptsGzip(acceptEncoding)) {
      body = gzipSync(body);
      headers.push(['Content-Encoding', 'gzip']);
    }
  }
  headers.push(['Content-Length', String(body.length)]);
  return { body, headers };
}
