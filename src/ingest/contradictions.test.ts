/**
 * Contradiction rules (issue 28, part 2) on real sample rows. The whole sample, once seeded,
 * breaks no rule (0 rows), so each rule is shown on a real row of one source next
 * to a real row of another, one value of which is modified (said in each test); the same rows
 * unmodified are the negative case. PGlite and PostgreSQL alike.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { listContradictions } from '@/registry/contradictions';
import { keyFigures } from '@/registry/hub';
import { searchCompanies } from '@/search/companies';
import { parseFilters, type SearchFilters } from '@/search/filters';
import { refreshSearchIndex } from '@/search/indexer';
import { loadReferenceTables } from './reference/load';
import { rows, run, sample, tempDir, writeTemp } from './testing';

let db: DbHandle;
const dir = tempDir('contradictions-');

type Json = Record<string, unknown>;
const json = (rel: string) => JSON.parse(readFileSync(sample(rel), 'utf8')) as unknown;

/** The issue's header and its notices naming `siren`, as a small issue file. */
function issueWith(issue: string, siren: string, edit: (avis: string) => string = (a) => a) {
  const text = gunzipSync(readFileSync(sample(`bodacc/${issue}`))).toString('utf8');
  const head = text.slice(0, text.indexOf('<avis>'));
  const root = /<(RCS-[A-Z_]+)[\s>]/.exec(head)![1]!;
  const spaced = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
  const avis = [...text.matchAll(/<avis>[\s\S]*?<\/avis>/g)]
    .map((m) => m[0])
    .filter((a) => a.includes(`<numeroIdentification>${spaced}<`));
  expect(avis).toHaveLength(1);
  return `${head}${edit(avis[0]!)}\n</listeAvis>\n</${root}>\n`;
}

async function contradictions(siren: string) {
  return rows(
    db,
    `SELECT rule, sides FROM company_contradictions WHERE siren = '${siren}' ORDER BY rule`,
  );
}

beforeAll(async () => {
  db = await createTestDb();
  await loadReferenceTables(db);
});
afterAll(async () => db?.close());

describe('ceased in SIRENE without a strike-off in the BODACC', () => {
  it('523062685: real SIRENE row (active) and its real creation notice: no contradiction', async () => {
    const etab = (json('sirene/api_results.json') as Json[]).filter((e) => e.siren === '523062685');
    await run(db, 'sirene-etab', writeTemp(dir, 'michon.json', JSON.stringify(etab)));
    await run(
      db,
      'bodacc',
      writeTemp(dir, 'michon.xml', issueWith('RCS-A_BXA20200119.xml.gz', '523062685')),
    );
    expect(await contradictions('523062685')).toEqual([]);
  });

  it('the same SIRENE row modified to ceased (etatAdministratif C): flagged, both sources dated', async () => {
    const etab = (json('sirene/api_results.json') as Json[])
      .filter((e) => e.siren === '523062685')
      .map((e) => ({
        ...e,
        uniteLegale: { ...(e.uniteLegale as Json), etatAdministratifUniteLegale: 'C' },
      }));
    await run(db, 'sirene-etab', writeTemp(dir, 'michon-c.json', JSON.stringify(etab)));
    expect(await contradictions('523062685')).toEqual([
      {
        rule: 'ceased-not-struck-off',
        sides: [
          { source: 'sirene', value: 'Cessée', date: '2019-11-30' },
          {
            source: 'bodacc',
            value: 'Aucune annonce de radiation (dernière annonce publiée le 21/06/2020)',
            date: '2020-06-21',
          },
        ],
      },
    ]);
  });
});

describe('struck off in the BODACC but active in SIRENE', () => {
  const answer = json('recherche-entreprises/search-880878145.json') as {
    result: { results: Json[] };
  };
  it('880878145: its real radiation notice and its real state (ceased): no contradiction', async () => {
    await run(db, 'recherche-entreprises', sample('recherche-entreprises/search-880878145.json'));
    await run(db, 'bodacc', sample('bodacc/bodacc-opendatasoft-880878145.json'));
    expect(await contradictions('880878145')).toEqual([]);
  });

  it('the state modified to active (etat_administratif A, a later update): flagged', async () => {
    const modified = {
      ...answer,
      result: {
        ...answer.result,
        results: answer.result.results.map((r) => ({
          ...r,
          etat_administratif: 'A',
          date_mise_a_jour: '2026-06-01T00:00:00',
          date_mise_a_jour_insee: '2026-06-01T00:00:00',
        })),
      },
    };
    await run(
      db,
      'recherche-entreprises',
      writeTemp(dir, 'ganymede.json', JSON.stringify(modified)),
    );
    const [c] = await contradictions('880878145');
    expect(c).toMatchObject({
      rule: 'struck-off-still-active',
      sides: [
        { source: 'bodacc', value: 'Radiation publiée le 23/11/2022', date: '2022-11-23' },
        { source: 'recherche-entreprises', value: 'Active' },
      ],
    });
  });
});

describe('a cessation date in the future', () => {
  it('057808172 DELTA ASSURANCES, its real SIRENE row with dateDebut moved to 2099-01-01', async () => {
    const csv = readFileSync(sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'), 'utf8');
    const [header, ...lines] = csv.split('\n');
    const line = lines.find((l) => l.startsWith('057808172,'))!;
    await run(db, 'sirene-ul', writeTemp(dir, 'delta.csv', `${header}\n${line}\n`));
    expect(await contradictions('057808172')).toEqual([]);
    const moved = line.replace(',2026-01-01,C,', ',2099-01-01,C,');
    expect(moved).not.toBe(line);
    await run(db, 'sirene-ul', writeTemp(dir, 'delta-2099.csv', `${header}\n${moved}\n`));
    const [c] = await contradictions('057808172');
    expect(c?.rule).toBe('future-closure-date');
    expect((c?.sides as Json[])[0]).toEqual({
      source: 'sirene',
      value: 'Cessation le 01/01/2099',
      date: '2026-03-11',
    });
  });
});

describe('the RNE against the BODACC and SIRENE (980704894 BKMD CAPITAL)', () => {
  // Real RNE record; a real BODACC notice (881304240's, Agen) given this SIREN, one president and
  // a capital of 100,045 €; the real INSEE unit of 026280206 given this SIREN and head office NIC 00024.
  it('roles and capital: flagged when they differ, not when the roles only word them differently', async () => {
    await run(db, 'rne', sample('rne/companies.json'));
    const notice = (admin: string) =>
      issueWith('RCS-A_BXA20200102.xml.gz', '881304240', (a) =>
        a
          .replace('881 304 240', '980 704 894')
          .replace(
            /<administration>[^<]*<\/administration>/,
            `<administration>${admin}</administration>`,
          ),
      );
    await run(
      db,
      'bodacc',
      writeTemp(
        dir,
        'bkmd-same.xml',
        notice('Président : ALVES Bruno ; Directeur général : DE SA FERNANDES Katia'),
      ),
    );
    const first = await contradictions('980704894');
    expect(
      first.map((c) => c.rule),
      JSON.stringify(first),
    ).toEqual(['capital-differs']);
    await run(db, 'bodacc', writeTemp(dir, 'bkmd.xml', notice('Président : ALVES Bruno')));
    const found = await contradictions('980704894');
    expect(found.map((c) => c.rule)).toEqual(['capital-differs', 'roles-differ']);
    expect(found[0]!.sides).toEqual([
      { source: 'rne', value: 'Capital : 1\u202f000 €', date: '2024-07-03' },
      { source: 'bodacc', value: 'Capital : 100\u202f045 €', date: '2020-05-28' },
    ]);
    expect((found[1]!.sides as Json[]).map((s) => s.source)).toEqual(['rne', 'bodacc']);
  });

  it('head office: SIRENE’s NIC 00024 against the RNE’s 00016', async () => {
    const unit = json('sirene/unite_legale.json') as Json;
    const periods = (unit.periodesUniteLegale as Json[]).map((p, i) =>
      i === 0 ? { ...p, nicSiegeUniteLegale: '00024' } : p,
    );
    await run(
      db,
      'sirene-ul',
      writeTemp(
        dir,
        'bkmd-ul.json',
        JSON.stringify({ ...unit, siren: '980704894', periodesUniteLegale: periods }),
      ),
    );
    const found = await contradictions('980704894');
    expect(found.find((c) => c.rule === 'head-office-differs')?.sides).toEqual([
      { source: 'sirene', value: 'Siège : SIRET 980 704 894 00024', date: expect.any(String) },
      { source: 'rne', value: 'Siège : SIRET 980 704 894 00016', date: '2024-07-03' },
    ]);
  });
});

describe('where the contradictions are shown', () => {
  it('the company page lists them with both sources, their names and dates', async () => {
    const list = await listContradictions(db.db, '980704894');
    expect(list.map((c) => c.rule)).toEqual([
      'roles-differ',
      'head-office-differs',
      'capital-differs',
    ]);
    expect(list[2]).toMatchObject({
      title: 'Capital différent entre le RNE et la dernière annonce du BODACC',
      sides: [
        { label: 'Registre national des entreprises (INPI)', date: '2024-07-03' },
        { label: 'BODACC (DILA)', date: '2020-05-28' },
      ],
    });
    // The directors rule keeps roles, not names.
    expect(JSON.stringify(list)).not.toMatch(/ALVES|FERNANDES/);
  });

  it('the search filters on them (contradictions=1), and rejects another value', async () => {
    await refreshSearchIndex(db.db);
    const filters = parseFilters(new URLSearchParams('contradictions=1'));
    expect(filters).toMatchObject({ contradictions: true });
    const found = await searchCompanies(db.db, { q: '', filters: filters as SearchFilters });
    // 523062685 is a protected natural person: never listed by the search (src/search/README.md).
    expect(found.ok && found.value.results.map((r) => r.siren).sort()).toEqual([
      '057808172',
      '880878145',
      '980704894',
    ]);
    expect(parseFilters(new URLSearchParams('contradictions=oui'))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      fields: { contradictions: [expect.stringContaining('1 ou 0')] },
    });
  });

  it('the data hub counts them, per rule', async () => {
    const f = await keyFigures(db.db);
    expect(f?.contradictions).toEqual({
      companies: 4,
      byRule: {
        'ceased-not-struck-off': 1,
        'struck-off-still-active': 1,
        'future-closure-date': 1,
        'roles-differ': 1,
        'head-office-differs': 1,
        'capital-differs': 1,
      },
    });
  });
});
