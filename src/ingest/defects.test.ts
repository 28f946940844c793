/**
 * Data defects an audit against the source files found (issue 28, part 4), each checked on the
 * real sample rows that show it, on PGlite and PostgreSQL alike. The BODACC notices are the real
 * <avis> of the sample issues, cut out with their issue header so that the test loads four
 * notices rather than four whole issues.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { getCompanyProfile, type CompanyProfile } from '@/registry/company';
import { getCompanyApi } from '@/public-api/registry-handlers';
import { decodeCharRefs } from './bodacc/xml';
import { loadReferenceTables } from './reference/load';
import { run, sample, tempDir, writeTemp } from './testing';

let db: DbHandle;
const dir = tempDir('defects-');

/** The issue's header, the notices naming one of `sirens`, and its closing tags. */
function noticesOf(issue: string, sirens: string[]): string {
  const text = gunzipSync(readFileSync(sample(`bodacc/${issue}`))).toString('utf8');
  const head = text.slice(0, text.indexOf('<avis>'));
  const root = /<(RCS-[A-Z_]+|PCL[A-Z_]*)[\s>]/.exec(head)![1]!;
  const spaced = sirens.map((s) => `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6)}`);
  const avis = [...text.matchAll(/<avis>[\s\S]*?<\/avis>/g)]
    .map((m) => m[0])
    .filter((a) => spaced.some((s) => a.includes(`<numeroIdentification>${s}<`)));
  expect(avis.length).toBeGreaterThan(0);
  return `${head}${avis.join('\n')}\n</listeAvis>\n</${root}>\n`;
}

const BODACC: Array<[string, string]> = [
  ['RCS-A_BXA20200001.xml.gz', '851815647'],
  ['RCS-A_BXA20200013.xml.gz', '880664750'],
  ['RCS-A_BXA20200060.xml.gz', '882551187'],
  ['RCS-A_BXA20200102.xml.gz', '881304240'],
];

type ApiUnit = {
  siren: string;
  statutDiffusionUniteLegale: string;
  categorieJuridiqueUniteLegale: string;
  dateCreationUniteLegale: string;
  nomUniteLegale: string;
  nomUsageUniteLegale: string | null;
  prenomUsuelUniteLegale: string | null;
};
const API_RESULTS = (
  JSON.parse(readFileSync(sample('sirene/api_results.json'), 'utf8')) as Array<{
    siren: string;
    uniteLegale: ApiUnit;
  }>
).map((e) => ({ ...e.uniteLegale, siren: e.siren }));

async function profile(siren: string): Promise<CompanyProfile> {
  const l = await getCompanyProfile(db.db, siren);
  if (!l.ok) throw new Error(`${siren}: ${l.message}`);
  return l.value;
}

beforeAll(async () => {
  db = await createTestDb();
  await loadReferenceTables(db);
  await run(db, 'sirene-etab', sample('sirene/api_results.json'));
  await run(db, 'recherche-entreprises', sample('recherche-entreprises/search-123456789.json'));
  for (const [issue, siren] of BODACC)
    await run(db, 'bodacc', writeTemp(dir, issue.replace('.gz', ''), noticesOf(issue, [siren])));
}, 120_000);
afterAll(async () => db?.close());

describe('natural persons of an INSEE establishment answer', () => {
  const diffusible = [
    ...new Map(
      API_RESULTS.filter(
        (u) => u.statutDiffusionUniteLegale === 'O' && u.categorieJuridiqueUniteLegale === '1000',
      ).map((u) => [u.siren, u]),
    ).values(),
  ];

  it('are the 12 of the sample', () => {
    expect(diffusible).toHaveLength(12);
    expect(diffusible.map((u) => u.siren)).toContain('538100728');
  });

  it('show their name, legal form and creation date (538100728 ASIF RISVAN)', async () => {
    for (const u of diffusible) {
      const p = await profile(u.siren);
      expect(p.displayName, u.siren).not.toBe('Dénomination non renseignée');
      expect(p.displayName.toUpperCase(), u.siren).toContain(
        u.nomUsageUniteLegale ?? u.nomUniteLegale,
      );
      expect(p.legalForm.code, u.siren).toBe('1000');
      expect(p.creationDate, u.siren).toBe(u.dateCreationUniteLegale);
      expect(p.sources.identity.source, u.siren).toBe('sirene');
    }
    expect((await profile('538100728')).displayName.toUpperCase()).toBe('RISVAN ASIF');
  });

  it('keep a non-diffusible person’s identity hidden (523062685)', async () => {
    const p = await profile('523062685');
    expect(p.protected).toBe(true);
    expect(JSON.stringify(p)).not.toMatch(/MICHON|FABIENNE/);
  });
});

describe('companies known only from a BODACC notice', () => {
  it.each([
    ['882551187', ['Kermapily', '56660 Saint-Jean Brevelay']],
    ['880664750', ['13 rue de la Rabine', '35170 Bruz']],
    ['851815647', ['1529 Route de Genève', '01700 Beynost']],
  ])('%s shows the head office the notice gives', async (siren, lines) => {
    const p = await profile(siren);
    expect(p.headOffice).toBeNull();
    expect(p.headOfficeAddress?.address.lines).toEqual(lines);
    expect(p.headOfficeAddress?.establishmentKnown).toBe(false);
    expect(p.headOfficeAddress?.source?.source).toBe('bodacc');
  });
});

describe('character references in BODACC XML', () => {
  it('881304240 is « ORÏGIN » (the reference repeated the last byte of Ï in UTF-8)', async () => {
    const p = await profile('881304240');
    expect(p.displayName).toBe('ORÏGIN');
  });

  it('decodes references, reads other C1 codes as Windows-1252, keeps markup escaped', () => {
    expect(decodeCharRefs('ORÏ&#x8f;GIN')).toBe('ORÏGIN');
    expect(decodeCharRefs('Caf&#233; &#xE9;t&#xe9;')).toBe('Café été');
    expect(decodeCharRefs('l&#x92;atelier')).toBe('l’atelier');
    expect(decodeCharRefs('A &#38; B &#60;C&#62;')).toBe('A &amp; B &lt;C&gt;');
    expect(decodeCharRefs('&#0; &#xD800;')).toBe('&#0; &#xD800;');
  });
});

describe('a record without a state', () => {
  it('123456789: state unknown, active null (not false)', async () => {
    const r = await getCompanyApi(db.db, '123456789', new URLSearchParams());
    expect(r.status).toBe(200);
    const data = (r.body as { data: { data: { state: string; active: boolean | null } } }).data
      .data;
    expect(data.state).toBe('unknown');
    expect(data.active).toBeNull();
  });
});
