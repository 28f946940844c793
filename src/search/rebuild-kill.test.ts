import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { childProcessDb, type ChildProcessDb } from '@/db/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { rebuildSearchIndex } from './indexer';
import { REBUILT_TABLES, shadowSchemaOf } from './shadow';

/**
 * A full rebuild of the search index killed with SIGKILL once its shadow tables are filled (the
 * TEST_KILL_AT hook, src/lib/kill-point.ts), then run again (issue 40): meanwhile the previous
 * index is served unchanged, and the rerun swaps in the same rows, keys and indexes. The rebuild
 * runs as a child process (`npm run search:reindex`) on the test's own database: a PGlite
 * directory, or a fresh PostgreSQL database with DATABASE_URL.
 */
let target: ChildProcessDb;

beforeAll(async () => {
  target = await childProcessDb('reindex_kill');
  const h = await target.open();
  try {
    await runMigrations(h);
    await insertRegistryFixtures(h.db);
    await rebuildSearchIndex(h.db);
  } finally {
    await h.close();
  }
}, 120_000);
afterAll(async () => target?.drop());

function runReindex(killAt?: 'index') {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve) => {
      // Through tsx, as `npm run search:reindex` runs it (compiled, each start would save about
      // one CPU-second of a test that spends most of its time rebuilding).
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/search-reindex.ts'], {
        env: { ...process.env, ...target.env, APP_ENV: 'test', TEST_KILL_AT: killAt ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('exit', (code, signal) => resolve({ code, signal, output }));
    },
  );
}

type Snapshot = {
  rows: Record<string, { n: number; digest: string | null }>;
  catalogue: string[];
  shadow: boolean;
};

/** Every rebuilt table's rows (count and digest), its keys, indexes and sequences, by name. */
async function snapshot(): Promise<Snapshot> {
  const h = await target.open();
  try {
    const rows: Snapshot['rows'] = {};
    for (const table of REBUILT_TABLES) {
      const [r] = await queryRows<{ n: number; digest: string | null }>(
        h.db,
        sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest
          FROM ${table} t`),
      );
      rows[table] = r!;
    }
    const catalogue = await queryRows<{ item: string }>(
      h.db,
      sql`SELECT 'index ' || pg_get_indexdef(x.indexrelid) AS item FROM pg_index x
          JOIN pg_class t ON t.oid = x.indrelid
          WHERE t.relnamespace = current_schema()::regnamespace AND t.relname LIKE 'search\\_%'
        UNION ALL
        SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' ||
            pg_get_constraintdef(oid)
          FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
            AND conrelid::regclass::text LIKE 'search\\_%'
        UNION ALL
        SELECT 'default ' || a.attrelid::regclass::text || '.' || a.attname || ' ' ||
            pg_get_expr(d.adbin, d.adrelid)
          FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
          JOIN pg_class t ON t.oid = a.attrelid
          WHERE t.relnamespace = current_schema()::regnamespace AND t.relname LIKE 'search\\_%'
        UNION ALL
        SELECT 'sequence ' || pg_get_serial_sequence('search_names', 'id')
        ORDER BY 1`,
    );
    const [s] = await queryRows<{ shadow: boolean }>(
      h.db,
      sql`SELECT EXISTS (SELECT FROM pg_namespace WHERE nspname = ${shadowSchemaOf('public')})
        AS shadow`,
    );
    return { rows, catalogue: catalogue.map((c) => c.item), shadow: s!.shadow };
  } finally {
    await h.close();
  }
}

describe('a full rebuild of the search index killed mid-way (issue 40)', () => {
  it(
    'leaves the previous index served, and the rerun builds the same one',
    { timeout: 300_000 },
    async () => {
      const before = await snapshot();
      expect(before.shadow).toBe(false);
      expect(before.rows.search_companies!.n).toBeGreaterThan(0);
      expect(before.rows.search_postings!.n).toBeGreaterThan(0);
      expect(before.catalogue.filter((c) => c.startsWith('index ')).length).toBeGreaterThan(20);

      const killed = await runReindex('index');
      expect(killed.signal).toBe('SIGKILL');
      const during = await snapshot();
      // The shadow tables were left half-built; the served index is the previous one, whole.
      expect(during.shadow).toBe(true);
      expect(during.rows).toEqual(before.rows);
      expect(during.catalogue).toEqual(before.catalogue);

      const rerun = await runReindex();
      expect(rerun.code, rerun.output).toBe(0);
      const after = await snapshot();
      expect(after.shadow).toBe(false);
      expect(after.rows).toEqual(before.rows);
      expect(after.catalogue).toEqual(before.catalogue);
    },
  );
});
