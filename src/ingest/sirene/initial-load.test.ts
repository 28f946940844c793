import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { generateSirene } from '../generate/sirene';
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

/**
 * The first full stock after the real sample: the table holds a few rows, the file is large. It is
 * loaded like an empty table (indexes dropped, COPY), the rows of keys already stored are held
 * back and upserted afterwards, and the result is the same as through the upsert alone.
 */
describe('large stock over a few stored rows', () => {
  let fast: DbHandle;
  let slow: DbHandle;
  const dir = tempDir();
  let stock = '';
  beforeAll(async () => {
    [fast, slow] = await Promise.all([createTestDb(), createTestDb()]);
    const few = [
      ['recherche-entreprises', sample('recherche-entreprises/search-130025265.json')],
      ['recherche-entreprises', sample('recherche-entreprises/search-300025764.json')],
      ['sirene-etab', sample('sirene/StockEtablissement_utf8_sample.csv')],
    ] as const;
    for (const db of [fast, slow]) for (const [source, file] of few) await run(db, source, file);
    await generateSirene(dir, { companies: 400, seed: 7 });
    const generated = readFileSync(`${dir}/StockUniteLegale_SYNTHETIQUE_400.csv`, 'utf8')
      .trimEnd()
      .split('\n');
    const header = generated[0]!.split(',');
    const at = (name: string) => header.indexOf(name);
    // Rows of the generated stock reassigned to the SIRENs already stored: these must be upserted
    // by the source and date rules, the others copied.
    const stored = await rows<{ siren: string }>(fast, 'SELECT siren FROM companies ORDER BY 1');
    expect(stored.length).toBeGreaterThan(1);
    const reassigned = stored.map(({ siren }, i) => {
      const f = generated[i + 1]!.split(',');
      f[at('siren')] = siren;
      f[at('dateDernierTraitementUniteLegale')] = '2030-01-01T00:00:00';
      return f.join(',');
    });
    stock = writeTemp(
      dir,
      'stock.csv',
      [header.join(','), ...reassigned, ...generated.slice(stored.length + 1)].join('\n'),
    );
  });
  afterAll(async () => Promise.all([fast?.close(), slow?.close()]));

  // Two databases loaded a moment apart: every column but the times of the writes.
  const table = (db: DbHandle) =>
    rows(
      db,
      `SELECT to_jsonb(c) - 'updated_at' - 'first_seen_at' AS r FROM companies c ORDER BY siren`,
    ).then((r) => r.map((x) => x.r));
  const firstSeen = (db: DbHandle) =>
    rows(db, `SELECT siren, first_seen_at::text AS t FROM companies ORDER BY siren`);

  it('gives the same rows, counts and open establishments as the upsert', async () => {
    const a = await run(fast, 'sirene-ul', stock, { directLoadFromBytes: 0 });
    const b = await run(slow, 'sirene-ul', stock, { directLoad: false });
    expect(a.phases.indexRebuild).toBeDefined();
    expect(b.phases.indexRebuild).toBeUndefined();
    expect(a).toMatchObject({ inserted: b.inserted, updated: b.updated, unchanged: b.unchanged });
    expect(a.updated).toBeGreaterThan(0);
    expect(await table(fast)).toEqual(await table(slow));
    expect(await count(fast, 'companies', 'open_establishments > 0')).toBeGreaterThan(0);
    const idx = await rows<{ indexname: string }>(
      fast,
      `SELECT indexname FROM pg_indexes WHERE tablename = 'companies' ORDER BY 1`,
    );
    expect(idx.map((i) => i.indexname)).toEqual([
      'companies_first_seen_idx',
      'companies_pkey',
      'companies_similar_idx',
    ]);
  });

  it('changes nothing when the same stock comes again (every row then held back)', async () => {
    // Not even when a company entered the base (the saved searches' « new »).
    const seen = await firstSeen(fast);
    const again = await run(fast, 'sirene-ul', stock, { directLoadFromBytes: 0 });
    expect(await firstSeen(fast)).toEqual(seen);
    expect(again).toMatchObject({ inserted: 0, updated: 0, rejected: 0 });
    expect(again.unchanged).toBe(again.read);
    expect(await table(fast)).toEqual(await table(slow));
  });
});
