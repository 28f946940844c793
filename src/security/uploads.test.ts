import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateApi } from '@/api-access/gate';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { serveRegistryApi } from '@/server/registry-api';
import { siteHandler } from '@/server/site';
import { startTestServer, webRequestOf, type TestServer } from '@/server/testing';
import { dispatch } from '@/testing/route-client';
import { TABLE_LIMITS } from '@/lib/tabular/xlsx-read';
import { sheetBomb } from '@/lib/tabular/zip-bombs';

/**
 * Rule « uploaded files are read under hard limits » (docs/SECURITY.md, V5): issue 36's attack
 * replayed through the web server's pipeline (front door, API gate, then the route modules Next.js
 * calls): anonymous enrichment uploads of XLSX files whose sheet inflates far past what they
 * declare, sent together; each is refused with a JSON error in French, and the server serves the
 * next request.
 */
let handle: DbHandle;
let server: TestServer;
const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
  const answer = await dispatch(webRequestOf(req, body));
  res.statusCode = answer.status;
  answer.headers.forEach((v, k) => res.setHeader(k, v));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
  globalForDb.__dbHandle = handle;
  resetAllRateLimits({ kind: 'memory' });
  server = await startTestServer(
    siteHandler({
      door: {
        siteUrl: 'http://localhost:3000',
        gtm: false,
        reportingOrigin: null,
        trustProxyHops: 1,
      },
      apiGate: (req, res) => gateApi(req, res, () => handle.db),
      registryApi: (req, res) => serveRegistryApi(req, res, () => handle.db),
      next: nextStandIn,
    }),
  );
}, 120_000);
afterAll(async () => {
  resetAllRateLimits();
  await server?.close();
  await handle?.close();
});

let seq = 10;
const upload = (bytes: Uint8Array) =>
  fetch(`${server.base}/api/companies/enrichment?format=csv`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'x-forwarded-for': `203.0.113.${seq++}`,
    },
    body: new Uint8Array(bytes),
  });

describe('a zip bomb in the enrichment upload', () => {
  it('is refused (413, JSON in French) without a key, three at once, and the server answers after', async () => {
    const bomb = await sheetBomb(TABLE_LIMITS.partBytes + 4 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const answers = await Promise.all([upload(bomb), upload(bomb), upload(bomb)]);
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(body.error.message).toMatch(/trop volumineux pour être lu/);
    }
    const after = await fetch(`${server.base}/api/companies/552032534`, {
      headers: { 'x-forwarded-for': `203.0.113.${seq++}` },
    });
    expect(after.status).toBe(200);
  });

  it('is refused (422) when its headers lie about the sizes', async () => {
    const res = await upload(await sheetBomb(TABLE_LIMITS.partBytes + 4 * 1024 * 1024, 1024));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /illisible/,
    );
  });
});
