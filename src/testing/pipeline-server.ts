/**
 * The web server's pipeline for a test file (src/server/site.ts: the front door, then the
 * registry API's fast path) on a real loopback port, reading the database `db()` returns at each
 * request; a stand-in for Next.js answers 599 (« left to Next.js »). Started before the file's
 * tests, closed after them: call it after `siteDbForFile()`. `base` once `beforeAll` has run.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/db/client';
import { serveRegistryApi } from '@/server/registry-api';
import { siteHandler } from '@/server/site';
import { startTestServer, type TestServer } from '@/server/testing';

export function pipelineServerForFile(db: () => Db): { readonly base: string } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(
      siteHandler({
        door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
        registryApi: (req, res) => serveRegistryApi(req, res, db),
        next: async (_req, res) => {
          res.statusCode = 599;
          res.end();
        },
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  return {
    get base() {
      if (!server) throw new Error('serveur de test pas encore démarré (beforeAll)');
      return server.base;
    },
  };
}
