import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { getCompanyProfile } from '@/registry/company';
import { listRepresentatives } from '@/registry/directors';
import { count, rows, run, sample, tempDir, writeTemp } from './testing';

let db: DbHandle;
const dir = tempDir();
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe('RNE company JSON', () => {
  it('reads identity, capital, establishment and directors, never beneficial owners', async () => {
    const s = await run(db, 'rne', sample('rne/company.json'));
    expect(s).toMatchObject({ read: 1, rejected: 0 });
    const [c] = await rows(
      db,
      `SELECT *, creation_date::text AS cd FROM companies WHERE siren = '980704894'`,
    );
    expect(c).toMatchObject({
      name: 'BKMD CAPITAL',
      legal_form_code: '5710',
      naf_code: '41.10A',
      head_office_nic: '00016',
      capital_currency: 'EUR',
      cd: '2023-11-02',
    });
    expect(Number(c!.capital_amount)).toBe(1000);
    expect(c!.field_sources).toMatchObject({
      name: { source: 'rne', date: '2024-07-03T06:35:07+02:00' },
    });
    const d = await rows(db, `SELECT * FROM directors WHERE siren = '980704894' ORDER BY id`);
    expect(
      d.map((x) => [
        x.role_code,
        x.role_label,
        x.last_name,
        x.first_names,
        x.birth_year,
        x.birth_month,
      ]),
    ).toEqual([
      ['73', 'Président de SAS', 'ALVES', 'Bruno', 1987, 9],
      [
        '53',
        'Directeur Général',
        'DE SA FERNANDES',
        expect.any(String),
        expect.any(Number),
        expect.any(Number),
      ],
    ]);
    const [e] = await rows(db, `SELECT * FROM establishments WHERE siret = '98070489400016'`);
    expect(e).toMatchObject({
      source: 'rne',
      is_head_office: true,
      postcode: '94500',
      commune_name: 'Champigny-sur-Marne',
    });
    // The array form of the same company changes nothing.
    expect(await run(db, 'rne', sample('rne/companies.json'))).toMatchObject({
      inserted: 0,
      updated: 0,
    });
  });
});

describe('recherche-entreprises answers', () => {
  it('loads the 81+ companies with head offices, directors, finances and agreements', async () => {
    const files = readdirSync(sample('recherche-entreprises')).filter((f) => f.endsWith('.json'));
    let read = 0;
    for (const f of files)
      read += (await run(db, 'recherche-entreprises', sample(`recherche-entreprises/${f}`))).read;
    expect(read).toBe(97);
    expect(
      await count(db, 'companies', "field_sources->'name'->>'source' = 'recherche-entreprises'"),
    ).toBeGreaterThanOrEqual(81);
    const [danone] = await rows(db, `SELECT * FROM companies WHERE siren = '552032534'`);
    expect(danone).toMatchObject({ name: 'DANONE', legal_form_code: '5599' });
    expect(
      await count(db, 'financials', "siren = '552032534' AND source = 'recherche-entreprises'"),
    ).toBeGreaterThan(0);
    const [ganymede] = await rows(db, `SELECT * FROM companies WHERE siren = '880878145'`);
    expect(ganymede).toMatchObject({ status: 'C', name: 'GANYMEDE', capital_currency: 'EUR' });
    const [liquidator] = await rows(db, `SELECT * FROM directors WHERE siren = '880878145'`);
    expect(liquidator).toMatchObject({
      last_name: 'JOUPPE',
      role_label: 'Liquidateur',
      birth_year: 1990,
      birth_month: 2,
    });
    expect(await count(db, 'establishment_agreements', "siren = '356000000'")).toBeGreaterThan(0);
  });

  it('stores "[NON-DIFFUSIBLE]" as hidden data and the read model keeps it hidden', async () => {
    const [p] = await rows(db, `SELECT * FROM companies WHERE siren = '300025764'`);
    expect(p).toMatchObject({ diffusion: 'P', name: null, is_natural_person: true });
    expect(JSON.stringify(p)).not.toContain('NON-DIFFUSIBLE');
    const r = await getCompanyProfile(db.db, '300025764');
    expect(r.ok && r.value.nameHidden).toBe(true);
    if (r.ok) expect(await listRepresentatives(db.db, r.value)).toEqual([]);
  });

  it('is idempotent', async () => {
    const s = await run(
      db,
      'recherche-entreprises',
      sample('recherche-entreprises/search-552032534.json'),
    );
    expect(s).toMatchObject({ inserted: 0, updated: 0 });
  });
});

describe('financial ratios (INPI/BCE)', () => {
  it('keeps complete and consolidated accounts of one year apart', async () => {
    const s = await run(db, 'ratios', sample('finances/ratios-inpi-bce-552032534.json'));
    expect(s).toMatchObject({ read: 10, rejected: 0 });
    const r = await rows(
      db,
      `SELECT accounts_type, revenue, net_result, ebitda, ratios FROM financials WHERE siren = '552032534' AND source = 'inpi-ratios' AND closing_date = '2018-12-31'`,
    );
    expect(r).toHaveLength(1);
    // bigint comes back as a string from node-postgres, as a number from PGlite.
    expect(r[0]!.accounts_type).toBe('K');
    expect([r[0]!.revenue, r[0]!.net_result, r[0]!.ebitda].map(Number)).toEqual([
      24812000000, 2559000000, 24812000000,
    ]);
    expect(r[0]!.ratios).toMatchObject({ marge_ebe: 100, autonomie_financiere: 32.827 });
    expect(
      await count(
        db,
        'financials',
        "siren = '552032534' AND source = 'inpi-ratios' AND closing_date = '2021-12-31'",
      ),
    ).toBe(2);
    expect(
      await run(db, 'ratios', sample('finances/ratios-inpi-bce-552032534.json')),
    ).toMatchObject({ inserted: 0, updated: 0 });
  });
});

describe('INPI trademarks', () => {
  it('loads the CSV and refuses another layout', async () => {
    const s = await run(db, 'marques', sample('inpi/marques-inpi-sample.csv.gz'));
    expect(s).toMatchObject({ read: 5187, inserted: 5187, rejected: 0 });
    const [b] = await rows(
      db,
      `SELECT *, filing_date::text AS f, expiry_date::text AS x FROM brands WHERE application_number = '5053501'`,
    );
    expect(b).toMatchObject({
      name: 'france mineraux',
      status: 'Demande publiée',
      applicant: 'kevalex',
      f: '2024-05-09',
      x: '2034-05-09',
    });
    await expect(run(db, 'marques', writeTemp(dir, 'm.csv', '"a";"b"\n"1";"2"\n'))).rejects.toThrow(
      /Colonnes inattendues/,
    );
  });

  it('links a trademark to the SIREN its applicant text states, and only then', async () => {
    const linked = await rows<{ application_number: string; siren: string }>(
      db,
      `SELECT application_number, siren FROM brands WHERE siren IS NOT NULL ORDER BY application_number`,
    );
    // « … inscrite au rcs de nanterre sous le no 488928896 … »
    expect(linked).toContainEqual({ application_number: '3419038', siren: '488928896' });
    // « … siret : 38927319400016 … »: the SIREN of the SIRET
    expect(linked.map((b) => b.siren)).toContain('389273194');
    // « … rcs de toulouse sous le no 422 516 286, … agissant … pour le compte de la société en
    // formation … »: the number is the representative's, not the applicant's
    expect(linked.map((b) => b.siren)).not.toContain('422516286');
    expect(linked).toHaveLength(6);
  });
});

describe('collective agreements (IDCC)', () => {
  it('loads titles, the La Poste mapping and the monthly declarations', async () => {
    expect(await run(db, 'idcc', sample('idcc/idcc-metadata.json'))).toMatchObject({ rejected: 0 });
    const [t] = await rows(db, `SELECT * FROM collective_agreements WHERE idcc = '1043'`);
    expect(t!.title).toBe(
      "Convention collective nationale des gardiens, concierges et employés d'immeubles",
    );
    const s = await run(db, 'idcc', sample('idcc/siret-idcc-356000000.json'));
    expect(s.read).toBe(6229);
    expect(await run(db, 'idcc', sample('idcc/siret-idcc-sample.csv.gz'))).toMatchObject({
      rejected: 0,
    });
    const [m] = await rows(
      db,
      `SELECT idcc, month::text AS m FROM establishment_agreements WHERE siret = '38456979400017'`,
    );
    expect(m).toEqual({ idcc: '1505', m: '2019-04-01' });
  });
});
