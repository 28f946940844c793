import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { count, rows, run, sample, tempDir, writeTemp } from '../testing';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe('initial load of an empty table', () => {
  it('falls back to upserts when a key repeats, keeping the newest row, and restores the indexes', async () => {
    const lines = readFileSync(sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    const newer = lines[1]!
      .replace('2025-12-06T05:25:38', '2026-04-01T00:00:00')
      .replace('ETS J VIRLY S A', 'ETS J VIRLY');
    // The newer version first, the older one after: the older must not win.
    const file = writeTemp(tempDir(), 'dup.csv', [lines[0], newer, ...lines.slice(1)].join('\n'));
    const s = await run(db, 'sirene-ul', file);
    expect(s).toMatchObject({ read: 10, inserted: 9, updated: 0, unchanged: 1, rejected: 0 });
    const [c] = await rows(db, `SELECT name FROM companies WHERE siren = '016750697'`);
    expect(c).toEqual({ name: 'ETS J VIRLY' });
    const idx = await rows<{ indexname: string }>(
      db,
      `SELECT indexname FROM pg_indexes WHERE tablename = 'companies' ORDER BY 1`,
    );
    expect(idx.map((i) => i.indexname)).toEqual(
      expect.arrayContaining(['companies_pkey', 'companies_similar_idx']),
    );
    expect(await count(db, 'companies')).toBe(9);
  });
});
