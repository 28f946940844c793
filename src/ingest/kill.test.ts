import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { childProcessDb, type ChildProcessDb } from '@/db/testing';
import { compiledEntry } from '@/testing/compiled-entry';
import { rebuildSearchIndex } from '@/search/indexer';

/**
 * An import killed with SIGKILL at each of its steps (COPY, upsert, search-index step; the
 * TEST_KILL_AT hook of src/lib/kill-point.ts), then run again: data and search index must end in
 * agreement. The import (src/ingest/cli.ts compiled once) runs as a child process on the test's own
 * database, migrated already: a PGlite directory, or a fresh PostgreSQL database with DATABASE_URL.
 */
const FILE_A = 'data/samples/sirene/StockUniteLegale_echantillon_joao-sdx.csv'; // 9 units
const FILE_B = 'data/samples/sirene/StockUniteLegale_utf8_sample.csv'; // 3 more

let cli: string;
let target: ChildProcessDb;

beforeAll(async () => {
  cli = await compiledEntry('src/ingest/cli.ts');
  target = await childProcessDb('kill', { migrated: true, poolMax: 1 });
});
afterAll(async () => target?.drop());

/** `npm run import -- sirene-ul <file>` in a child process; its exit code or signal. */
function runImport(file: string, killAt?: 'copy' | 'upsert' | 'index') {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [cli, 'sirene-ul', file, '--sans-progression'], {
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

type State = { companies: number; indexed: number; names: number; full: boolean; stale: number };

async function state(handle: DbHandle): Promise<State> {
  const [s] = await queryRows<State>(
    handle.db,
    sql`SELECT (SELECT count(*)::int FROM companies) AS companies,
               (SELECT count(*)::int FROM search_companies) AS indexed,
               (SELECT count(*)::int FROM search_names) AS names,
               (SELECT full_rebuild FROM search_index_state WHERE id = 1) AS full,
               (SELECT count(*)::int FROM search_stale_sirens) AS stale`,
  );
  return s!;
}

async function inspect<T>(fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await target.open();
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** Data and index agree: nothing marked stale, and a rebuild from scratch changes nothing. */
async function expectAgreement(companies: number) {
  await inspect(async (handle) => {
    const now = await state(handle);
    expect(now).toMatchObject({ companies, full: false, stale: 0 });
    expect(now.indexed).toBe(companies);
    await rebuildSearchIndex(handle.db);
    expect(await state(handle)).toEqual(now);
  });
}

describe('an import killed at each step', () => {
  it('leaves data and search index in agreement after a re-run', { timeout: 600_000 }, async () => {
    // Killed during COPY: nothing committed.
    const copy = await runImport(FILE_A, 'copy');
    expect(copy.signal).toBe('SIGKILL');
    expect(await inspect(state)).toMatchObject({ companies: 0, indexed: 0 });

    // Killed during the index step of an initial load: the data are in, the index is marked.
    const index = await runImport(FILE_A, 'index');
    expect(index.signal).toBe('SIGKILL');
    expect(await inspect(state)).toMatchObject({ companies: 9, indexed: 0, full: true });
    // The re-run finds no data to change, and rebuilds what is stale.
    const again = await runImport(FILE_A);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('9 inchangés');
    await expectAgreement(9);

    // Killed during the upsert into a loaded table: nothing of the file committed.
    const upsert = await runImport(FILE_B, 'upsert');
    expect(upsert.signal).toBe('SIGKILL');
    expect(await inspect(state)).toMatchObject({ companies: 9, indexed: 9, stale: 0 });

    // Killed during an incremental index update: the three units are marked stale.
    const update = await runImport(FILE_B, 'index');
    expect(update.signal).toBe('SIGKILL');
    expect(await inspect(state)).toMatchObject({ companies: 12, indexed: 9, stale: 3 });
    const last = await runImport(FILE_B);
    expect(last.code, last.output).toBe(0);
    expect(last.output).toContain('Index de recherche mis à jour pour 3 entreprise(s)');
    await expectAgreement(12);
  });
});
