import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { withTransaction } from '../core/conn';
import { generateSirene } from '../generate/sirene';
import { count, rows, run, tempDir, writeTemp } from '../testing';
import { refreshOpenEstablishments } from './unite-legale';

/**
 * companies.open_establishments is derived: the stock load recounts every unit, a daily file only
 * the SIRENs it touched. Either way the stored counts must equal a full recount.
 */
let db: DbHandle;
const dir = tempDir();
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

/** Units whose stored count differs from a recount of their establishments. */
const wrongCounts = () =>
  count(
    db,
    'companies c',
    `EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren)
       AND c.open_establishments <>
         (SELECT count(*) FROM establishments e WHERE e.siren = c.siren AND e.status = 'A')`,
  );

const companiesWithoutCounts = () =>
  rows(
    db,
    `SELECT to_jsonb(c) - 'open_establishments' - 'updated_at' AS r FROM companies c ORDER BY siren`,
  ).then((r) => r.map((x) => x.r));

describe('open establishment counters', () => {
  it('equal a full recount after the stock and after an incremental file', async () => {
    await generateSirene(dir, { companies: 300, establishmentsPerCompany: 1.5, seed: 11 });
    await run(db, 'sirene-ul', `${dir}/StockUniteLegale_SYNTHETIQUE_300.csv`, {
      directLoadFromBytes: 0,
    });
    const stock = readFileSync(`${dir}/StockEtablissement_SYNTHETIQUE_300.csv`, 'utf8')
      .trimEnd()
      .split('\n');
    await run(db, 'sirene-etab', writeTemp(dir, 'et.csv', stock.join('\n')), {
      directLoadFromBytes: 0,
    });
    expect(await count(db, 'companies', 'open_establishments > 0')).toBeGreaterThan(0);
    expect(await wrongCounts()).toBe(0);

    // A daily file: a third of the establishments open or close, with a newer processing date.
    const header = stock[0]!.split(',');
    const status = header.indexOf('etatAdministratifEtablissement');
    const updated = header.indexOf('dateDernierTraitementEtablissement');
    const changed = stock
      .slice(1)
      .filter((_, i) => i % 3 === 0)
      .map((line) => {
        const f = line.split(',');
        f[status] = f[status] === 'A' ? 'F' : 'A';
        f[updated] = '2031-01-01T00:00:00';
        return f.join(',');
      });
    const before = await rows<{ n: number }>(
      db,
      'SELECT sum(open_establishments)::int AS n FROM companies',
    );
    const s = await run(
      db,
      'sirene-etab',
      writeTemp(dir, 'daily.csv', [stock[0], ...changed].join('\n')),
      {
        directLoad: false,
      },
    );
    expect(s.updated).toBe(changed.length);
    const after = await rows<{ n: number }>(
      db,
      'SELECT sum(open_establishments)::int AS n FROM companies',
    );
    expect(after[0]!.n).not.toBe(before[0]!.n);
    expect(await wrongCounts()).toBe(0);
  });

  it('the full rewrite gives the recount and keeps every other column and the triggers', async () => {
    const others = await companiesWithoutCounts();
    await rows(db, 'UPDATE companies SET open_establishments = open_establishments + 7');
    expect(await wrongCounts()).toBeGreaterThan(0);
    await withTransaction(db, (conn) => refreshOpenEstablishments(conn, 'all', 0));
    expect(await wrongCounts()).toBe(0);
    expect(await companiesWithoutCounts()).toEqual(others);
    const disabled = await count(
      db,
      'pg_trigger',
      `tgrelid = 'companies'::regclass AND NOT tgisinternal AND tgenabled = 'D'`,
    );
    expect(disabled).toBe(0);
  });
});
