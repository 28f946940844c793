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
import { refreshSitemapFiles, storedSitemap, storedSitemapIndex } from './sitemap-files';
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
