import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
      .request(url, { method, headers }, (res) => {
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
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
