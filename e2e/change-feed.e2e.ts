import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL, changeMessages } from '../src/registry/change-feed';
import { baseUrl } from './browser';

/**
 * The registry's change feed on PostgreSQL: an import that changes a company announces it, and
 * the running site drops its cached page and API answer at once (not at their revalidation, up to
 * 36 h later). On the embedded database the feed is off: no import runs beside the site there.
 */
const url = (path: string) => new URL(path, baseUrl()).toString();
const SIREN = '017051186'; // PENNEQUIN INVEST, from the real SIRENE sample; used by no other test

async function sigleOnPage(): Promise<{ cache: string | null; html: string }> {
  const res = await fetch(url(`/entreprises/${SIREN}/pennequin-invest`));
  expect(res.status).toBe(200);
  return { cache: res.headers.get('x-nextjs-cache'), html: await res.text() };
}

async function sigleInApi(): Promise<string | null> {
  const res = await fetch(url(`/api/companies/${SIREN}`));
  return ((await res.json()) as { data: { data: { sigle: string | null } } }).data.data.sigle;
}

describe.skipIf(!process.env.DATABASE_URL)('change feed (PostgreSQL)', () => {
  it('drops the cached page and API answer of a company an import announces', async () => {
    // Cached everywhere: the page in Next's and the front page cache, the API in its data cache.
    let page = await sigleOnPage();
    for (let i = 0; i < 3 && page.cache !== 'HIT'; i++) page = await sigleOnPage();
    expect(page.cache).toBe('HIT');
    expect(page.html).not.toContain('FLUXTEST');
    expect(await sigleInApi()).toBeNull();

    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      // What an import does: change the row, commit, announce.
      await db.query(`UPDATE companies SET sigle = 'FLUXTEST' WHERE siren = $1`, [SIREN]);
      // Still the cached page: nothing told the site yet.
      expect((await sigleOnPage()).html).not.toContain('FLUXTEST');
      for (const message of changeMessages([SIREN]))
        await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, message]);

      let seen = false;
      for (let i = 0; i < 50 && !seen; i++) {
        await new Promise((r) => setTimeout(r, 100));
        seen = (await sigleOnPage()).html.includes('FLUXTEST');
      }
      expect(seen).toBe(true);
      expect(await sigleInApi()).toBe('FLUXTEST');
    } finally {
      await db.query(`UPDATE companies SET sigle = NULL WHERE siren = $1`, [SIREN]);
      for (const message of changeMessages([SIREN]))
        await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, message]);
      await db.end();
    }
  });
});
