import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { reportServerFailure } from '@/lib/error-reporting/server';
import { RenderQueue } from './render-queue';
import { siteHandler, webServer } from './site';
import { rawRequest, startTestServer, type TestServer } from './testing';

const sentry = vi.hoisted(() => ({ captureException: vi.fn() }));
vi.mock('@sentry/nextjs', () => sentry);

/**
 * An exception before Next.js (the registry API's fast path, the page cache) or one Next's
 * handler lets out is the site's own failure answer, reported like any other: 500
 * INTERNAL_ERROR in the API's JSON shape under /api/, the French error page elsewhere; never a
 * plain-text 500 that no error report sees.
 */
const reports: Array<[string, unknown]> = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    siteHandler({
      door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
      registryApi: (req) => {
        if ((req.url ?? '').startsWith('/api/companies/'))
          throw new Error('bogue du chemin rapide');
        return false;
      },
      next: async (req) => {
        throw new Error(`bogue de ${req.url}`);
      },
      report: async (scope, e) => {
        reports.push([scope, e]);
      },
    }),
  );
});
afterAll(async () => server?.close());

describe('a failure before Next.js', () => {
  it('answers 500 INTERNAL_ERROR as JSON under /api/, with the security headers, and is reported', async () => {
    reports.length = 0;
    const res = await rawRequest(`${server.base}/api/companies/552032534`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
    const body = JSON.parse(res.body.toString()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.message).toMatch(/erreur inattendue/);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe('GET /api/companies/552032534');
    expect((reports[0]![1] as Error).message).toBe('bogue du chemin rapide');
  });

  it('answers the French error page elsewhere, without a body for HEAD', async () => {
    reports.length = 0;
    const res = await rawRequest(`${server.base}/contact`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain('<html lang="fr">');
    expect(res.body.toString()).toContain('Une erreur est survenue');
    expect(res.body.toString()).not.toContain('bogue');
    expect(reports).toHaveLength(1);
    const head = await rawRequest(`${server.base}/a-propos`, {}, 'HEAD');
    expect(head.status).toBe(500);
    expect(head.body.length).toBe(0);
  });
});

describe('the listeners the pipeline leaves on an answer', () => {
  /**
   * Node warns past ten listeners of one event on one answer; Next.js adds its own `close`
   * listeners to each answer it renders (abort signals, its writer, compression), so the steps
   * before it leave one at most: a page asked (GET), or posted to with a body (a server action).
   */
  it('hands Next.js an answer with one close listener of its own at most', async () => {
    const seen: Record<string, number> = {};
    const pipeline = await startTestServer(
      siteHandler({
        door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
        registryApi: () => false,
        renders: new RenderQueue(),
        next: async (req, res) => {
          seen[`${req.method} ${req.url}`] = res.listenerCount('close');
          for await (const _ of req);
          res.end('ok');
        },
      }),
    );
    try {
      const send = (method: string, path: string, body?: string) =>
        new Promise<number>((resolve, reject) => {
          const r = http.request(
            `${pipeline.base}${path}`,
            {
              method,
              agent: false,
              headers: body ? { 'content-type': 'text/plain', 'content-length': body.length } : {},
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          r.on('error', reject);
          r.end(body);
        });
      expect(await send('GET', '/entreprises/552032534')).toBe(200);
      expect(await send('POST', '/entreprises/552032534', '["552032534"]')).toBe(200);
      // A GET: the render queue's release; a POST (no render turn): the slow-body guard's clean-up.
      expect(seen).toEqual({ 'GET /entreprises/552032534': 1, 'POST /entreprises/552032534': 1 });
    } finally {
      await pipeline.close();
    }
  });
});

describe('reportServerFailure', () => {
  it('sends the error to Sentry when reporting is on (a DSN, not local)', async () => {
    const saved = { dsn: process.env.SENTRY_DSN, env: process.env.APP_ENV };
    try {
      process.env.SENTRY_DSN = 'https://cle@sentry.example.fr/1';
      process.env.APP_ENV = 'test';
      resetEnvForTests();
      const error = new Error('à signaler');
      await reportServerFailure('GET /api/companies/1', error);
      expect(sentry.captureException).toHaveBeenCalledWith(error, {
        tags: { scope: 'GET /api/companies/1' },
      });
      sentry.captureException.mockClear();
      delete process.env.SENTRY_DSN;
      resetEnvForTests();
      await reportServerFailure('GET /', new Error('non signalée'));
      expect(sentry.captureException).not.toHaveBeenCalled();
    } finally {
      if (saved.dsn === undefined) delete process.env.SENTRY_DSN;
      else process.env.SENTRY_DSN = saved.dsn;
      process.env.APP_ENV = saved.env;
      resetEnvForTests();
    }
  });
});

describe('the web server, production and development (`npm run dev`)', () => {
  /** A server of `webServer` whose Next.js stand-in answers a cacheable page, counting calls. */
  async function serverOf(dev: boolean) {
    const calls = { next: 0, api: 0 };
    const { respond, pages } = webServer({
      dev,
      env: {
        SITE_URL: 'https://registre.example.fr',
        GTM_ID: undefined,
        SENTRY_DSN: undefined,
        APP_ENV: 'test',
        TRUST_PROXY_HOPS: 0,
      },
      registryApi: (req, res) => {
        if (!(req.url ?? '').startsWith('/api/companies/')) return false;
        calls.api++;
        res.setHeader('content-type', 'application/json');
        res.end('{"data":{"data":{}}}');
        return true;
      },
      next: async (_req, res) => {
        calls.next++;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 's-maxage=60, stale-while-revalidate');
        res.setHeader('x-nextjs-cache', 'HIT');
        res.end('<html lang="fr"></html>');
      },
    });
    return { server: await startTestServer(respond), calls, pages };
  }

  it('puts next dev behind the same front door and registry API; only production caches pages', async () => {
    const prod = await serverOf(false);
    const dev = await serverOf(true);
    try {
      const security = (h: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(h).filter(([k]) =>
            /^(content-security-policy|strict-transport-security|x-|referrer-policy|permissions-policy|cross-origin)/.test(
              k,
            ),
          ),
        );
      for (const path of ['/', '/api/companies/552032534']) {
        const [a, b] = await Promise.all([
          rawRequest(`${prod.server.base}${path}`),
          rawRequest(`${dev.server.base}${path}`),
        ]);
        expect(b.status, path).toBe(a.status);
        expect(security(b.headers), path).toEqual(security(a.headers));
        expect(b.headers['content-security-policy'], path).toBeTruthy();
        expect(b.headers['strict-transport-security'], path).toBeTruthy();
      }
      expect([prod.calls.api, dev.calls.api]).toEqual([1, 1]);
      // The front door's checks: a method outside the list, a malformed path.
      for (const { server } of [prod, dev]) {
        expect((await rawRequest(`${server.base}/`, {}, 'PROPFIND')).status).toBe(405);
        expect((await rawRequest(`${server.base}/%ff`)).status).toBe(400);
      }
      // A second request for the page: production's front page cache answers it, once it has
      // compressed the page (in zlib's thread pool; until then requests go to Next).
      await prod.pages?.settled();
      await rawRequest(`${prod.server.base}/`);
      await rawRequest(`${dev.server.base}/`);
      expect([prod.calls.next, dev.calls.next]).toEqual([1, 2]);
      expect([Boolean(prod.pages), Boolean(dev.pages)]).toEqual([true, false]);
    } finally {
      await prod.server.close();
      await dev.server.close();
    }
  });
});
