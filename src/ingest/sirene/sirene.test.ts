import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { getCompanyProfile } from '@/registry/company';
import { listEstablishments } from '@/registry/establishments';
import { count, gzip, rows, run, sample, tempDir, writeTemp, zipOne } from '../testing';

let db: DbHandle;
const dir = tempDir();
const UL35 = sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv');
const UL33 = sample('sirene/StockUniteLegale_utf8_sample.csv');
const ET54 = sample('sirene/StockEtablissement_utf8_sample.csv');
const ET57 = sample('sirene/sample_etablissements_OK.csv');

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

const company = async (siren: string) =>
  (
    await rows(
      db,
      `SELECT *, creation_date::text AS cd, ceased_date::text AS xd, sirene_updated_at::text AS su FROM companies WHERE siren = $1`,
      [siren],
    )
  )[0];

describe('SIRENE stock, real files', () => {
  it('loads the 35-column legal units (current schema, NAF 2025)', async () => {
    const s = await run(db, 'sirene-ul', UL35);
    expect(s).toMatchObject({ read: 9, inserted: 9, updated: 0, rejected: 0 });
    const c = await company('057502510');
    expect(c).toMatchObject({
      name: "ANTINEA COURTAGE D'ASSURANCES",
      sigle: 'SACDROP ASSURANCES',
      other_names: ['SACDROP ASSURANCES'],
      legal_form_code: '5710',
      naf_code: '66.22Z',
      naf_version: 'NAFRev2',
      naf25_code: '66.22Y',
      status: 'A',
      headcount_band: '21',
      headcount_year: 2023,
      category: 'PME',
      ess: false,
      head_office_nic: '00324',
      is_natural_person: false,
      diffusion: 'O',
    });
    expect(c!.cd).toBe('1957-01-01');
    expect(c!.su).toBe('2026-02-02 17:36:03');
    const ceased = await company('057808172');
    expect(ceased).toMatchObject({ status: 'C', other_names: ['COMEGA'] });
    expect(ceased!.xd).toBe('2026-01-01');
    // INSEE writes 1900-01-01 for an unknown creation date.
    expect((await company('063802466'))!.cd).toBeNull();
  });

  it('loads the older 33-column schema (natural persons, purged unit)', async () => {
    const s = await run(db, 'sirene-ul', UL33);
    expect(s).toMatchObject({ read: 3, inserted: 3, rejected: 0 });
    const p = await company('000325175');
    expect(p).toMatchObject({
      is_natural_person: true,
      last_name: 'JANOYER',
      first_names: 'THIERRY',
      name: 'THIERRY JANOYER',
      gender: 'M',
      legal_form_code: '1000',
      employer: false,
      mission_company: null,
      naf25_code: null,
    });
    expect(await company('005410220')).toMatchObject({
      naf_code: '22.02',
      naf_version: 'NAP',
      status: 'C',
    });
  });

  it('loads the 54-column establishments with partial diffusion and head offices', async () => {
    const s = await run(db, 'sirene-etab', ET54);
    expect(s).toMatchObject({ read: 1000, inserted: 1000, rejected: 0 });
    expect(await count(db, 'establishments', "diffusion = 'P'")).toBe(8);
    expect(await count(db, 'establishments', 'is_head_office')).toBe(873);
    const [p] = await rows(db, `SELECT * FROM establishments WHERE siret = '00557250800025'`);
    // [ND] fields are stored as null; the commune stays.
    expect(p).toMatchObject({
      diffusion: 'P',
      address_street: null,
      postcode: null,
      commune_name: 'LE POULIGUEN',
      commune_code: '44135',
      naf25_code: '68.20G',
    });
    const [e] = await rows(
      db,
      `SELECT *, closed_date::text AS cl FROM establishments WHERE siret = '00032517500024'`,
    );
    expect(e).toMatchObject({
      address_number: '1',
      address_street_type: 'PLACE',
      address_street: 'LEONCE DE SEYNES',
      postcode: '84000',
      commune_name: 'AVIGNON',
      signs: ['TAHITI PERLES CREATIONS'],
      status: 'F',
      naf_code: '47.89Z',
      is_head_office: false,
    });
    expect(e!.cl).toBe('2011-10-21');
    // The legal unit 000325175 has six establishments, one of them open.
    expect(await count(db, 'establishments', "siren = '000325175'")).toBe(6);
    expect((await company('000325175'))!.open_establishments).toBe(1);
  });

  it('loads the geocoded 2019 layout (57 columns)', async () => {
    const s = await run(db, 'sirene-etab', ET57);
    expect(s).toMatchObject({ read: 3, inserted: 3, rejected: 0 });
    expect(await count(db, 'establishments', "naf_version = 'NAP'")).toBeGreaterThanOrEqual(3);
  });

  it('is idempotent: a second import changes nothing', async () => {
    for (const [src, f] of [
      ['sirene-ul', UL35],
      ['sirene-ul', UL33],
      ['sirene-etab', ET54],
    ] as const) {
      const s = await run(db, src, f);
      expect(s.inserted).toBe(0);
      expect(s.updated).toBe(0);
      expect(s.unchanged).toBe(s.read);
    }
  });

  it('reads gzip and INSEE zip archives', async () => {
    const gz = writeTemp(dir, 'StockUniteLegale_utf8.csv.gz', gzip(readFileSync(UL35)));
    expect(await run(db, 'sirene-ul', gz)).toMatchObject({ read: 9, unchanged: 9 });
    const zip = writeTemp(
      dir,
      'StockEtablissement_utf8.zip',
      zipOne('StockEtablissement_utf8.csv', readFileSync(ET54)),
    );
    expect(await run(db, 'sirene-etab', zip)).toMatchObject({ read: 1000, unchanged: 1000 });
  });

  it('applies newer data whatever the order, and ignores older data', async () => {
    const text = readFileSync(UL35, 'utf8');
    const older = text.replace(
      '2026-02-17T10:53:59,8,PME,2023,2025-12-15,A,,,PENNEQUIN INVEST',
      '2020-01-01T00:00:00,8,PME,2023,2025-12-15,A,,,ANCIEN NOM',
    );
    const newer = text.replace(
      '2026-02-17T10:53:59,8,PME,2023,2025-12-15,A,,,PENNEQUIN INVEST',
      '2026-03-01T08:00:00,9,PME,2023,2026-02-28,C,,,PENNEQUIN INVEST',
    );
    expect(older).not.toBe(text);
    const s1 = await run(db, 'sirene-ul', writeTemp(dir, 'older.csv', older));
    expect(s1).toMatchObject({ updated: 0, unchanged: 9 });
    expect((await company('017051186'))!.name).toBe('PENNEQUIN INVEST');
    const s2 = await run(db, 'sirene-ul', writeTemp(dir, 'newer.csv', newer));
    expect(s2).toMatchObject({ updated: 1, unchanged: 8 });
    expect(await company('017051186')).toMatchObject({ status: 'C' });
    // Re-importing the original (older) stock afterwards does not undo the change.
    expect(await run(db, 'sirene-ul', UL35)).toMatchObject({ updated: 0 });
    expect(await company('017051186')).toMatchObject({ status: 'C' });
  });

  it('applies a correction that keeps the same date, and reports the SIRENs it changed', async () => {
    const text = readFileSync(UL35, 'utf8');
    const line = '2026-02-17T10:53:59,8,PME,2023,2025-12-15,A,,,PENNEQUIN INVEST';
    const base = text.replace(
      line,
      '2026-04-01T08:00:00,8,PME,2023,2025-12-15,A,,,PENNEQUIN INVEST',
    );
    const fixed = base.replace(',PENNEQUIN INVEST,', ',PENNEQUIN INVEST SAS,');
    expect(fixed).not.toBe(base);
    const s1 = await run(db, 'sirene-ul', writeTemp(dir, 'base.csv', base));
    expect(s1).toMatchObject({ updated: 1, unchanged: 8, changedSirens: ['017051186'] });
    // Same date, other values: the stored hash differs, so the row goes to the upsert.
    const s2 = await run(db, 'sirene-ul', writeTemp(dir, 'fixed.csv', fixed));
    expect(s2).toMatchObject({ updated: 1, unchanged: 8, changedSirens: ['017051186'] });
    expect((await company('017051186'))!.name).toBe('PENNEQUIN INVEST SAS');
    const s3 = await run(db, 'sirene-ul', writeTemp(dir, 'fixed.csv', fixed));
    expect(s3).toMatchObject({ inserted: 0, updated: 0, unchanged: 9, changedSirens: [] });
  });

  it('skips a row whose stored hash matches, in a sorted or an unsorted file', async () => {
    const lines = readFileSync(UL35, 'utf8').trimEnd().split('\n');
    await run(db, 'sirene-ul', UL35);
    const rename = (siren: string) =>
      rows(db, `UPDATE companies SET name = 'RENOMMEE A LA MAIN' WHERE siren = $1`, [siren]);
    // Another writer changed the name without touching the hash: a row skipped by its hash keeps
    // it (a row sent to the upsert would get the file's name back).
    await rename('046620266');
    expect(await run(db, 'sirene-ul', UL35)).toMatchObject({ updated: 0 });
    expect((await company('046620266'))!.name).toBe('RENOMMEE A LA MAIN');
    // Unsorted and sparse: the first and last SIRENs frame 9 stored rows for 2 in the file, so the
    // range read gives way to the per-key lookup, which must find the hashes just as well.
    await rename('076920685');
    const sparse = [lines[0], lines[9], lines[1]].join('\n');
    expect(await run(db, 'sirene-ul', writeTemp(dir, 'sparse.csv', sparse))).toMatchObject({
      read: 2,
      updated: 0,
      unchanged: 2,
    });
    expect((await company('076920685'))!.name).toBe('RENOMMEE A LA MAIN');
  });

  it('rejects bad rows with line and reason, and goes on', async () => {
    const lines = readFileSync(UL35, 'utf8').trimEnd().split('\n');
    const bad = [
      lines[0],
      lines[1],
      lines[2]!.replace('017051186', '17051A86'),
      lines[3]!.replace('1966-01-01', '1966-02-30'),
      lines[4]!.split(',').slice(0, 20).join(','),
      lines[5]!.replace(',O,,1957', ',X,,1957'),
      lines[6],
    ].join('\n');
    const s = await run(db, 'sirene-ul', writeTemp(dir, 'bad.csv', bad), { rejectsDir: dir });
    expect(s.read).toBe(6);
    expect(s.rejected).toBe(4);
    expect(s.rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'SIREN absent ou mal formé : « 17051A86 » (9 chiffres attendus)'],
      [4, 'date invalide dans dateCreationUniteLegale : « 1966-02-30 »'],
      [5, 'nombre de champs incorrect : 20 au lieu de 35'],
      [6, 'valeur inconnue dans statutDiffusionUniteLegale : « X » (attendu : O, P, N)'],
    ]);
    expect(readFileSync(s.rejectsFile!, 'utf8')).toContain('"bad.csv";4;"date invalide');
  });

  it('fails at once on unexpected columns, naming expected and found', async () => {
    const text = readFileSync(UL35, 'utf8').replace('sigleUniteLegale', 'sigle');
    const before = await count(db, 'companies');
    const err = await run(db, 'sirene-ul', writeTemp(dir, 'cols.csv', text)).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/Colonnes inattendues dans cols\.csv/);
    expect((err as Error).message).toMatch(/Manquantes : sigleUniteLegale/);
    expect((err as Error).message).toMatch(/En trop : sigle/);
    expect(await count(db, 'companies')).toBe(before);
    // Establishments given to the legal-unit importer: refused the same way.
    await expect(run(db, 'sirene-ul', ET54)).rejects.toThrow(/Attendu \(StockUniteLegale/);
  });

  it('gives clear errors for empty, truncated and binary files', async () => {
    await expect(run(db, 'sirene-ul', writeTemp(dir, 'empty.csv', ''))).rejects.toThrow(
      'Le fichier empty.csv est vide.',
    );
    const gz = gzip(readFileSync(ET54));
    await expect(
      run(db, 'sirene-etab', writeTemp(dir, 'cut.csv.gz', gz.subarray(0, gz.length / 2))),
    ).rejects.toThrow(/gzip tronquée/);
    const bin = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    await expect(run(db, 'sirene-ul', writeTemp(dir, 'photo.csv', bin))).rejects.toThrow(
      /contenu est binaire/,
    );
    await expect(run(db, 'sirene-ul', `${dir}/absent.csv`)).rejects.toThrow(/Fichier introuvable/);
    // A truncated gzip rolled back: the rows read before the cut are not there.
    expect(await count(db, 'establishments')).toBe(1003);
  });

  it('hides partially diffused data in the read models', async () => {
    // 005572508: legal unit unknown to the UL files, establishments under partial diffusion.
    const lines = readFileSync(UL33, 'utf8').trimEnd().split('\n');
    const protectedPerson = lines[2]!
      .replace('001807254,O', '005572508,P')
      .replace('JACQUES-LUCIEN,,,,JACQUES-LUCIEN', '[ND],,,,[ND]')
      .replace(',BRETON,', ',[ND],');
    await run(db, 'sirene-ul', writeTemp(dir, 'p.csv', `${lines[0]}\n${protectedPerson}\n`));
    expect(await company('005572508')).toMatchObject({
      diffusion: 'P',
      last_name: null,
      first_names: null,
    });
    const r = await getCompanyProfile(db.db, '005572508');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.nameHidden).toBe(true);
    expect(r.value.name).toBeNull();
    const page = await listEstablishments(db.db, r.value);
    expect(page.items.length).toBeGreaterThan(0);
    for (const e of page.items) expect(JSON.stringify(e)).not.toMatch(/\[ND\]/);
  });

  it('applies INSEE API answers (daily changes by last-processing date) through the same path', async () => {
    const s = await run(db, 'sirene-ul', sample('sirene/unite_legale.json'));
    expect(s).toMatchObject({ read: 1, inserted: 1, rejected: 0 });
    expect(await company('026280206')).toMatchObject({
      name: 'PROVOST FRERES',
      legal_form_code: '5710',
      status: 'A',
    });
    expect((await company('026280206'))!.su).toBe('2019-12-01 20:00:57');
    const e = await run(db, 'sirene-etab', sample('sirene/etablissement.json'));
    expect(e).toMatchObject({ read: 1, rejected: 0 });
    const [x] = await rows(db, `SELECT * FROM establishments WHERE siret = '42082007800012'`);
    // Diffusion N (the API's pre-2023 code) is stored as partial diffusion.
    expect(x).toMatchObject({ diffusion: 'P', status: 'F', commune_name: 'SAINT-ANDRE-DU-BOIS' });
    expect(await run(db, 'sirene-etab', sample('sirene/etablissement.json'))).toMatchObject({
      inserted: 0,
      updated: 0,
    });
  });
});
