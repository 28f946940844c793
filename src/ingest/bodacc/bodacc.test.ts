import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { count, gzip, rows, run, sample, tempDir, writeTemp } from '../testing';

let db: DbHandle;
const dir = tempDir();
const ISSUE = sample('bodacc/RCS-A_BXA20200001.xml.gz');
const ODS = sample('bodacc/bodacc-opendatasoft-880878145.json');

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe('BODACC A, DILA XML', () => {
  it('imports every notice of the issue', async () => {
    const s = await run(db, 'bodacc', ISSUE);
    expect(s.read).toBe(1781);
    expect(s.tables.notices).toEqual({ inserted: 1781, updated: 0, unchanged: 0 });
    expect(await count(db, 'notices', "bodacc_kind = 'A' AND published_at = '2020-01-02'")).toBe(
      1781,
    );
    // Rejects are director pieces that cannot be read, or that announce a departure (2: « … n'est
    // plus gérant », never kept as a director), each with its line and reason.
    expect(s.rejected).toBe(9);
    for (const r of s.rejects) {
      expect(r.line).toBeGreaterThan(1);
      expect(r.reason).toMatch(/^dirigeant non lu dans l'annonce A2020/);
    }
  });

  it('extracts the company: GT AUTOS SPORTS BEYNOST', async () => {
    const [c] = await rows(db, `SELECT * FROM companies WHERE siren = '851815647'`);
    expect(c).toMatchObject({
      name: 'GT AUTOS SPORTS BEYNOST',
      legal_form_code: '5710',
      capital_currency: 'EUR',
      rcs_court: 'Bourg-en-Bresse',
    });
    expect(Number(c!.capital_amount)).toBe(3000);
    expect(c!.activity_description).toBe('un fonds de commerce de garage automobile.');
    expect(c!.field_sources).toMatchObject({
      capital_amount: { source: 'bodacc', date: '2020-01-02' },
    });
    const [n] = await rows(
      db,
      `SELECT *, published_at::text AS p FROM notices WHERE id = 'A202000011'`,
    );
    expect(n).toMatchObject({
      siren: '851815647',
      family: 'vente',
      type_label: "Achat d'un fonds par une personne morale (insertion provisoire)",
      court: 'GREFFE DU TRIBUNAL DE COMMERCE DE BOURG-EN-BRESSE',
      company_name: 'GT AUTOS SPORTS BEYNOST',
      p: '2020-01-02',
    });
    expect(n!.text).toContain('1529 Route de Genève 01700 Beynost');
  });

  it('extracts directors from <administration>', async () => {
    const d = await rows(db, `SELECT * FROM directors WHERE siren = '877745026' ORDER BY id`);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({
      kind: 'person',
      role_label: 'Gérant',
      role_code: '30',
      last_name: 'DOST',
      first_names: 'Sébastien Guy',
      source: 'bodacc',
    });
    expect(await count(db, 'directors', "source = 'bodacc'")).toBe(1907);
    expect(await count(db, 'directors', "role_label ILIKE '%bénéficiaire%'")).toBe(0);
  });

  it('is idempotent', async () => {
    const s = await run(db, 'bodacc', ISSUE);
    expect(s).toMatchObject({ inserted: 0, updated: 0 });
  });

  it('refuses a truncated issue and leaves the database as it was', async () => {
    const xml = gunzipSync(readFileSync(ISSUE)).toString('utf8');
    const before = await count(db, 'notices');
    const cut = writeTemp(
      dir,
      'RCS-A_cut.xml',
      xml.slice(0, Math.floor(xml.length * 0.6)).replace(/A20200001/g, 'X'),
    );
    await expect(run(db, 'bodacc', cut)).rejects.toThrow(/tronqué/);
    expect(await count(db, 'notices')).toBe(before);
    await expect(
      run(db, 'bodacc', writeTemp(dir, 'x.xml', '<html><body>rien</body></html>')),
    ).rejects.toThrow(/BODACC/);
    await expect(run(db, 'bodacc', writeTemp(dir, 'y.xml.gz', gzip('')))).rejects.toThrow(/vide/);
  });
});

describe('BODACC, OpenDataSoft JSON', () => {
  it('imports B (strike-off) and C (accounts) notices with the same ids as the XML', async () => {
    const s = await run(db, 'bodacc', ODS);
    expect(s.read).toBe(3);
    const n = await rows(
      db,
      `SELECT id, bodacc_kind, family, published_at::text AS p FROM notices WHERE siren = '880878145' ORDER BY id`,
    );
    expect(n).toEqual([
      { id: 'B20220227446', bodacc_kind: 'B', family: 'radiation', p: '2022-11-23' },
      { id: 'C202101554392', bodacc_kind: 'C', family: 'depot-comptes', p: expect.any(String) },
      { id: 'C202200902528', bodacc_kind: 'C', family: 'depot-comptes', p: '2022-05-08' },
    ]);
    expect((await run(db, 'bodacc', ODS)).inserted).toBe(0);
  });

  it('turns court judgments into insolvency proceedings', async () => {
    const record = {
      records: [
        {
          fields: {
            id: 'A202300451234',
            publicationavis: 'A',
            familleavis: 'collective',
            familleavis_lib: 'Procédures collectives',
            dateparution: '2023-03-07',
            parution: '20230045',
            numeroannonce: 1234,
            tribunal: 'Tribunal de commerce de Lyon',
            registre: '851815647,851 815 647',
            commercant: 'GT AUTOS SPORTS BEYNOST',
            jugement: JSON.stringify({
              famille: "Jugement d'ouverture",
              nature: "Jugement d'ouverture d'une procédure de redressement judiciaire",
              date: '2023-03-01',
              complementJugement:
                "Jugement prononçant l'ouverture d'une procédure de redressement judiciaire",
            }),
          },
        },
      ],
    };
    await run(db, 'bodacc', writeTemp(dir, 'jugement.json', JSON.stringify(record)));
    const [p] = await rows(
      db,
      `SELECT *, judgment_date::text AS d FROM insolvency_proceedings WHERE siren = '851815647'`,
    );
    expect(p).toMatchObject({
      notice_id: 'A202300451234',
      state: 'redressement_judiciaire',
      d: '2023-03-01',
      court: 'Tribunal de commerce de Lyon',
    });
  });
});
