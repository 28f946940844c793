/**
 * Partial diffusion across sources (issue 16, part 1): the most restrictive status known from any
 * source, for the unit or any of its establishments, wins, whatever source wrote the record and in
 * whatever order the sources arrive. The case is a real one of the sample: sole trader 523062685,
 * whose unit record comes from a BODACC notice (which says nothing of diffusion) and whose SIRENE
 * establishments are not diffusible.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import {
  COMPANY_SECTIONS,
  getCompanyApi,
  getCompanySectionApi,
} from '@/public-api/registry-handlers';
import { getCompanyProfile } from '@/registry/company';
import { SIREN_RANGE, sitemapCompanies } from '@/registry/indexes';
import { searchCompanies } from '@/search/companies';
import { refreshSearchIndex } from '@/search/indexer';
import { rows, run, sample, tempDir, writeTemp } from './testing';

const SIREN = '523062685';
const PERSON = /michon|fabienne/i;
const dir = tempDir('diffusion-');

/** Her one BODACC notice, cut out of the real issue it was published in. */
function bodaccFile(): string {
  const xml = gunzipSync(readFileSync(sample('bodacc/RCS-A_BXA20200119.xml.gz'))).toString('utf8');
  const head = xml.slice(0, xml.indexOf('<listeAvis>') + '<listeAvis>'.length);
  const notice = xml.match(/<avis>(?:(?!<\/avis>)[\s\S])*?523 062 685[\s\S]*?<\/avis>/)?.[0];
  if (!notice) throw new Error('notice of 523062685 missing from the sample');
  return writeTemp(dir, 'RCS-A_BXA20200119.xml', `${head}${notice}</listeAvis></RCS-A_IMMAT>`);
}

/** Her two SIRENE establishments (API answers of the sample), with the status given. */
function sireneFile(status: 'N' | 'O'): string {
  const all = JSON.parse(readFileSync(sample('sirene/api_results.json'), 'utf8')) as Array<{
    siren: string;
    statutDiffusionEtablissement: string;
    uniteLegale: Record<string, unknown>;
  }>;
  // The establishment and its legal unit (imported with it) both carry the status given.
  const hers = all
    .filter((e) => e.siren === SIREN)
    .map((e) => ({
      ...e,
      statutDiffusionEtablissement: status,
      uniteLegale: { ...e.uniteLegale, statutDiffusionUniteLegale: status },
    }));
  expect(hers).toHaveLength(2);
  return writeTemp(dir, `etablissements-${status}.json`, JSON.stringify(hers));
}

async function foundByName(db: DbHandle): Promise<boolean> {
  const r = await searchCompanies(db.db, { q: 'michon fabienne' });
  if (!r.ok) throw new Error(r.message);
  return r.value.results.some((c) => c.siren === SIREN);
}

/** Everything a visitor or a robot can read of her: none of it may carry her name. */
async function expectNothingShown(db: DbHandle): Promise<void> {
  const [unit] = await rows<{ diffusion: string }>(
    db,
    `SELECT diffusion FROM companies WHERE siren = $1`,
    [SIREN],
  );
  expect(unit?.diffusion).toBe('P');
  const main = await getCompanyApi(db.db, SIREN, new URLSearchParams());
  expect(main.status).toBe(200);
  expect(JSON.stringify(main.body)).not.toMatch(PERSON);
  for (const section of COMPANY_SECTIONS) {
    const r = await getCompanySectionApi(db.db, SIREN, section, new URLSearchParams());
    expect(JSON.stringify(r.body), section).not.toMatch(PERSON);
  }
  const page = await getCompanyProfile(db.db, SIREN);
  expect(JSON.stringify(page)).not.toMatch(PERSON);
  const sitemap = await sitemapCompanies(db.db, Math.floor(Number(SIREN) / SIREN_RANGE));
  expect(sitemap.map((p) => p.path).join(' ')).not.toMatch(PERSON);
  expect(await foundByName(db)).toBe(false);
  // Still there by number: partial diffusion hides the person, not the unit.
  const bySiren = await searchCompanies(db.db, { q: SIREN });
  expect(bySiren.ok && bySiren.value.results.map((c) => c.siren)).toContain(SIREN);
}

describe('partial diffusion, whatever the order the sources arrive in', () => {
  let db: DbHandle;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(async () => db?.close());

  it('BODACC first, then SIRENE: the restricted establishments restrict the unit', async () => {
    await run(db, 'bodacc', bodaccFile());
    await run(db, 'sirene-etab', sireneFile('N'));
    await refreshSearchIndex(db.db);
    await expectNothingShown(db);
  });

  it('SIRENE first, then BODACC: the unit the notice creates is stored restricted', async () => {
    await run(db, 'sirene-etab', sireneFile('N'));
    await run(db, 'bodacc', bodaccFile());
    await refreshSearchIndex(db.db);
    await expectNothingShown(db);
  });

  it('a later import that restricts her removes her at once, and an open one never lifts it', async () => {
    await run(db, 'bodacc', bodaccFile());
    await run(db, 'sirene-etab', sireneFile('O'));
    await refreshSearchIndex(db.db);
    expect(await foundByName(db)).toBe(true);
    expect(JSON.stringify((await getCompanyApi(db.db, SIREN, new URLSearchParams())).body)).toMatch(
      PERSON,
    );

    const restricted = await run(db, 'sirene-etab', sireneFile('N'));
    // The change is announced for her SIREN (change feed, incremental index update).
    expect(restricted.changedSirens).toContain(SIREN);
    await refreshSearchIndex(db.db, { changedSirens: restricted.changedSirens ?? undefined });
    await expectNothingShown(db);

    // A source that says nothing of diffusion (BODACC), or says "open", does not lift it.
    await run(db, 'bodacc', bodaccFile());
    await rows(db, `UPDATE companies SET diffusion = 'O' WHERE siren = $1`, [SIREN]);
    await refreshSearchIndex(db.db);
    await expectNothingShown(db);
  });
});
