import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

  it('derived while the stock streams: the same companies as the refresh after the file, sorted or not, over a sample', async () => {
    const ul = `${dir}/StockUniteLegale_SYNTHETIQUE_300.csv`;
    const stock = readFileSync(`${dir}/StockEtablissement_SYNTHETIQUE_300.csv`, 'utf8')
      .trimEnd()
      .split('\n');
    const sorted = writeTemp(dir, 'et-sorted.csv', stock.join('\n'));
    // Not sorted: the lines in another order (a SIREN met again after its companies were written).
    const body = stock.slice(1);
    const shuffled = writeTemp(
      dir,
      'et-shuffled.csv',
      [stock[0], ...body.filter((_, i) => i % 2 === 1), ...body.filter((_, i) => i % 2 === 0)].join(
        '\n',
      ),
    );
    const h = await createTestDb();
    onTestFinished(() => h.close());
    const companiesAfter = async (
      load: (h: DbHandle) => Promise<void>,
    ): Promise<{ rows: unknown[]; wrong: number }> => {
      await rows(h, 'TRUNCATE companies, establishments, import_runs');
      {
        await run(h, 'sirene-ul', ul, { directLoadFromBytes: 0 });
        await load(h);
        const r = await rows<{ r: unknown }>(
          h,
          `SELECT to_jsonb(c) - 'updated_at' - 'first_seen_at' AS r FROM companies c ORDER BY siren`,
        );
        const wrong = await count(
          h,
          'companies c',
          `c.open_establishments <> (SELECT count(*) FROM establishments e WHERE e.siren = c.siren AND e.status = 'A')
             AND EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren)`,
        );
        const indexes = await count(h, 'pg_indexes', `tablename = 'companies'`);
        expect(indexes).toBeGreaterThan(0);
        const disabled = await count(
          h,
          'pg_trigger',
          `tgrelid = 'companies'::regclass AND NOT tgisinternal AND tgenabled = 'D'`,
        );
        expect(disabled).toBe(0);
        return { rows: r.map((x) => x.r), wrong };
      }
    };
    // The refresh after the file (a file below the size of the stock paths): the reference.
    const reference = await companiesAfter(async (h) => {
      const s = await run(h, 'sirene-etab', sorted, { directLoadFromBytes: 1e12 });
      expect(s.phases.derivedCountsEnd).toBeUndefined();
    });
    expect(reference.wrong).toBe(0);
    for (const file of [sorted, shuffled]) {
      const streamed = await companiesAfter(async (h) => {
        const s = await run(h, 'sirene-etab', file, { directLoadFromBytes: 0 });
        expect(s.phases.derivedCountsEnd).toBeDefined();
      });
      expect(streamed.wrong).toBe(0);
      expect(streamed.rows).toEqual(reference.rows);
    }
    // Over a few establishments stored before (the real sample, then the stock): held back rows
    // and stored ones counted too; one stored establishment is not in the stock at all.
    const overSample = await companiesAfter(async (h) => {
      const few = [stock[0], ...body.filter((_, i) => i % 7 === 0)];
      await run(h, 'sirene-etab', writeTemp(dir, 'et-few.csv', few.join('\n')), {
        directLoad: false,
      });
      const header = stock[0]!.split(',');
      const siret = header.indexOf('siret');
      const nic = header.indexOf('nic');
      const extra = body[3]!.split(',');
      extra[nic] = '99999';
      extra[siret] = `${extra[siret]!.slice(0, 9)}99999`;
      extra[header.indexOf('etatAdministratifEtablissement')] = 'A';
      await run(
        h,
        'sirene-etab',
        writeTemp(dir, 'et-extra.csv', [stock[0], extra.join(',')].join('\n')),
        {
          directLoad: false,
        },
      );
      const s = await run(h, 'sirene-etab', sorted, { directLoadFromBytes: 0 });
      expect(s.phases.derivedCountsEnd).toBeDefined();
    });
    expect(overSample.wrong).toBe(0);
  }, 180_000);

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
