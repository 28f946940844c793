import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/http/client';
import { frontDoor } from './front-door';
import { pathIsClean } from './guard';
import { rawRequest, startTestServer, type TestServer } from './testing';

/**
 * The web server's front door on a real HTTP server: what scripts/serve.ts does before the
 * registry API, the page cache and Next.js. Behind it, this server echoes the body it read.
 */
let server: TestServer;
let reached: string[] = [];

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (
      frontDoor(req, res, {
        siteUrl: 'http://localhost:3000',
        gtm: false,
        reportingOrigin: null,
        bodyTimeoutMs: 300,
      })
    )
      return;
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/address') {
      // What a route handler would read: the address the front door wrote and sealed.
      res.end(clientAddress({ headers: { get: (n) => (req.headers[n] as string) ?? null } }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (res.headersSent) return;
      res.setHeader('Content-Type', 'text/plain');
      res.end(`ok ${Buffer.concat(chunks).length}`);
    });
  });
});
afterAll(async () => server?.close());

/** A raw HTTP/1.1 exchange: the request as written, the answer as text. */
function raw(text: string, keepOpenMs = 0): Promise<string> {
  const { port, hostname } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    if (keepOpenMs === 0) setTimeout(() => socket.end(), 500);
  });
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve) => {
    const req = http.request(
      `${server.base}${path}`,
      // A connection of its own (no keep-alive socket closed under it by the server).
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent: false },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.end(body);
  });

describe('front door of the web server', () => {
  it('answers malformed targets with 400, before any handler (regressions of the probe)', async () => {
    reached = [];
    for (const path of [
      '/api/companies/%ZZ',
      '/entreprises/%C0%AF/x',
      '/sitemaps/%ZZ',
      '/api/companies/%2535%2535%2532032534',
      '/api/directors/%00',
      '/entreprises/552032534%0d%0aSet-Cookie:x',
    ]) {
      const res = await rawRequest(`${server.base}${path}`);
      expect(res.status, path).toBe(400);
      if (path.startsWith('/api/'))
        expect(JSON.parse(res.body.toString()).error.code, path).toBe('INVALID_INPUT');
      else expect(res.body.toString(), path).toBe('Adresse invalide.\n');
    }
    expect(reached).toEqual([]);
    // Well-formed ones go through, encoded spaces and accents included.
    expect(pathIsClean('/entreprises/552032534/danone')).toBe(true);
    expect(pathIsClean('/dirigeants/jos%C3%A9-garcia')).toBe(true);
    // A control character is refused whether it came encoded or not.
    for (const path of ['/a\u0001b', '/a\tb', '/a\u007fb', '/a%01b', '/a%09b'])
      expect(pathIsClean(path), JSON.stringify(path)).toBe(false);
    expect((await rawRequest(`${server.base}/api/companies/552032534`)).status).toBe(200);
  });

  it('refuses TRACE and unknown methods with 405 and Allow', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
      const res = await rawRequest(`${server.base}/api/companies/552032534`, {}, method);
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
    // A method Node's parser does not know never reaches a handler: Node answers 400 itself.
    expect((await raw('TRACK / HTTP/1.1\r\nHost: x\r\n\r\n')).slice(0, 12)).toBe('HTTP/1.1 400');
  });

  it('caps bodies before reading them: 413 over 16 KB, 411 without a length', async () => {
    expect((await post('/api/opposition/confirmation', 'x'.repeat(1000))).body).toBe('ok 1000');
    const big = await post('/api/opposition/confirmation', 'x'.repeat(200_000));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    // The opposition request carries an identity document: its own cap, 5 MB and the fields.
    expect((await post('/api/opposition', 'x'.repeat(200_000))).body).toBe('ok 200000');
    const document = await raw(
      'POST /api/opposition HTTP/1.1\r\nHost: x\r\nContent-Length: 5308417\r\n\r\n',
    );
    expect(document).toMatch(/^HTTP\/1\.1 413 /);
    const chunked = await raw(
      'POST /api/opposition HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 411 /);
  });

  it('writes the client’s address from the socket over whatever the client sent', async () => {
    const forged = {
      'x-client-address': '198.51.100.1',
      'x-client-address-seal': 'forgé',
      'x-forwarded-for': '198.51.100.2',
      'x-real-ip': '198.51.100.3',
    };
    expect((await rawRequest(`${server.base}/address`, forged)).body.toString()).toBe('127.0.0.1');
  });

  it('answers 408 to a body that does not arrive in time', async () => {
    const answer = await raw(
      'POST /api/opposition HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      1,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('REQUEST_TIMEOUT');
  });

  it('puts the security headers on every answer, refusals included', async () => {
    for (const path of ['/api/companies/552032534', '/', '/api/companies/%ZZ']) {
      const h = (await rawRequest(`${server.base}${path}`)).headers;
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).toContain("object-src 'none'");
      expect(h['content-security-policy']).not.toContain('googletagmanager');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy']).toContain('camera=()');
      // « Autour de moi » asks the browser's position: allowed for the site, no frame of another.
      expect(h['permissions-policy']).toContain('geolocation=(self)');
      expect(h['strict-transport-security']).toBeUndefined();
    }
    const behindTls = await rawRequest(`${server.base}/`, { 'x-forwarded-proto': 'https' });
    expect(behindTls.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
