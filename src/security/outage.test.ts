import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, TestClient } from '@/testing/route-client';
import * as financialStats from '@/app/api/financial-diagnostics/[siren]/stats/route';
import * as sitemapIndex from '@/app/sitemap.xml/route';
import * as sitemapFile from '@/app/sitemaps/[file]/route';
import { connectPostgres, type DbHandle } from '@/db/client';
import { getDb } from '@/db/site';
import { isDatabaseUnavailable } from '@/lib/errors';
import { registryApiCall, serveRegistryApi } from '@/server/registry-api';
import { siteHandler } from '@/server/site';
import { rawRequest, startTestServer, type TestServer } from '@/server/testing';
import { siteDbForFile } from '@/testing/site-db';

/**
 * The database refuses connections (a pool on a closed port): every route that reads it answers
 * 503 with `Retry-After`, the API's JSON error shape under /api/ and the French « service
 * indisponible » page elsewhere, never a 500. The requests go through the web server's own
 * pipeline (src/server/site.ts: front door, registry API), then a stand-in for
 * Next.js that calls the real route modules and, as Next does, answers 500 when one throws.
 */
const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

type Route = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const EXTRA: Array<[RegExp, Route, string[]]> = [
  [/^\/api\/financial-diagnostics\/([^/]+)\/stats$/, financialStats.GET as Route, ['siren']],
  [/^\/sitemap\.xml$/, sitemapIndex.GET as Route, []],
  [/^\/sitemaps\/([^/]+)$/, sitemapFile.GET as Route, ['file']],
];

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const request = new Request(`http://localhost:3000${req.url}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
  });
  const path = new URL(request.url).pathname;
  try {
    let answer: Response | undefined;
    for (const [pattern, route, names] of EXTRA) {
      const m = pattern.exec(path);
      if (!m) continue;
      const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
      answer = await route(request, { params: Promise.resolve(params) });
    }
    answer ??= await dispatch(request);
    res.statusCode = answer.status;
    answer.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch {
    // What Next.js does with a route handler that throws.
    res.statusCode = 500;
    res.end();
  }
}

let refusing: DbHandle;
let server: TestServer;
const user = new TestClient();
const ID = '0b7c1f0e-2f4e-4a55-9d7a-5a3c0e1d2f40';

// The user registers on the real database; the routes under test then meet a refusing one.
siteDbForFile({ memoryRateLimits: true });

beforeAll(async () => {
  await user.register('panne@exemple.fr', 'phrase de passe longue');
  // Port 1 of the loopback: nothing listens there, every connection is refused.
  refusing = connectPostgres('postgres://postgres@127.0.0.1:1/absente', 2, {
    connectionTimeoutMs: 2000,
  });
  globalForDb.__dbHandle = refusing;
  server = await startTestServer(
    siteHandler({
      door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
      registryApi: (req, res) => serveRegistryApi(req, res, getDb),
      next: nextStandIn,
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await refusing?.close();
});

/** The 15 routes of the finding; true: a page (French HTML), false: the API (JSON). */
const ROUTES: Array<[method: string, path: string, body?: unknown]> = [
  ['POST', '/api/company-summary/552032534/order', {}],
  ['GET', `/api/orders/${ID}`],
  ['GET', '/api/orders'],
  ['GET', '/api/invoices'],
  ['GET', `/api/invoices/${ID}`],
  ['GET', `/orders/${ID}/download`],
  ['GET', '/api/subscription'],
  ['GET', '/api/orders-exports'],
  ['POST', `/api/orders/${ID}/checkout`, {}],
  ['POST', '/api/document/attestation-hebergement/order', { fields: {} }],
  ['POST', '/api/director-report/552032534/order/1', {}],
  ['POST', '/api/subscription/checkout', {}],
  ['GET', '/api/financial-diagnostics/552032534/stats'],
  ['GET', '/sitemap.xml'],
  ['GET', '/sitemaps/entreprises-0.xml'],
];

describe('a database that refuses connections', () => {
  it.each(ROUTES)('%s %s answers 503 with Retry-After', async (method, path, body) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: user.jsonCallHeaders(method),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    if (path.startsWith('/api/')) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/indisponible/) },
      });
    } else {
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(text).toContain('Service momentanément indisponible');
      expect(text).toContain('lang="fr"');
    }
  });

  it('the registry API answers 503 with Retry-After too', async () => {
    expect(registryApiCall('/api/companies/552032534', new URLSearchParams())).not.toBeNull();
    const res = await rawRequest(`${server.base}/api/companies/552032534`);
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a 500 that is not the database’s stays a 500', async () => {
    // Nothing of the database was asked: the stand-in's own failure (an undecodable cookie
    // aside, a route that throws) is not turned into a 503.
    const res = await rawRequest(`${server.base}/api/nowhere`);
    expect(res.status).toBe(404);
  });
});

describe('what counts as the database being unavailable', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })],
    [Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    [new Error('timeout exceeded when trying to connect')],
    [new Error('PGlite is closed')],
    [
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('x'), { code: '57P03' }),
      }),
    ],
  ])('%s', (e) => expect(isDatabaseUnavailable(e)).toBe(true));

  it.each([
    [Object.assign(new Error('duplicate key'), { code: '23505' })],
    [new TypeError('x is undefined')],
    [null],
  ])('not %s', (e) => expect(isDatabaseUnavailable(e)).toBe(false));
});
