import type { IncomingMessage, ServerResponse } from 'node:http';
import { gateApi } from '@/api-access/gate';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/db/client';
import { serveRegistryApi } from '@/server/registry-api';
import { siteHandler } from '@/server/site';
import { startTestServer, webRequestOf, type TestServer } from '@/server/testing';
import { dispatch } from './route-client';
import { siteDbForFile } from './site-db';

/** Next.js stood in for by the route modules it would call (src/testing/route-client.ts). */
async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
  const answer = await dispatch(webRequestOf(req, body));
  res.statusCode = answer.status;
  answer.headers.forEach((v, k) => res.setHeader(k, v));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * A real HTTP server running the web server's pipeline as scripts/serve.ts builds it (front door,
 * the public API's gate, the registry API's fast path), then the route modules Next.js would
 * call. One trusted proxy: each test names its client's address in X-Forwarded-For.
 */
export function startApiSite(db: () => Db): Promise<TestServer> {
  return startTestServer(
    siteHandler({
      door: {
        siteUrl: 'http://localhost:3000',
        gtm: false,
        reportingOrigin: null,
        trustProxyHops: 1,
      },
      apiGate: (req, res) => gateApi(req, res, () => db()),
      registryApi: (req, res) => serveRegistryApi(req, res, () => db()),
      next: nextStandIn,
    }),
  );
}

/**
 * For a test file: a fresh database with the registry fixtures, served by `startApiSite` for the
 * whole file, rate limits in memory and reset. `db()` and `base()` once `beforeAll` has run.
 */
export function apiSiteForFile(): { db: () => Db; base: () => string } {
  const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startApiSite(site.db);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  return { db: site.db, base: () => server!.base };
}
