/**
 * A base whose search index must be rebuilt whole (issue 40): the server serves its pages at once,
 * the search (pages and API) answers 503 « index de recherche en reconstruction » until the
 * rebuild ends, `/readyz` stays ready with its `search` check degraded, and the rebuild is queued
 * as a background job, once. On PGlite and PostgreSQL (DATABASE_URL).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { queueCounts } from '@/jobs';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { rebuildSearchIndex } from '@/search/indexer';
import { Health, publicReadiness, SEARCH_REBUILD_LOCK } from './health';
import {
  gateSearchDuringRebuild,
  queueSearchRebuild,
  rebuildStaleSearchIndex,
} from './search-rebuild';
import { siteHandler } from './site';
import { rawRequest, startTestServer, type TestServer } from './testing';

let h: DbHandle;
let server: TestServer;
let health: Health;

const makeHealth = () =>
  new Health({
    db: () => h.db,
    jobsExpected: false,
    jobsRunning: () => false,
    draining: () => false,
    // A new instant each call: no answer is reused from the one-second cache.
    now: (() => {
      let t = 0;
      return () => Date.now() + (t += 5000);
    })(),
  });

const markFull = (ago = '0 seconds') =>
  h.db.execute(sql`INSERT INTO search_index_state (id, full_rebuild, updated_at)
      VALUES (1, true, now() - ${ago}::interval)
      ON CONFLICT (id) DO UPDATE SET full_rebuild = true, updated_at = now() - ${ago}::interval`);

beforeAll(async () => {
  h = await createTestDb();
  await insertRegistryFixtures(h.db);
  await rebuildSearchIndex(h.db);
  health = makeHealth();
  server = await startTestServer(
    siteHandler({
      door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
      searchGate: (req, res) => gateSearchDuringRebuild(req, res, () => health.searchRebuilding()),
      registryApi: () => false,
      next: async (_req, res) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end('<h1>page rendue</h1>');
      },
      get health() {
        return health;
      },
    }),
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await h?.close();
});

describe('a full rebuild of the search index pending', () => {
  it('serves pages, answers search 503 « en reconstruction » (JSON under /api/), /readyz ready and degraded', async () => {
    await markFull();
    health = makeHealth();
    const ready = await health.readiness();
    expect(ready.status).toBe('ok');
    expect(ready.search).toBe('rebuilding');
    expect(ready.checks.search).toMatchObject({ ok: true, degraded: true });
    expect(ready.checks.search?.detail).toContain('reconstruction complète');
    const probe = await rawRequest(`${server.base}/readyz`);
    expect(probe.status).toBe(200);
    expect(JSON.parse(probe.body.toString())).toMatchObject({
      status: 'ok',
      search: 'rebuilding',
      checks: { search: { ok: true, degraded: true } },
    });

    const page = await rawRequest(`${server.base}/entreprises/552032534/danone`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('page rendue');

    const api = await rawRequest(`${server.base}/api/search/companies?q=danone`);
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBeDefined();
    expect(api.headers['content-type']).toContain('application/json');
    const body = JSON.parse(api.body.toString()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('SEARCH_INDEX_REBUILDING');
    expect(body.error.message).toContain('Index de recherche en reconstruction');
    const suggestions = await rawRequest(`${server.base}/api/suggestions/companies?q=dan`);
    expect(suggestions.status).toBe(503);
    // The drop-in answers in the government API's shape, `{ "erreur": "…" }`.
    for (const path of [
      '/api/recherche-entreprises/search?q=danone',
      '/api/recherche-entreprises/near_point?lat=48.8&long=2.3',
    ]) {
      const dropIn = await rawRequest(`${server.base}${path}`);
      expect(dropIn.status, path).toBe(503);
      expect(dropIn.headers['retry-after'], path).toBe('300');
      expect(dropIn.headers['access-control-allow-origin'], path).toBe('*');
      expect(JSON.parse(dropIn.body.toString()), path).toEqual({
        erreur: expect.stringContaining('index est en reconstruction') as unknown,
      });
    }

    const search = await rawRequest(`${server.base}/rechercher?q=danone`);
    expect(search.status).toBe(503);
    expect(search.headers['content-type']).toContain('text/html');
    expect(search.body.toString()).toContain('Index de recherche en reconstruction');
  });

  it('queues the rebuild once; once it has run, the search answers again', async () => {
    await markFull();
    const queued = async () =>
      (await queueCounts(h.db))
        .filter((c) => c.name === 'search.rebuild' && c.state === 'created')
        .reduce((n, c) => n + c.count, 0);
    expect(await queueSearchRebuild(h.db)).toBe(true);
    expect(await queueSearchRebuild(h.db)).toBe(true);
    expect(await queued()).toBe(1);

    // What the job does (src/server/search-rebuild.ts `searchRebuildJob`).
    const r = await rebuildStaleSearchIndex(h);
    expect(r?.kind).toBe('full');
    expect(await queueSearchRebuild(h.db)).toBe(false);
    health = makeHealth();
    const ready = await health.readiness();
    expect(ready.search).toBeUndefined();
    expect(ready.checks.search?.degraded).toBeUndefined();
    expect(publicReadiness(ready)).not.toHaveProperty('search');
    expect(health.searchRebuilding()).toBe(false);
    const page = await rawRequest(`${server.base}/rechercher?q=danone`);
    expect(page.status).toBe(200);
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'brings stale companies up to date through a pool of one connection (npm start’s), without waiting for a second',
    async () => {
      const url = (h.pool!.options as { connectionString: string }).connectionString;
      const one = connectPostgres(url, 1);
      try {
        await one.db.execute(sql`INSERT INTO search_stale_sirens (siren) VALUES ('552032534')
          ON CONFLICT DO NOTHING`);
        const r = await rebuildStaleSearchIndex(one);
        expect(r).toMatchObject({ kind: 'incremental', sirens: 1 });
        const [left] = await queryRows<{ n: number }>(
          one.db,
          sql`SELECT count(*)::int AS n FROM search_stale_sirens`,
        );
        expect(left?.n).toBe(0);
      } finally {
        await one.close();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'long pending: ready while a process holds the rebuild’s lock, not ready when none does; a second rebuild waits for none',
    async () => {
      await markFull('1 hour');
      health = makeHealth();
      expect((await health.readiness()).status).toBe('unavailable');
      const other = new pg.Client({
        connectionString: (h.pool!.options as { connectionString: string }).connectionString,
      });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1)', [SEARCH_REBUILD_LOCK]);
        health = makeHealth();
        const ready = await health.readiness();
        expect(ready.status).toBe('ok');
        expect(ready.checks.search?.detail).toContain('en cours');
        // Another process rebuilds: this one does not start a second rebuild.
        expect(await rebuildStaleSearchIndex(h)).toBeNull();
      } finally {
        await other.end();
      }
      const [state] = await queryRows<{ full: boolean }>(
        h.db,
        sql`SELECT full_rebuild AS full FROM search_index_state WHERE id = 1`,
      );
      expect(state?.full).toBe(true);
      await rebuildStaleSearchIndex(h);
    },
    120_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'clears the marks it covers, keeps those posted while it builds (shadow tables, issue 40)',
    async () => {
      await h.db.execute(sql`INSERT INTO search_stale_sirens (siren) VALUES ('111111111')
        ON CONFLICT DO NOTHING`);
      await markFull('1 minute');
      let meanwhile: Promise<unknown> | undefined;
      // While the shadow tables fill, on another connection of the pool: an import's marks.
      await rebuildSearchIndex(h.db, {
        onStep: (label) => {
          if (label === 'fill search_companies' && !meanwhile)
            meanwhile = (async () => {
              await h.db.execute(sql`INSERT INTO search_stale_sirens (siren) VALUES ('222222222')`);
              await markFull();
            })();
        },
      });
      expect(meanwhile).toBeDefined();
      await meanwhile;
      const [state] = await queryRows<{ full: boolean; stale: string[] }>(
        h.db,
        sql`SELECT (SELECT full_rebuild FROM search_index_state WHERE id = 1) AS full,
          ARRAY(SELECT siren::text FROM search_stale_sirens ORDER BY 1) AS stale`,
      );
      expect(state).toEqual({ full: true, stale: ['222222222'] });
      await h.db.execute(sql`DELETE FROM search_stale_sirens`);
      await rebuildSearchIndex(h.db);
      const [after] = await queryRows<{ full: boolean }>(
        h.db,
        sql`SELECT full_rebuild AS full FROM search_index_state WHERE id = 1`,
      );
      expect(after?.full).toBe(false);
    },
    120_000,
  );
});
