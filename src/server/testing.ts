import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The absolute URL of the request, as Next.js builds `Request.url` (host, protocol). */
function urlOf(req: http.IncomingMessage): string {
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
}

/** The standard Request a route handler receives, as Next.js builds it (host, protocol). */
export function webRequestOf(req: http.IncomingMessage, body: Buffer | undefined): Request {
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

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request with exactly these headers, its body as received (fetch would add its own
 * Accept-Encoding and decompress). For the web server's tests.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) =>
    http
      // A connection of its own: Node's global agent keeps sockets alive, and one reused just as
      // the server closes it after its keep-alive timeout (5 s idle, frequent on a loaded
      // machine) fails with ECONNRESET.
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end(),
  );
}

export type TestServer = { base: string; close: () => Promise<void> };

/** A real HTTP server on a free loopback port with this request listener. */
export async function startTestServer(listener: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(listener);
  // Idle keep-alive sockets are never closed by this server, only by the client: the tests run the
  // client in the same process, and an event loop held for more than the 5 s default (a database
  // created between two requests on a loaded machine) would let the server close a socket the
  // client's pool is just reusing (ECONNRESET). close() ends every connection.
  server.keepAliveTimeout = 0;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/**
 * A real HTTP server that does what scripts/serve.ts does before Next.js (the front door: the
 * client's address, the security headers, the request checks and body caps), then hands the
 * request, as the `Request` Next.js would build, to `handle` (route modules called directly).
 */
export async function startFrontDoorServer(
  handle: (req: Request) => Promise<Response>,
  options: { trustProxyHops?: number } = {},
): Promise<TestServer> {
  const { frontDoor } = await import('./front-door');
  const door = { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null, ...options };
  return startTestServer((req, res) => {
    if (frontDoor(req, res, door)) return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
      void handle(webRequestOf(req, body))
        .then(async (answer) => {
          res.statusCode = answer.status;
          answer.headers.forEach((v, k) => {
            if (k !== 'set-cookie') res.setHeader(k, v);
          });
          const cookies = answer.headers.getSetCookie();
          if (cookies.length) res.setHeader('Set-Cookie', cookies);
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.statusCode = 599;
          res.end();
        });
    });
  });
}
