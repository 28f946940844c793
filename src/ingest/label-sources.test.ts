/**
 * The label sources' importers (issue 39), each on its real sample rows (data/samples/<source>/)
 * or, where no row is public, on a file made from the documented layout (fixture-*.csv beside the
 * importer): what they parse, what they write, and that a new import replaces the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { cleanSiren, cleanSiret } from './core/labels';
import { parseFiness } from './finess/import';
import { parseColter } from './colter/import';
import { count, rows, run, sample, tempDir, writeTemp } from './testing';

let db: DbHandle;
const fixture = (source: string, name: string) => path.resolve('src/ingest', source, name);
const labelsOf = (siren: string, source: string) =>
  rows<{ label: string; detail: Record<string, unknown>; source_date: string }>(
    db,
    `SELECT label, detail, source_date::text FROM company_labels WHERE siren = $1 AND source = $2 ORDER BY label`,
    [siren, source],
  );
const idsOf = (source: string) =>
  rows<{ siren: string; siret: string | null; kind: string; identifier: string }>(
    db,
    `SELECT siren, siret, kind, identifier FROM label_identifiers WHERE source = $1 ORDER BY 1, 3, 4`,
    [source],
  );

beforeAll(async () => {
  db = await createTestDb();
  const dir = sample('recherche-entreprises');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')))
    await run(db, 'recherche-entreprises', path.join(dir, f));
}, 120_000);
afterAll(async () => db?.close());

describe('SIREN and SIRET cleaning (as the search API cleans them)', () => {
  it('pads, strips and refuses what it must', () => {
    expect(cleanSiren('55203253')).toBe('055203253');
    expect(cleanSiren('552 032 534')).toBe('552032534');
    expect(cleanSiren('55203253400646')).toBe('552032534');
    expect(cleanSiren('5.52032534e+08')).toBeNull();
    expect(cleanSiren('1234567890')).toBeNull();
    expect(cleanSiret('552 032 534 00646')).toBe('55203253400646');
    expect(cleanSiret('1234')).toBeNull();
  });
});

describe('ess-france', () => {
  it('labels each SIREN of the list, and a new list replaces the old one', async () => {
    const s = await run(db, 'ess-france', sample('ess-france/site-api-data-gouv-ess.json'));
    expect(s.read).toBe(1);
    expect(await labelsOf('800329849', 'ess-france')).toMatchObject([{ label: 'ess' }]);
    const again = await run(db, 'ess-france', sample('ess-france/site-api-data-gouv-ess.json'));
    expect(again.tables.company_labels).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const csv = writeTemp(tempDir(), 'ess.csv', 'SIREN;Nom\n356000000;LA POSTE\n');
    const s2 = await run(db, 'ess-france', csv);
    expect(s2.tables.company_labels).toMatchObject({ inserted: 1, updated: 1 });
    expect(await labelsOf('800329849', 'ess-france')).toEqual([]);
    expect(await labelsOf('356000000', 'ess-france')).toMatchObject([{ label: 'ess' }]);
    expect(s2.changedSirens?.sort()).toEqual(['356000000', '800329849']);
    await run(db, 'ess-france', sample('ess-france/site-api-data-gouv-ess.json'));
  });
});

describe('marche-inclusion', () => {
  it('labels the SIAE with their sorted kinds and the row’s date', async () => {
    await run(db, 'marche-inclusion', sample('marche-inclusion/site-api-inclusion.json'));
    expect(await labelsOf('533744991', 'marche-inclusion')).toEqual([
      { label: 'siae', detail: { type_siae: ['EI'] }, source_date: '2024-05-13' },
    ]);
  });
});

describe('agence-bio', () => {
  it('keeps the engaged operators’ numbers per establishment', async () => {
    await run(db, 'agence-bio', sample('agence-bio/site-api-bio.json'));
    expect(await idsOf('agence-bio')).toEqual([
      { siren: '302474648', siret: '30247464801571', kind: 'bio', identifier: '200807' },
    ]);
    expect(await labelsOf('302474648', 'agence-bio')).toMatchObject([
      { label: 'bio', source_date: '2020-05-20' },
    ]);
    const dir = tempDir();
    const lapsed = writeTemp(
      dir,
      'bio.json',
      JSON.stringify({
        items: [
          {
            siret: '30247464801571',
            numeroBio: 200807,
            certificats: [{ etatCertification: 'ARRETEE' }],
          },
        ],
      }),
    );
    await run(db, 'agence-bio', lapsed);
    expect(await labelsOf('302474648', 'agence-bio')).toEqual([]);
    await run(db, 'agence-bio', sample('agence-bio/site-api-bio.json'));
  });
});

describe('rge', () => {
  it('keeps the qualification codes per establishment', async () => {
    await run(db, 'rge', sample('rge/site-rge.json'));
    expect(await idsOf('rge')).toEqual([
      { siren: '843701079', siret: '84370107900017', kind: 'rge', identifier: '3111D111' },
    ]);
    expect(await labelsOf('843701079', 'rge')).toMatchObject([{ label: 'rge' }]);
  });
});

describe('egapro', () => {
  it('reads the API answer and the XLSX the search API reads', async () => {
    await run(db, 'egapro', sample('egapro/site-egapro.json'));
    expect(await labelsOf('356000000', 'egapro')).toMatchObject([{ label: 'egapro' }]);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Index');
    ws.addRow(['Index égalité professionnelle (export)']);
    ws.addRow(['Année', 'Structure', 'SIREN', 'Raison Sociale', 'Note Index']);
    ws.addRow([2024, 'Entreprise', '552032534', 'DANONE', 94]);
    ws.addRow([2024, 'Entreprise', 'inconnu', 'X', 80]);
    const file = writeTemp(
      tempDir(),
      'index-egalite-fh.xlsx',
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    const s = await run(db, 'egapro', file);
    expect(s.read).toBe(2);
    expect(s.rejected).toBe(1);
    expect(await labelsOf('552032534', 'egapro')).toMatchObject([{ label: 'egapro' }]);
    expect(await labelsOf('356000000', 'egapro')).toEqual([]);
  });
});

describe('spectacle', () => {
  it('says « valide » when one receipt is valid', async () => {
    await run(db, 'spectacle', sample('spectacle/site-entrepreneur-spectacles.json'));
    expect(await labelsOf('800329849', 'spectacle')).toEqual([
      {
        label: 'entrepreneur-spectacle',
        detail: { statut_entrepreneur_spectacle: 'valide' },
        source_date: '2021-05-27',
      },
    ]);
  });

  it('reads the ministry’s Latin-1 CSV', async () => {
    const csv = Buffer.from(
      'numero_recepisse;statut_recepisse;raison_sociale;siren_siret\nPLATESV-R-2022-1;Invalide;THÉÂTRE;80032984900023\n',
      'latin1',
    );
    await run(db, 'spectacle', writeTemp(tempDir(), 'spectacle.csv', csv));
    expect(await labelsOf('800329849', 'spectacle')).toMatchObject([
      { detail: { statut_entrepreneur_spectacle: 'non_valide' } },
    ]);
  });
});

describe('organisme-formation', () => {
  it('keeps the declaration numbers and Qualiopi', async () => {
    await run(db, 'organisme-formation', sample('organisme-formation/site-dgefp.json'));
    expect((await idsOf('organisme-formation')).map((r) => r.identifier)).toEqual([
      '11755565775',
      '11755762075',
    ]);
    expect((await labelsOf('356000000', 'organisme-formation')).map((l) => l.label)).toEqual([
      'organisme-formation',
      'qualiopi',
    ]);
  });
});

describe('uai', () => {
  it('reads the three layouts, each file replacing only its own rows', async () => {
    await run(db, 'uai', sample('uai/site-education-nationale.json'));
    const menj = await run(
      db,
      'uai',
      sample('uai/coll-ges35-fr-en-annuaire-education.head201.csv'),
    );
    const mesr = await run(
      db,
      'uai',
      sample(
        'uai/City-Fighting-fr-esr-principaux-etablissements-enseignement-superieur.head201.csv',
      ),
    );
    expect(menj.read).toBe(200);
    expect(mesr.read).toBe(200);
    expect(
      await count(db, 'label_identifiers', "identifier = '0810012Y' AND siret = '19810012500014'"),
    ).toBe(1);
    expect(
      await count(db, 'label_identifiers', "identifier = '0350122T' AND siren = '213500168'"),
    ).toBe(1);
    expect(
      await count(db, 'label_identifiers', "identifier = '0753480A' AND siren = '197534803'"),
    ).toBe(1);
    expect(await labelsOf('198100125', 'uai')).toMatchObject([{ label: 'uai' }]);
  });
});

describe('alim-confiance', () => {
  it('labels the SIRENs of the inspected establishments', async () => {
    const s = await run(
      db,
      'alim-confiance',
      sample('alim-confiance/DATA4FOOD-export_alimconfiance.head201.csv'),
    );
    expect(s.read).toBe(200);
    expect(await labelsOf('750529133', 'alim-confiance')).toMatchObject([
      { label: 'alim-confiance', source_date: '2019-03-22' },
    ]);
  });
});

describe('administration', () => {
  it('reproduces the search API’s est_administration on every sample company', async () => {
    const dir = sample('administration');
    for (const f of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort())
      await run(db, 'administration', path.join(dir, f));
    // The ground truth: the API's own answers (the 4 captured before the flag existed say null).
    const api = new Map<string, boolean>();
    const answers = sample('recherche-entreprises');
    for (const f of readdirSync(answers)) {
      const doc = JSON.parse(readFileSync(path.join(answers, f), 'utf8'));
      for (const r of doc.result.results)
        if (typeof r.complements?.est_administration === 'boolean')
          api.set(r.siren, r.complements.est_administration);
    }
    const ours = new Set(
      (
        await rows<{ siren: string }>(
          db,
          `SELECT siren FROM company_labels WHERE source = 'administration'`,
        )
      ).map((r) => r.siren),
    );
    expect(api.size).toBeGreaterThan(80);
    expect([...api].filter(([siren, flag]) => flag !== ours.has(siren))).toEqual([]);
    expect([...api].filter(([, flag]) => flag).length).toBeGreaterThan(3);
  });

  it('refuses a file that is not one of the rule tables', async () => {
    const file = writeTemp(tempDir(), 'autre.json', '{}');
    await expect(run(db, 'administration', file)).rejects.toThrow(/table de règles attendue/);
  });
});

describe('finess (documented layout)', () => {
  it('parses the établissements file by position, skipping coordinates records', () => {
    const text = Buffer.from(
      readFileSync(fixture('finess', 'fixture-etablissements.csv')),
    ).toString('latin1');
    const p = parseFiness(text, 'fixture-etablissements.csv');
    expect(p.scope.part).toBe('geo');
    expect(p.read).toBe(4);
    expect(p.rejects).toHaveLength(1);
    expect(p.identifiers).toContainEqual({
      siren: '552032534',
      siret: '55203253400646',
      kind: 'finess-geo',
      identifier: '750000010',
      label: 'finess',
    });
  });

  it('keeps only the legal entities that have an establishment', async () => {
    await run(db, 'finess', fixture('finess', 'fixture-etablissements.csv'));
    await run(db, 'finess', fixture('finess', 'fixture-entites-juridiques.csv'));
    const ids = await idsOf('finess');
    // Each file keeps its own rows: both list La Poste's and Danone's entities.
    expect(ids.filter((i) => i.kind === 'finess-ej').map((i) => i.identifier)).toEqual([
      '750072639',
      '750072639',
      '750073173',
      '750073173',
    ]);
    expect(ids.some((i) => i.identifier === '750088888')).toBe(false);
    expect(await labelsOf('552032534', 'finess')).toMatchObject([{ label: 'finess' }]);
    expect(await labelsOf('775663438', 'finess')).toEqual([]);
  });
});

describe('colter and élus (documented layout)', () => {
  it('reads each level with the API’s codes', () => {
    const regions = parseColter(
      readFileSync(fixture('colter', 'fixture-regions.csv'), 'utf8'),
      'regions.csv',
    );
    expect(regions.level).toBe('region');
    expect(regions.authorities).toEqual([
      { siren: '200053767', code: '84', codeInsee: '84', level: 'Région' },
      { siren: '200076958', code: '94', codeInsee: '94', level: 'Collectivité de Corse' },
      {
        siren: '200052678',
        code: '03',
        codeInsee: '03',
        level: 'Collectivité territoriale unique',
      },
    ]);
  });

  it('stores the authorities, their label, and ties the élus to them', async () => {
    await run(db, 'elus', fixture('elus', 'fixture-cm.csv'));
    for (const f of ['regions', 'departements', 'communes', 'epci'])
      await run(db, 'colter', fixture('colter', `fixture-${f}.csv`));
    await run(db, 'elus', fixture('elus', 'fixture-cd.csv'));
    const byCode = await rows<{ code: string; siren: string; level: string }>(
      db,
      `SELECT code, siren, level FROM local_authorities ORDER BY code`,
    );
    expect(byCode.map((a) => a.code)).toEqual([
      '03',
      '243500139',
      '35238',
      '69M',
      '75C',
      '81060',
      '81D',
      '84',
      '94',
    ]);
    expect(await labelsOf('217500016', 'colter')).toEqual([
      {
        label: 'collectivite-territoriale',
        detail: { code: '75C', code_insee: '75', niveau: 'Département' },
        source_date: expect.any(String),
      },
    ]);
    const elus = await rows(
      db,
      `SELECT colter_code, siren, last_name, birth_year, birth_month, sex, function, part
         FROM elected_officials WHERE source = 'elus' ORDER BY last_name`,
    );
    expect(elus).toEqual([
      {
        colter_code: '81D',
        siren: '228100012',
        last_name: 'BERNARD',
        birth_year: 1960,
        birth_month: 6,
        sex: 'M',
        function: 'Président du conseil départemental',
        part: 'cd',
      },
      {
        colter_code: '81060',
        siren: '218100014',
        last_name: 'DUPONT',
        birth_year: 1965,
        birth_month: 3,
        sex: 'F',
        function: 'Maire',
        part: 'cm',
      },
      {
        colter_code: '75C',
        siren: '217500016',
        last_name: 'DURAND',
        birth_year: 1959,
        birth_month: 4,
        sex: 'F',
        function: 'Maire',
        part: 'cm',
      },
      {
        colter_code: '81060',
        siren: '218100014',
        last_name: 'MARTIN',
        birth_year: 1971,
        birth_month: 11,
        sex: 'M',
        function: null,
        part: 'cm',
      },
    ]);
    // Re-importing a file replaces its own rows only.
    await run(db, 'elus', fixture('elus', 'fixture-cm.csv'));
    expect(await count(db, 'elected_officials', "source = 'elus'")).toBe(4);
    // The Annuaire's answers list their own (the sample's 22 authorities).
    expect(
      await count(db, 'elected_officials', "source = 'recherche-entreprises'"),
    ).toBeGreaterThan(800);
  });
});

describe('patrimoine-vivant and achats-responsables (documented layout)', () => {
  it('labels the listed companies', async () => {
    const epv = await run(db, 'patrimoine-vivant', fixture('patrimoine-vivant', 'fixture-epv.csv'));
    expect(epv.rejected).toBe(1);
    expect(await labelsOf('552032534', 'patrimoine-vivant')).toMatchObject([
      { label: 'patrimoine-vivant' },
    ]);
    const rfar = await run(
      db,
      'achats-responsables',
      fixture('achats-responsables', 'fixture-rfar.csv'),
    );
    expect(rfar.rejected).toBe(1);
    expect(await labelsOf('356000000', 'achats-responsables')).toMatchObject([
      { label: 'achats-responsables', detail: { perimetre: ['Groupe'] } },
    ]);
    expect(await labelsOf('055203253', 'achats-responsables')).toHaveLength(1);
  });
});
