/**
 * Sitemaps built ahead (issue 40): a full build stores every file of the index (content, company
 * SIREN ranges, director hash ranges), each under 50,000 URLs, the same lists as computed on
 * request, partially diffused persons left out; a run that changed one company rewrites its file
 * only, the others keep their Last-Modified; the served file says Last-Modified and answers 304 to
 * a crawler that has it. On PGlite and PostgreSQL (DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { sitemapResponse } from './sitemap-response';
import {
  parseSitemapFile,
  SITEMAP_SIZE,
  sitemapCompanies,
  sitemapDirectors,
} from '@/registry/indexes';
import {
  patchCompanyList,
  refreshSitemapFiles,
  storedSitemap,
  storedSitemapIndex,
} from './sitemap-files';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';

let h: DbHandle;
const DANONE = '552032534';
const HIDDEN = '990000017';

beforeAll(async () => {
  h = await createTestDb();
  await insertRegistryFixtures(h.db);
  // A sole trader under partial diffusion: no URL may carry her name.
  await h.db
    .execute(sql`INSERT INTO companies (siren, diffusion, name, is_natural_person, first_names,
      last_name, legal_form_code, status, creation_date)
    VALUES (${HIDDEN}, 'P', 'FABIENNE ZIBELINE', true, 'FABIENNE', 'ZIBELINE', '1000', 'A', '2020-01-01')`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const lastModified = async () =>
  new Map(
    (
      await queryRows<{ name: string; at: string }>(
        h.db,
        sql`SELECT name, last_modified::text AS at FROM sitemap_files`,
      )
    ).map((r) => [r.name, r.at]),
  );

describe('sitemaps built ahead', () => {
  it('a full build stores every file, the lists computed on request, without hidden persons', async () => {
    const r = await refreshSitemapFiles(h.db, null);
    const index = await storedSitemapIndex(h.db);
    const names = index.map((f) => f.name);
    expect(names[0]).toBe('contenu.xml');
    expect(names.some((n) => n.startsWith('entreprises-'))).toBe(true);
    expect(names.some((n) => n.startsWith('dirigeants-'))).toBe(true);
    expect(r.rewritten).toBe(names.length);
    let urls = 0;
    for (const name of names) {
      const stored = (await storedSitemap(h.db, name))!;
      expect(stored.urls.length).toBeLessThanOrEqual(SITEMAP_SIZE);
      urls += stored.urls.length;
      expect(JSON.stringify(stored.urls)).not.toMatch(/zibeline/i);
      const f = parseSitemapFile(name);
      if (f)
        expect(stored.urls).toEqual(
          f.kind === 'entreprises'
            ? await sitemapCompanies(h.db, f.range)
            : await sitemapDirectors(h.db, f.ranges, f.range),
        );
    }
    expect(urls).toBe(r.urls);
    // Nothing changed: nothing rewritten.
    expect((await refreshSitemapFiles(h.db, null)).rewritten).toBe(0);
  });

  it('a run that changed one company rewrites its file only; the others keep their Last-Modified', async () => {
    await refreshSitemapFiles(h.db, null);
    await h.db.execute(sql`UPDATE sitemap_files SET last_modified = now() - interval '1 day'`);
    const before = await lastModified();
    await h.db.execute(
      sql`UPDATE companies SET name = 'DANONE RENOMMÉE', updated_at = now() WHERE siren = ${DANONE}`,
    );
    const r = await refreshSitemapFiles(h.db, [DANONE]);
    expect(r.rewritten).toBe(1);
    expect(r.files).toBeLessThan(before.size);
    const after = await lastModified();
    const file = `entreprises-${Math.floor(Number(DANONE) / 400_000)}.xml`;
    for (const [name, at] of before)
      if (name === file) expect(after.get(name)).not.toBe(at);
      else expect(after.get(name), name).toBe(at);
    const stored = (await storedSitemap(h.db, file))!;
    expect(stored.urls.map((u) => u.path)).toContain(`/entreprises/${DANONE}/danone-renommee`);
  });

  it('serves a stored file with Last-Modified, and 304 to a crawler that has it', async () => {
    await refreshSitemapFiles(h.db, null);
    const file = `entreprises-${Math.floor(Number(DANONE) / 400_000)}.xml`;
    const first = await sitemapResponse(h.db, 'https://exemple.fr', file, null);
    expect(first.status).toBe(200);
    const at = first.headers.get('last-modified')!;
    expect(Date.parse(at)).toBeGreaterThan(0);
    const body = await first.text();
    expect(body).toContain(`<loc>https://exemple.fr/entreprises/${DANONE}/`);
    expect(body).not.toMatch(/zibeline/i);
    expect((await sitemapResponse(h.db, 'https://exemple.fr', file, at)).status).toBe(304);
    const older = new Date(Date.parse(at) - 60_000).toUTCString();
    expect((await sitemapResponse(h.db, 'https://exemple.fr', file, older)).status).toBe(200);
    expect(
      (await sitemapResponse(h.db, 'https://exemple.fr', 'entreprises-x.xml', null)).status,
    ).toBe(404);
  });
});

describe('a day of changes patches the stored company files', () => {
  const file = `entreprises-${Math.floor(Number(DANONE) / 400_000)}.xml`;
  const range = Math.floor(Number(DANONE) / 400_000);
  // Valid SIRENs (Luhn) in Danone's range, absent from the fixtures.
  const NEW = '552032559';
  const QUIET = '552032567';

  it('patches a renamed, an added and a hidden company into the file: the same list as recomputed', async () => {
    await refreshSitemapFiles(h.db, null);
    await h.db.execute(
      sql`UPDATE companies SET name = 'DANONE PATCHÉE', updated_at = now() WHERE siren = ${DANONE}`,
    );
    await h.db.execute(sql`INSERT INTO companies (siren, diffusion, name, is_natural_person,
        legal_form_code, status, creation_date, updated_at)
      VALUES (${NEW}, 'O', 'NOUVELLE SOCIETE GENEREE', false, '5710', 'A', '2026-01-01', now())`);
    const r = await refreshSitemapFiles(h.db, [DANONE, NEW]);
    expect(r.rewritten).toBe(1);
    const stored = (await storedSitemap(h.db, file))!;
    expect(stored.urls).toEqual(await sitemapCompanies(h.db, range));
    expect(stored.urls.map((u) => u.path)).toEqual(
      expect.arrayContaining([
        `/entreprises/${DANONE}/danone-patchee`,
        `/entreprises/${NEW}/nouvelle-societe-generee`,
      ]),
    );
    // The new company turns out to be a sole trader under partial diffusion: out of the list.
    await h.db.execute(
      sql`UPDATE companies SET diffusion = 'P', is_natural_person = true, updated_at = now() WHERE siren = ${NEW}`,
    );
    await refreshSitemapFiles(h.db, [NEW]);
    const after = (await storedSitemap(h.db, file))!;
    expect(after.urls).toEqual(await sitemapCompanies(h.db, range));
    expect(after.urls.map((u) => u.path).join()).not.toContain(NEW);
    // Gone from the base: gone from the list too.
    await h.db.execute(sql`DELETE FROM companies WHERE siren = ${NEW}`);
    await refreshSitemapFiles(h.db, [NEW]);
    expect((await storedSitemap(h.db, file))!.urls).toEqual(await sitemapCompanies(h.db, range));
  });

  it('reads only the changed companies, not the file’s whole range', async () => {
    await refreshSitemapFiles(h.db, null);
    // A company the run does not name (written behind its back): a patch leaves it out; a
    // recomputation of the range would list it.
    await h.db.execute(sql`INSERT INTO companies (siren, diffusion, name, is_natural_person,
        legal_form_code, status, creation_date)
      VALUES (${QUIET}, 'O', 'SOCIETE DISCRETE', false, '5710', 'A', '2026-01-01')`);
    await h.db.execute(
      sql`UPDATE companies SET name = 'DANONE DU JOUR', updated_at = now() WHERE siren = ${DANONE}`,
    );
    await refreshSitemapFiles(h.db, [DANONE]);
    const paths = (await storedSitemap(h.db, file))!.urls.map((u) => u.path);
    expect(paths).toContain(`/entreprises/${DANONE}/danone-du-jour`);
    expect(paths.join()).not.toContain(QUIET);
    // The next full build finds it.
    await refreshSitemapFiles(h.db, null);
    expect((await storedSitemap(h.db, file))!.urls.map((u) => u.path)).toContain(
      `/entreprises/${QUIET}/societe-discrete`,
    );
    await h.db.execute(sql`DELETE FROM companies WHERE siren = ${QUIET}`);
  });

  it('a changed company whose entry is the same rewrites nothing', async () => {
    await refreshSitemapFiles(h.db, null);
    await h.db.execute(sql`UPDATE sitemap_files SET last_modified = now() - interval '1 day'`);
    const before = await lastModified();
    const r = await refreshSitemapFiles(h.db, [DANONE]);
    expect(r.rewritten).toBe(0);
    expect(await lastModified()).toEqual(before);
  });

  it('patchCompanyList keeps SIREN order and replaces only the changed lines', () => {
    const line = (s: string, d: string) => `/entreprises/${s}/x\t${d}`;
    const text = [line('100000001', 'a'), line('100000003', 'b'), line('100000005', 'c')].join(
      '\n',
    );
    const entries = new Map([
      ['100000002', { path: '/entreprises/100000002/y', lastmod: 'n' }],
      ['100000005', { path: '/entreprises/100000005/z', lastmod: null }],
    ]);
    expect(patchCompanyList(text, ['100000002', '100000003', '100000005'], entries)).toEqual({
      text: [
        line('100000001', 'a'),
        '/entreprises/100000002/y\tn',
        '/entreprises/100000005/z',
      ].join('\n'),
      urls: 3,
    });
    expect(patchCompanyList('', [], new Map())).toEqual({ text: '', urls: 0 });
  });
});
