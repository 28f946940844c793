import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { countEvent } from '@/lib/stats';
import { connectPostgres } from '@/db/client';
import { startEmbeddedServer } from '@/db/embedded-server';
import { Health, readinessDatabase, SLOW_CHECK_GRACE_MS, type Readiness } from './health';
import { routeGroup, SiteMetrics } from './metrics';
import { siteHandler } from './site';
import { rawRequest, startTestServer, type TestServer } from './testing';

/**
 * `/healthz`, `/readyz` and `/metrics` through the site's pipeline (src/server/site.ts), on a
 * real database: what a load balancer and Prometheus see.
 */
let h: DbHandle;
let server: TestServer;
let jobsRunning = true;
let draining = false;
let journalPath = path.resolve('drizzle/meta/_journal.json');
let health: Health;
const TOKEN = 't'.repeat(40);

function makeHealth() {
  return new Health({
    db: () => h.db,
    jobsExpected: true,
    jobsRunning: () => jobsRunning,
    draining: () => draining,
    journalPath,
    // A new instant each call: no answer is reused from the one-second cache between checks.
    now: (() => {
      let t = 0;
      return () => Date.now() + (t += 5000);
    })(),
  });
}

beforeAll(async () => {
  h = await createTestDb();
  health = makeHealth();
  const metrics = new SiteMetrics({ db: () => h.db, pools: () => [] });
  server = await startTestServer(
    siteHandler({
      door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
      registryApi: () => false,
      next: async (_req, res) => {
        res.statusCode = 404;
        res.end('introuvable');
      },
      get health() {
        return health;
      },
      metrics: { metrics, token: TOKEN },
      draining: () => draining,
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await h?.close();
});

/** A new checker, reading the settings the test just changed. */
const renew = () => {
  health = makeHealth();
};
const json = (body: Buffer) => JSON.parse(body.toString()) as Record<string, unknown>;

describe('/healthz and /readyz', () => {
  it('answers ready, as JSON never cached, when every check passes; /healthz always', async () => {
    renew();
    const live = await rawRequest(`${server.base}/healthz`);
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(json(live.body)).toEqual({ status: 'ok' });
    const ready = await rawRequest(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
    const body = json(ready.body) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'jobs', 'migrations', 'search']);
    const post = await rawRequest(`${server.base}/readyz`, {}, 'POST');
    expect(post.status).toBe(405);
  });

  it('is not ready when a migration of drizzle/ is not applied', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ when: number; tag: string }>;
    };
    journal.entries.push({ when: Date.now() + 86_400_000, tag: '9999_future' });
    const saved = journalPath;
    journalPath = path.join(dir, '_journal.json');
    writeFileSync(journalPath, JSON.stringify(journal));
    try {
      renew();
      const res = await rawRequest(`${server.base}/readyz`);
      expect(res.status).toBe(503);
      const body = json(res.body) as { checks: Record<string, { ok: boolean; detail?: string }> };
      // Anyone sees which check failed; why, only the log and the process itself.
      expect(body.checks.migrations).toEqual({ ok: false });
      expect((await health.readiness()).checks.migrations).toEqual({
        ok: false,
        detail: 'des migrations de drizzle/ ne sont pas appliquées',
      });
    } finally {
      journalPath = saved;
    }
  });

  it('is not ready without its job worker, nor with a full search rebuild long pending', async () => {
    jobsRunning = false;
    renew();
    const res = await rawRequest(`${server.base}/readyz`);
    expect(res.status).toBe(503);
    expect(json(res.body)).toMatchObject({ checks: { jobs: { ok: false } } });
    expect(JSON.stringify((await health.readiness()).checks.jobs)).toContain(
      'le traitement des tâches n’est pas démarré',
    );
    jobsRunning = true;
    await h.db.execute(
      sql`INSERT INTO search_index_state (id, full_rebuild, updated_at)
          VALUES (1, true, now() - interval '1 hour')
          ON CONFLICT (id) DO UPDATE SET full_rebuild = true, updated_at = now() - interval '1 hour'`,
    );
    renew();
    const stale = await rawRequest(`${server.base}/readyz`);
    expect(stale.status).toBe(503);
    expect(JSON.stringify(await health.readiness())).toContain('search:reindex');
    expect(stale.body.toString()).not.toContain('search:reindex');
    await h.db.execute(sql`UPDATE search_index_state SET full_rebuild = false`);
  });

  it('answers at once while its database is slow, and stays ready until slowness lasts or an error comes', async () => {
    // The database as a saturated process sees it: its queries wait (`slow`), or fail (`broken`).
    let release: () => void = () => {};
    let slow: Promise<void> | null = null;
    let broken = false;
    const db = {
      execute: async (query: unknown) => {
        if (broken) throw new Error('connexion refusée');
        if (slow) await slow;
        return (h.db as { execute: (q: unknown) => Promise<unknown> }).execute(query);
      },
    } as unknown as Db;
    let t = 1_000_000;
    health = new Health({
      db: () => db,
      jobsExpected: false,
      jobsRunning: () => true,
      draining: () => false,
      journalPath,
      now: () => t,
    });
    /** Asks until the background checks give what is expected (each ask may start them again). */
    const until = async (expected: (r: Readiness) => boolean): Promise<Readiness> => {
      for (let i = 0; i < 100; i++) {
        const r = await health.readiness();
        if (expected(r)) return r;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`état attendu non atteint : ${JSON.stringify(await health.readiness())}`);
    };
    try {
      expect((await rawRequest(`${server.base}/readyz`)).status).toBe(200);
      // The database stops answering: the load balancer's check still gets the last state at once
      // (before, it waited for the check and got 503 after 2 s: the process taken out).
      slow = new Promise((r) => (release = r));
      t += 2000;
      const busy = await rawRequest(`${server.base}/readyz`);
      expect(busy.status).toBe(200);
      // The check in the background gets no answer in time: slow, still ready within the grace.
      const late = await until((r) => r.checks.database?.detail !== undefined);
      expect(late.status).toBe('ok');
      expect(late.checks.database).toEqual({
        ok: true,
        detail: 'lent : pas de réponse en 2000 ms',
      });
      // Slow for longer than the grace since its last success: unready.
      t += SLOW_CHECK_GRACE_MS;
      const gone = await until((r) => r.status !== 'ok');
      expect(gone.checks.database).toEqual({ ok: false, detail: 'pas de réponse en 2000 ms' });
      expect((await rawRequest(`${server.base}/readyz`)).status).toBe(503);
      // It answers again: ready; then an error, right after a success, is unready at once.
      release();
      slow = null;
      t += 2000;
      await until((r) => r.status === 'ok');
      broken = true;
      t += 2000;
      const down = await until((r) => r.status !== 'ok');
      expect(down.checks.database).toEqual({ ok: false, detail: 'connexion refusée' });
      // The driver's words (they quote the SQL) never reach the public answer.
      const shown = await rawRequest(`${server.base}/readyz`);
      expect(json(shown.body)).toEqual({
        status: 'unavailable',
        checks: { database: { ok: false } },
      });
    } finally {
      release();
      renew();
    }
  });

  it('answers draining, and closes every connection, once a shutdown began', async () => {
    draining = true;
    try {
      const res = await rawRequest(`${server.base}/readyz`);
      expect(res.status).toBe(503);
      expect(json(res.body)).toEqual({ status: 'draining', checks: {} });
      expect(res.headers.connection).toBe('close');
      expect((await rawRequest(`${server.base}/healthz`)).status).toBe(200);
    } finally {
      draining = false;
    }
  });
});

describe('/readyz on the embedded database', () => {
  it('reaches the database on the one-connection server `npm start` runs (the checks share the site’s pool)', async () => {
    const embedded = await startEmbeddedServer(undefined);
    const site = connectPostgres(embedded.url, 1, { preparedStatements: false });
    const checks = readinessDatabase(embedded.url, 1, () => site.db);
    try {
      // No migration applied here: the database check is the one the second connection failed.
      const ready = await new Health({
        db: checks.db,
        jobsExpected: false,
        jobsRunning: () => true,
        draining: () => false,
      }).readiness();
      expect(ready.checks.database).toEqual({ ok: true });
    } finally {
      await checks.close();
      await site.close();
      await embedded.stop();
    }
  }, 120_000);
});

describe('/metrics', () => {
  it('refuses without the token, and names route groups, never raw paths', async () => {
    expect((await rawRequest(`${server.base}/metrics`)).status).toBe(401);
    expect(
      (await rawRequest(`${server.base}/metrics`, { authorization: `Bearer ${'x'.repeat(40)}` }))
        .status,
    ).toBe(401);
    await rawRequest(`${server.base}/entreprises/552032534`);
    await rawRequest(`${server.base}/entreprises/120027016`);
    await rawRequest(`${server.base}/nimporte/quoi/${'a'.repeat(30)}`);
    countEvent('mails', { result: 'sent' });
    await h.db.execute(
      sql`INSERT INTO orders (id, user_id, kind, same_order_key, formats, state, price_excl_vat_cents, vat_cents, total_cents)
          VALUES ('o-metrics', 'u1', 'kbis', 'k', '{pdf}', 'completed', 100, 20, 120)`,
    );
    const res = await rawRequest(`${server.base}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body.toString();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/entreprises\/\[siren\]",method="GET",status="404"\} 2/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="other",method="GET",status="404"\} 1/,
    );
    expect(text).not.toContain('552032534');
    expect(text).toMatch(/mails_total\{result="sent"\} [1-9]/);
    expect(text).toMatch(/orders\{state="completed"\} 1/);
    expect(text).toContain('metrics_database_ok 1');
    expect(text).toContain('search_index_stale_companies 0');
  });

  it('groups paths by the route table', () => {
    expect(routeGroup('/api/companies/552032534?x=1')).toBe('/api/companies/[siren]');
    expect(routeGroup('/_next/static/chunks/a.js')).toBe('/_next/static');
    expect(routeGroup('/readyz')).toBe('/readyz');
    expect(routeGroup('/%ZZ')).toBe('other');
  });
});
