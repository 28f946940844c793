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
 * src/accounts/follow-api.ts, src/orders/routes.ts), given a standard Request built from the
 * Node request: same session check (src/accounts/session.ts: the signed cookie checked here, the
 * session and its user read in one prepared statement, Better Auth for expiry and refresh), same
 * XSRF check, same answers. What this path saves is Next's routing and request wrapping.
 *
 * Anything else (another method, HEAD, a trailing slash, an undecodable segment, an unknown kind)
 * is left to Next.js, which then answers exactly as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { me } from '@/accounts/api';
import { followCompany, getFollowed, unfollowCompany } from '@/accounts/follow-api';
import { documentOffer } from '@/domain/catalogue/documents';
import { placeOrder, readOrder } from '@/orders/routes';
import { acceptsGzip } from './registry-api';

type Params = (string | undefined)[];
type Handler = (req: Request, params: Params) => Promise<Response>;
type Route = { method: string; path: RegExp; run: Handler; accepts?: (params: Params) => boolean };

/** Static folders of src/app/api that Next.js routes before `/api/[kind]/[siren]/order`. */
const STATIC_ORDER_PARENTS = new Set(['document', 'director-report']);

const ROUTES: Route[] = [
  { method: 'GET', path: /^\/api\/me$/, run: (req) => me(req) },
  { method: 'GET', path: /^\/api\/company\/followed$/, run: (req) => getFollowed(req) },
  {
    method: 'POST',
    path: /^\/api\/company\/([^/]+)\/follow(?:\/([^/]+))?$/,
    run: (req, [siren, list]) => followCompany(req, siren!, list),
  },
  {
    method: 'DELETE',
    path: /^\/api\/company\/([^/]+)\/unfollow$/,
    run: (req, [siren]) => unfollowCompany(req, siren!),
  },
  { method: 'GET', path: /^\/api\/orders\/([^/]+)$/, run: (req, [id]) => readOrder(req, id!) },
  {
    method: 'POST',
    path: /^\/api\/([^/]+)\/([^/]+)\/order$/,
    accepts: ([kind]) => !STATIC_ORDER_PARENTS.has(kind!) && documentOffer(kind!) !== undefined,
    run: (req, [kind, siren]) => placeOrder(req, kind!, siren!),
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

/** The standard Request a route handler receives, as Next.js builds it (host, protocol). */
export function webRequestOf(req: IncomingMessage, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value) for (const v of value) headers.append(name, v);
  }
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const host = req.headers.host ?? 'localhost';
  return new Request(`${proto}://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

/** Bodies from this size on are compressed for clients that accept gzip (as Next.js does). */
const COMPRESS_FROM = 1024;

async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Response,
): Promise<void> {
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  let body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null;
  if (body && body.length >= COMPRESS_FROM) {
    res.setHeader('Vary', 'Accept-Encoding');
    if (acceptsGzip(req.headers['accept-encoding'])) {
      body = gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
    }
  }
  if (body) res.setHeader('Content-Length', body.length);
  res.end(body ?? undefined);
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
  const answer = await route.run(webRequestOf(req, await readBody(req)), route.params);
  await writeResponse(req, res, answer);
  return true;
}
