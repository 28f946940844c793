/**
 * The full-size France generator (issue 40) at small scale: deterministic, its two stocks agree
 * with each other and with the stated shares, coordinates fall in their territory, names are
 * obviously generated; and what it writes loads through the real importers on PGlite and
 * PostgreSQL (DATABASE_URL): the stocks by the initial-load path, then a day of changes in the
 * Sirene API's answer format, a BODACC issue and RNE documents through the upserts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { sireneXyToWgs84 } from '@/search/geo/projections';
import { inFrance } from '@/search/geo/grid';
import { sql } from 'drizzle-orm';
import { rebuildSearchIndex, refreshStaleSearchIndex } from '@/search/indexer';
import { importFile } from '../core/run';
import { IMPORTERS } from '../sources';
import { tempDir } from '../testing';
import { franceUnit, SHARES, writeFranceStock } from './france';
import { writeFranceDay } from './france-day';
import { writeFranceBodacc, writeFranceRne } from './france-documents';
import { fileSink } from './stock';

const UNITS = 3000;
const dir = tempDir('france-');
const files = {
  ul: path.join(dir, 'StockUniteLegale_SYNTHETIQUE.csv.gz'),
  et: path.join(dir, 'StockEtablissement_SYNTHETIQUE.csv'),
  dayUl: path.join(dir, 'api_ul_SYNTHETIQUE.json.gz'),
  dayEt: path.join(dir, 'api_etab_SYNTHETIQUE.json'),
  bodacc: path.join(dir, 'RCS-A_BXA_SYNTHETIQUE.xml'),
  rne: path.join(dir, 'rne_SYNTHETIQUE.json'),
};

const read = (f: string) => {
  const raw = readFileSync(f);
  return (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
};
/** The generated CSV never quotes a comma (no value holds one): a split is enough here. */
const csvRows = (f: string) => {
  const [head, ...lines] = read(f).trimEnd().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => {
    const v = l.split(',');
    return Object.fromEntries(cols.map((c, k) => [c, v[k] ?? '']));
  });
};

let h: DbHandle;
beforeAll(async () => {
  await writeFranceStock('ul', fileSink(files.ul), { seed: 40, to: UNITS });
  await writeFranceStock('et', fileSink(files.et), { seed: 40, to: UNITS });
  await writeFranceDay('ul', fileSink(files.dayUl), { seed: 40, units: UNITS, day: 1, count: 200 });
  await writeFranceDay('et', fileSink(files.dayEt), { seed: 40, units: UNITS, day: 1, count: 300 });
  await writeFranceBodacc(fileSink(files.bodacc), {
    seed: 40,
    from: 0,
    to: UNITS,
    every: 5,
    issue: 1,
  });
  await writeFranceRne(fileSink(files.rne), { seed: 40, from: 0, to: UNITS, every: 5 });
  h = await createTestDb();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('the France generator', () => {
  it('is deterministic unit by unit, and its stocks agree with each other and the stated shares', async () => {
    expect(franceUnit(40, 1234)).toEqual(franceUnit(40, 1234));
    expect(franceUnit(40, 1234)).not.toEqual(franceUnit(41, 1234));
    const again = path.join(dir, 'again_SYNTHETIQUE.csv.gz');
    await writeFranceStock('ul', fileSink(again), { seed: 40, to: UNITS });
    expect(read(again)).toBe(read(files.ul));

    const units = csvRows(files.ul);
    const ets = csvRows(files.et);
    expect(units).toHaveLength(UNITS);
    const share = (n: number) => n / UNITS;
    const natural = units.filter((u) => u.categorieJuridiqueUniteLegale === '1000').length;
    expect(Math.abs(share(natural) - SHARES.naturalPerson)).toBeLessThan(0.03);
    const ceased = units.filter((u) => u.etatAdministratifUniteLegale === 'C').length;
    expect(Math.abs(share(ceased) - SHARES.ceased)).toBeLessThan(0.03);
    expect(
      units.some((u) => u.statutDiffusionUniteLegale === 'P' && u.nomUniteLegale === '[ND]'),
    ).toBe(true);
    // Every establishment's unit is in the other file; one head office each, the unit's NIC.
    const sirens = new Set(units.map((u) => u.siren));
    expect(ets.every((e) => sirens.has(e.siren!))).toBe(true);
    const heads = ets.filter((e) => e.etablissementSiege === 'true');
    expect(heads).toHaveLength(UNITS);
    expect(heads.every((e) => e.nic === '00012')).toBe(true);
    expect(new Set(ets.map((e) => e.siret)).size).toBe(ets.length);
    const perUnit = ets.length / UNITS;
    expect(perUnit).toBeGreaterThan(1.25);
    expect(perUnit).toBeLessThan(1.55);
    // Names are obviously generated: a made-up word in each legal person's name.
    const legal = units.filter((u) => u.denominationUniteLegale);
    expect(
      legal.every((u) =>
        /(^| )([BCDFGKLMNPRSTVZ][AEIOU]){2,3}( |$)/.test(u.denominationUniteLegale!),
      ),
    ).toBe(true);
  });

  it('places establishments in their territory: Lambert-93 in France, UTM overseas', () => {
    const ets = csvRows(files.et).filter(
      (e) =>
        e.coordonneeLambertAbscisseEtablissement &&
        e.coordonneeLambertAbscisseEtablissement !== '[ND]',
    );
    expect(ets.length).toBeGreaterThan(csvRows(files.et).length * 0.75);
    const overseas = ets.filter((e) => e.codeCommuneEtablissement!.startsWith('97'));
    expect(overseas.length).toBeGreaterThan(0);
    let placed = 0;
    for (const e of ets) {
      const p = sireneXyToWgs84(
        e.codeCommuneEtablissement!,
        Number(e.coordonneeLambertAbscisseEtablissement),
        Number(e.coordonneeLambertOrdonneeEtablissement),
      );
      if (p && inFrance(p.lat, p.lon)) placed++;
    }
    expect(placed / ets.length).toBeGreaterThan(0.97);
  });

  it('loads through the importers: stocks, then a day of API changes, BODACC and RNE', async () => {
    const run = (source: keyof typeof IMPORTERS, file: string) =>
      importFile(h, source, IMPORTERS[source], file, { progress: 'off', directLoadFromBytes: 0 });
    const ul = await run('sirene-ul', files.ul);
    expect([ul.inserted, ul.rejected]).toEqual([UNITS, 0]);
    const et = await run('sirene-etab', files.et);
    expect(et.rejected).toBe(0);
    expect(et.inserted).toBe(csvRows(files.et).length);

    const dayUl = await run('sirene-ul', files.dayUl);
    expect(dayUl.rejected).toBe(0);
    expect(dayUl.inserted).toBe(10); // 5 % created that day
    expect(dayUl.updated).toBe(190);
    const dayEt = await run('sirene-etab', files.dayEt);
    expect(dayEt.rejected).toBe(0);
    expect(dayEt.inserted + dayEt.updated).toBe(300);
    const [dated] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM companies WHERE sirene_updated_at::date = '2026-12-01'`,
    );
    expect(dated!.n).toBe(200);

    // The index up to date, then a BODACC issue and RNE documents: only the companies they wrote
    // to are stale, an incremental update, never the whole index (45 min at 29 M).
    await rebuildSearchIndex(h.db);
    const state = async () =>
      (
        await queryRows<{ full: boolean; stale: number }>(
          h.db,
          sql`SELECT (SELECT full_rebuild FROM search_index_state WHERE id = 1) AS full,
            (SELECT count(*)::int FROM search_stale_sirens) AS stale`,
        )
      )[0]!;
    const bodacc = await run('bodacc', files.bodacc);
    expect(bodacc.rejected).toBe(0);
    expect(bodacc.read).toBeGreaterThan(100);
    expect(await state()).toEqual({ full: false, stale: bodacc.read });
    const rne = await run('rne', files.rne);
    expect(rne.rejected).toBe(0);
    expect((await state()).full).toBe(false);
    expect((await refreshStaleSearchIndex(h.db)).kind).toBe('incremental');
    expect(await state()).toEqual({ full: false, stale: 0 });
    const [directors] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM directors WHERE source = 'rne' AND kind = 'person'`,
    );
    expect(directors!.n).toBeGreaterThan(rne.read);
  });
});
