/**
 * The hot authenticated JSON routes served straight from Node's HTTP server, ahead of Next.js
 * routing (scripts/serve.ts), as the registry API is (src/server/registry-api.ts):
 *
 *   GET    /api/me
 *   GET    /api/company/followed
 *   POST   /api/company/{siren}/follow[/{listId}]
 *   DELETE /api/company/{siren}/unfollow
 *   POST   /api/{kind}/{siren}/order      (kinds of the documents catalogue)
 *   GET    /api/orders/{id}
 *
 * Each is answered by the very handler its Next route file calls (src/accounts/api.ts,
 * src/accounts/follow-api.ts, src/orders/routes.ts): same session check (src/accounts/session.ts:
 * the signed cookie checked here, the session and its user read in one prepared statement, Better
 * Auth for expiry and refresh), same XSRF check, same answers. The handlers read an `ApiRequest`
 * and return an `Answer` (src/lib/http/answer.ts): here the request is read straight from Node's
 * headers and the answer written straight to Node's response, with none of the Fetch API's
 * objects (a `Request`, a `Response` and its body stream cost more than the route itself). What
 * this path saves is that, and Next's routing and request wrapping.
 *
 * Anything else (another method, HEAD, a trailing slash, an undecodable segment, an unknown kind)
 * is left to Next.js, which then answers exactly as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { meAnswer } from '@/accounts/api';
import { followAnswer, followedAnswer, unfollowAnswer } from '@/accounts/follow-api';
import { documentOffer } from '@/domain/catalogue/documents';
import { answerBody, type Answer, type ApiRequest } from '@/lib/http/answer';
import { placeOrderAnswer, readOrderAnswer } from '@/orders/routes';
import { acceptsGzip } from './registry-api';

type Params = (string | undefined)[];
type Handler = (req: ApiRequest, params: Params) => Promise<Answer>;
type Route = { method: string; path: RegExp; run: Handler; accepts?: (params: Params) => boolean };

/** Static folders of src/app/api that Next.js routes before `/api/[kind]/[siren]/order`. */
const STATIC_ORDER_PARENTS = new Set(['document', 'director-report']);

const ROUTES: Route[] = [
  { method: 'GET', path: /^\/api\/me$/, run: (req) => meAnswer(req) },
  { method: 'GET', path: /^\/api\/company\/followed$/, run: (req) => followedAnswer(req) },
  {
    method: 'POST',
    path: /^\/api\/company\/([^/]+)\/follow(?:\/([^/]+))?$/,
    run: (req, [siren, list]) => followAnswer(req, siren!, list),
  },
  {
    method: 'DELETE',
    path: /^\/api\/company\/([^/]+)\/unfollow$/,
    run: (req, [siren]) => unfollowAnswer(req, siren!),
  },
  {
    method: 'GET',
    path: /^\/api\/orders\/([^/]+)$/,
    run: (req, [id]) => readOrderAnswer(req, id!),
  },
  {
    method: 'POST',
    path: /^\/api\/([^/]+)\/([^/]+)\/order$/,
    accepts: ([kind]) => !STATIC_ORDER_PARENTS.has(kind!) && documentOffer(kind!) !== undefined,
    run: (req, [kind, siren]) => placeOrderAnswer(req, kind!, siren!),
  },
];

type Match = { run: Handler; params: Params };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The route of a method and path (without query), or null when it is not one of these. */
export function sessionApiRoute(method: string | undefined, pathname: string): Match | null {
  if (!pathname.startsWith('/api/')) return null;
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const m = route.path.exec(pathname);
    if (!m) continue;
    const decoded = m.slice(1).map((raw) => (raw === undefined ? undefined : decode(raw)));
    if (decoded.includes(null)) return null;
    const params = decoded as Params;
    if (route.accepts && !route.accepts(params)) return null;
    return { run: route.run, params };
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

/** The absolute URL of the request, as Next.js builds `Request.url` (host, protocol). */
function urlOf(req: IncomingMessage): string {
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
}

/** The standard Request a route handler receives, as Next.js builds it (host, protocol). */
export function webRequestOf(req: IncomingMessage, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value) for (const v of value) headers.append(name, v);
  }
  return new Request(urlOf(req), {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

/**
 * The request as the handlers read it, straight from Node's: a header is what `Headers.get`
 * gives (several values joined by ", "; Node already joins several Cookie lines by "; "), the
 * body is the bytes received (read behind the front door's cap, then capped again by the
 * handlers' body reader, src/lib/http/body.ts).
 */
export function apiRequestOf(req: IncomingMessage, body: Buffer | undefined): ApiRequest {
  return {
    method: req.method ?? 'GET',
    url: urlOf(req),
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    arrayBuffer: () => Promise.resolve(body ? new Uint8Array(body).buffer : new ArrayBuffer(0)),
  };
}

/** Bodies from this size on are compressed for clients that accept gzip (as Next.js does). */
const COMPRESS_FROM = 1024;

function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  res.statusCode = answer.status;
  for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
  if (answer.cookies.length) res.setHeader('Set-Cookie', answer.cookies);
  const text = answerBody(answer);
  if (text === null) {
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json');
  let body = Buffer.from(text);
  if (body.length >= COMPRESS_FROM) {
    res.setHeader('Vary', 'Accept-Encoding');
    if (acceptsGzip(req.headers['accept-encoding'])) {
      body = gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
    }
  }
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * Serves the request when it is one of these routes and returns true; returns false, having
 * read and written nothing, for any other request.
 */
export async function serveSessionApi(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const route = sessionApiRoute(req.method, q < 0 ? url : url.slice(0, q));
  if (!route) return false;
  const answer = await route.run(apiRequestOf(req, await readBody(req)), route.params);
  writeAnswer(req, res, answer);
  return true;
}
