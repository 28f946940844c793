import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { createTestDb } from './testing';
import journal from '../../drizzle/meta/_journal.json';

describe(`migrations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  it('creates every registry table', async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    const names = rows.map((r) => r.table_name);
    for (const t of [
      'companies',
      'establishments',
      'directors',
      'notices',
      'financials',
      'brands',
    ]) {
      expect(names).toContain(t);
    }
  });

  it('installs pg_trgm and an immutable unaccent usable in expressions', async () => {
    const [row] = await queryRows<{ folded: string; sim: number }>(
      handle.db,
      sql`SELECT immutable_unaccent('Société Générale à Évry') AS folded, similarity('danone', 'danonne') AS sim`,
    );
    expect(row?.folded).toBe('Societe Generale a Evry');
    expect(Number(row?.sim)).toBeGreaterThan(0.4);
  });

  it('is idempotent: running the migrations again changes nothing', async () => {
    await runMigrations(handle);
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBe(journal.entries.length);
  });

  it('gives each test file its own database, every migration applied, from the one template', async () => {
    const other = await createTestDb();
    try {
      const applied = (h: DbHandle) =>
        queryRows<{ n: number }>(
          h.db,
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        );
      expect((await applied(other))[0]?.n).toBe(journal.entries.length);
      await other.db.execute(sql`CREATE TABLE template_probe (id int)`);
      const seen = await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'template_probe'`,
      );
      expect(seen[0]?.n).toBe(0);
      const fresh = await createTestDb();
      try {
        const inFresh = await queryRows<{ n: number }>(
          fresh.db,
          sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'template_probe'`,
        );
        expect(inFresh[0]?.n).toBe(0);
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });

  it('lets the event loop turn while a test runs queries back to back', async () => {
    // In-process PGlite answers in microtasks only: without a turn now and then, Vitest's worker
    // could not answer its runner (src/db/testing.ts).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const start = performance.now();
      while (performance.now() - start < 300) await handle.db.execute(sql`SELECT 1`);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
