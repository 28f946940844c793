import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, type DbHandle } from '@/db/client';
import { startEmbeddedServer, type EmbeddedServer } from '@/db/embedded-server';
import { runMigrations } from '@/db/migrate';
import { invalidateCompany } from '@/registry/cache';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { refreshSearchIndex } from '@/search/indexer';
import { RegistryApiWorker } from './registry-api-worker';
import { startTestServer, type TestServer } from './testing';

// A real worker thread, reaching a real database over the wire: the embedded server on loopback
// (the worker has its own pool, so it cannot share this process's in-memory test database).
let dir: string;
let embedded: EmbeddedServer;
let local: DbHandle;
let worker: RegistryApiWorker;
let server: TestServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'registry-worker-'));
  embedded = await startEmbeddedServer(dir);
  local = wrapPglite(embedded.pglite);
  await runMigrations(local);
  await insertRegistryFixtures(local.db);
  await refreshSearchIndex(local.db);
  worker = new RegistryApiWorker({
    ...process.env,
    DATABASE_URL: embedded.url,
    DATABASE_POOL_MAX: '1',
    DATABASE_PREPARED_STATEMENTS: 'off',
    REGISTRY_CACHE: 'on',
  });
  server = await startTestServer((req, res) => {
    if (!worker.handle(req, res)) {
      res.statusCode = 599;
      res.end();
    }
  });
  base = server.base;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await worker?.close();
  await embedded?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const nameOf = async (siren: string) => {
  const res = await fetch(`${base}/api/companies/${siren}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { data: { displayName: string } } }).data.data.displayName;
};

describe('RegistryApiWorker', () => {
  it('answers the registry API from its thread and leaves other requests', async () => {
    expect(await nameOf('552032534')).toBe('DANONE');
    const invalid = await fetch(`${base}/api/companies/552032535`);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe(
      'INVALID_SIREN',
    );
    expect((await fetch(`${base}/entreprises/552032534/danone`)).status).toBe(599);
    expect((await fetch(`${base}/api/companies/552032534`, { method: 'DELETE' })).status).toBe(599);
  });

  it('answers the search API from its thread too, with the financial-data header', async () => {
    const res = await fetch(`${base}/api/search/companies?q=danone`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { data: { results: Array<{ siren: string }> } } };
    expect(body.data.data.results.map((r) => r.siren)).toContain('552032534');
    const hidden = await fetch(`${base}/api/search/companies?q=danone`, {
      headers: { 'hide-financial-data': 'true' },
    });
    expect(hidden.status).toBe(200);
    expect((await fetch(`${base}/api/search/companies?q=a`)).status).toBe(400);
    expect((await fetch(`${base}/api/search/companies/export?q=danone`)).status).toBe(599);
  });

  it("drops the worker's cached data when this thread invalidates a company", async () => {
    expect(await nameOf('356000000')).toBe('LA POSTE');
    await embedded.pglite.query(
      `UPDATE companies SET name = 'LA POSTE RENOMMEE' WHERE siren = '356000000'`,
    );
    // Still the cached answer: the worker keeps data 5 minutes (spec section 9)…
    expect(await nameOf('356000000')).toBe('LA POSTE');
    // …until an invalidation in any thread (an opposition, in the web server's thread).
    invalidateCompany('356000000');
    await new Promise((r) => setTimeout(r, 100));
    expect(await nameOf('356000000')).toBe('LA POSTE RENOMMEE');
  });

  it('answers 503 SOURCE_UNAVAILABLE once its worker is gone', async () => {
    await worker.close();
    const res = await fetch(`${base}/api/companies/552032534`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
