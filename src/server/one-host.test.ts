import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontDoor } from './front-door';
import { loopbackRedirectTarget } from './one-host';

describe('one loopback host outside production', () => {
  it('sends another loopback name to SITE_URL’s, on SITE_URL’s port only', () => {
    const site = 'http://127.0.0.1:3000';
    expect(loopbackRedirectTarget('localhost:3000', site)).toBe('http://127.0.0.1:3000');
    expect(loopbackRedirectTarget('[::1]:3000', site)).toBe('http://127.0.0.1:3000');
    expect(loopbackRedirectTarget('LOCALHOST:3000', site)).toBe('http://127.0.0.1:3000');
    expect(loopbackRedirectTarget('127.0.0.1:3000', site)).toBeNull();
    // Another port is another server (or a worker behind the balancer).
    expect(loopbackRedirectTarget('localhost:3001', site)).toBeNull();
    expect(loopbackRedirectTarget('127.0.0.1', 'http://localhost')).toBe('http://localhost');
    expect(loopbackRedirectTarget('127.0.0.1:3000', 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    );
    // A public host is never redirected by this rule, nor a public SITE_URL's site.
    expect(loopbackRedirectTarget('example.fr', site)).toBeNull();
    expect(loopbackRedirectTarget('localhost:443', 'https://registre.example.fr')).toBeNull();
    expect(loopbackRedirectTarget(undefined, site)).toBeNull();
  });

  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const door = { siteUrl: `http://127.0.0.1:${port}`, gtm: false, reportingOrigin: null };
      if (frontDoor(req, res, { ...door, oneLoopbackHost: req.headers['x-prod'] !== '1' })) return;
      res.end('page');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** A GET with its own Host header (fetch does not let a caller choose it). */
  const get = (path: string, host: string, extra: Record<string, string> = {}) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host, ...extra } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('answers 308 with the same path and query, before any page; probes and production pass', async () => {
    const res = await get('/login?next=%2Fmon-compte', `localhost:${port}`);
    expect(res.status).toBe(308);
    expect(res.location).toBe(`http://127.0.0.1:${port}/login?next=%2Fmon-compte`);
    expect(res.body).not.toContain('page');
    expect((await get('/login', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await get('/readyz', `localhost:${port}`)).status).toBe(200);
    expect((await get('/login', `localhost:${port}`, { 'x-prod': '1' })).status).toBe(200);
    // Next.js relaying a rewrite (src/proxy.ts) to its own host name: the client named SITE_URL's.
    const relayed = await get('/entreprises/552032534/x/etablissements', `localhost:${port}`, {
      'x-forwarded-host': `127.0.0.1:${port}`,
    });
    expect(relayed.status).toBe(200);
  });
});
