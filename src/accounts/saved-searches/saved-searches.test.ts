/**
 * Saved searches end to end through the route modules: saving (and refusing bad input), the new
 * companies of a simulated import matched as the results would, the mail received once on a real
 * SMTP server with its one-click unsubscribe, /mon-compte's list, and another user's 404.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '@/jobs/testing';
import { smtpForFile } from '@/testing/smtp';
import { refreshSearchIndex } from '@/search/indexer';
import { TestClient } from '@/testing/route-client';
import { afterImport, isMailDay, queueDueMails } from './jobs';
import { sendSavedSearchMail } from './mailer';
import { matchSavedSearches } from './match';
import { MAX_SAVED_SEARCHES } from './limits';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ searchIndex: true });
const smtp = smtpForFile();

async function member(email: string, verified = true): Promise<TestClient> {
  const c = new TestClient();
  await c.register(email, 'une recherche bien gardée');
  // What opening the mailed verification link does.
  if (verified) await verify(email);
  return c;
}

const verify = (email: string) =>
  site.db().execute(sql`UPDATE users SET email_verified = true WHERE email = ${email}`);

/** What an import of new companies writes, then the index update the import CLI makes. */
async function importCompanies(
  rows: Array<{ siren: string; name: string; naf: string; postcode: string; commune: string }>,
) {
  for (const r of rows) {
    await site.db().execute(sql`INSERT INTO companies (siren, name, legal_form_code, naf_code,
        naf_version, status, creation_date, head_office_nic, open_establishments)
      VALUES (${r.siren}, ${r.name}, '5499', ${r.naf}, 'NAFRev2', 'A', '2026-11-20', '00011', 1)`);
    await site.db().execute(sql`INSERT INTO establishments (siret, siren, nic, is_head_office,
        status, naf_code, address_number, address_street, postcode, commune_code, commune_name)
      VALUES (${r.siren + '00011'}, ${r.siren}, '00011', true, 'A', ${r.naf}, '3', 'RUE NEUVE',
        ${r.postcode}, ${r.postcode.startsWith('75') ? '75056' : '69123'}, ${r.commune})`);
  }
  await refreshSearchIndex(site.db(), { changedSirens: rows.map((r) => r.siren) });
}

describe('saved searches', () => {
  it('mails the new companies that match, once, with a one-click unsubscribe', async () => {
    const a = await member('veilleur@exemple.fr');
    const saved = await a.post('/api/me/saved-searches', {
      name: 'Informatique à Paris',
      query: '/recherches-avancees/resultats?page=3&activite=62.01Z&departement=75',
      frequency: 'daily',
    });
    expect(saved.status).toBe(201);
    const search = saved.body.data.data;
    expect(search.query).toBe('activite=62.01Z&departement=75');
    const byName = await a.post('/api/me/saved-searches', {
      name: 'Boulangeries',
      query: 'q=boulangerie',
      frequency: 'weekly',
    });
    expect(byName.status).toBe(201);

    // Companies already there before the search was saved are not news.
    expect((await matchSavedSearches(site.db())).matches).toBe(0);

    await importCompanies([
      {
        siren: '912345675',
        name: 'OCTET LOGICIEL',
        naf: '62.01Z',
        postcode: '75011',
        commune: 'PARIS',
      },
      { siren: '912345683', name: 'PIXEL LYON', naf: '62.01Z', postcode: '69003', commune: 'LYON' },
      {
        siren: '912345691',
        name: 'BOULANGERIE DU CANAL',
        naf: '10.71C',
        postcode: '75010',
        commune: 'PARIS',
      },
    ]);
    await afterImport(site.db());
    await runJobsUntilIdle(site.db());

    // A Monday: the daily and the weekly searches are both mailed.
    expect(isMailDay('weekly', '2026-11-30')).toBe(true);
    expect(isMailDay('weekly', '2026-12-01')).toBe(false);
    expect(await queueDueMails(site.db(), '2026-11-30')).toBe(2);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor(
      (m) => m.to.includes('veilleur@exemple.fr') && /Informatique à Paris/.test(m.subject),
    );
    expect(mail.subject).toBe(
      'Une nouvelle entreprise pour votre recherche « Informatique à Paris »',
    );
    expect(mail.text).toContain('OCTET LOGICIEL');
    expect(mail.text).toContain('/entreprises/912345675/');
    expect(mail.text).not.toContain('PIXEL LYON');
    expect(mail.text).not.toContain('BOULANGERIE');
    const bakery = await smtp.waitFor(
      (m) => m.to.includes('veilleur@exemple.fr') && /Boulangeries/.test(m.subject),
    );
    expect(bakery.text).toContain('BOULANGERIE DU CANAL');
    expect(bakery.text).not.toContain('OCTET');
    const header = (/^List-Unsubscribe:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? '').replace(
      /\s+/g,
      '',
    );
    expect(header).toMatch(/\/api\/saved-searches\/unsubscribe\?recherche=\d+&jeton=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // Again the same day, and another import run: nothing new, nothing sent twice.
    expect((await matchSavedSearches(site.db())).matches).toBe(0);
    expect(await queueDueMails(site.db(), '2026-11-30')).toBe(0);
    await afterImport(site.db());
    await runJobsUntilIdle(site.db());
    expect(
      smtp.received.filter(
        (m) => m.to.includes('veilleur@exemple.fr') && /pour votre recherche/.test(m.subject),
      ),
    ).toHaveLength(2);

    // /mon-compte lists them with their last matches.
    const list = (await a.get('/api/me/saved-searches')).body.data.data as Array<{
      id: number;
      last_matches: Array<{ siren: string; name: string }>;
      last_mailed_at: string | null;
    }>;
    const mine = list.find((s) => s.id === search.id)!;
    expect(mine.last_matches).toEqual([
      expect.objectContaining({ siren: '912345675', name: 'OCTET LOGICIEL' }),
    ]);
    expect(mine.last_mailed_at).not.toBeNull();

    // The mail's one-click unsubscribe: no cookie, no XSRF token; a forged one is a 404.
    const url = new URL(header.replace(/^<|>$/g, ''));
    const stranger = new TestClient();
    stranger.csrf = false;
    expect((await stranger.get(url.pathname + url.search)).status).toBe(200);
    expect(
      (await a.get('/api/me/saved-searches')).body.data.data.find(
        (s: { id: number }) => s.id === search.id,
      ).frequency,
    ).toBe('daily');
    expect((await stranger.post(url.pathname + url.search)).status).toBe(200);
    expect(
      (await a.get('/api/me/saved-searches')).body.data.data.find(
        (s: { id: number }) => s.id === search.id,
      ).frequency,
    ).toBe('none');
    expect(
      (await stranger.post(`/api/saved-searches/unsubscribe?recherche=${search.id}&jeton=faux`))
        .status,
    ).toBe(404);
  });

  it('checks the session, the XSRF token and the owner; renames, changes frequency, deletes', async () => {
    const a = await member('proprietaire@exemple.fr');
    const b = await member('curieux@exemple.fr');
    const created = await a.post('/api/me/saved-searches', {
      name: 'Lyon',
      query: 'departement=69',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.data.id as number;
    expect(created.body.data.data.frequency).toBe('daily');

    expect((await new TestClient().get('/api/me/saved-searches')).status).toBe(401);
    const noToken = new TestClient();
    noToken.cookies = new Map(a.cookies);
    noToken.cookies.delete('XSRF-TOKEN');
    noToken.csrf = false;
    expect(
      (await noToken.request('PATCH', `/api/me/saved-searches/${id}`, { name: 'x' })).status,
    ).toBe(419);

    // Another user's saved search is not found, and stays as it was.
    expect(
      (await b.request('PATCH', `/api/me/saved-searches/${id}`, { name: 'Volé' })).status,
    ).toBe(404);
    expect((await b.delete(`/api/me/saved-searches/${id}`)).status).toBe(404);
    expect((await b.get('/api/me/saved-searches')).body.data.data).toEqual([]);

    const renamed = await a.request('PATCH', `/api/me/saved-searches/${id}`, {
      name: 'Lyon et environs',
      frequency: 'weekly',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.data).toMatchObject({ name: 'Lyon et environs', frequency: 'weekly' });
    expect(
      (await a.request('PATCH', `/api/me/saved-searches/${id}`, { frequency: 'horaire' })).status,
    ).toBe(422);
    expect((await a.delete(`/api/me/saved-searches/${id}`)).status).toBe(200);
    expect((await a.delete(`/api/me/saved-searches/${id}`)).status).toBe(404);
    expect((await a.delete('/api/me/saved-searches/abc')).status).toBe(404);
  });

  it('mails nothing to an address its user has not verified; the matches wait for it', async () => {
    const a = await member('pas-verifie@exemple.fr', false);
    const saved = await a.post('/api/me/saved-searches', {
      name: 'Restaurants',
      query: 'activite=56.10A',
      frequency: 'daily',
    });
    expect(saved.status).toBe(201);
    const id = saved.body.data.data.id;
    await importCompanies([
      { siren: '912345709', name: 'BOUCHON', naf: '56.10A', postcode: '69002', commune: 'LYON' },
    ]);
    expect((await matchSavedSearches(site.db())).matches).toBeGreaterThan(0);
    expect(await sendSavedSearchMail(site.db(), id)).toBe(0);
    await runJobsUntilIdle(site.db());
    expect(
      smtp.received.some(
        (m) => m.to.includes('pas-verifie@exemple.fr') && /Restaurants/.test(m.subject),
      ),
    ).toBe(false);
    await verify('pas-verifie@exemple.fr');
    expect(await sendSavedSearchMail(site.db(), id)).toBe(1);
    await runJobsUntilIdle(site.db());
    await smtp.waitFor(
      (m) => m.to.includes('pas-verifie@exemple.fr') && /Restaurants/.test(m.subject),
    );
  });

  it('refuses bad searches in French, and more than the limit', async () => {
    const a = await member('limite@exemple.fr');
    const bad: Array<[unknown, string]> = [
      [{ name: 'x', query: 'departement=99X' }, 'Département inconnu'],
      [{ name: 'x', query: 'couleur=bleu' }, '« couleur »'],
      [{ name: 'x', query: 'page=2' }, 'au moins un filtre'],
      [{ name: 'x', query: 'q=a' }, '2 caractères'],
      [{ name: '', query: 'departement=69' }, 'Donnez un nom'],
      [{ name: 'x', query: 'departement=69', frequency: 'mensuelle' }, 'fréquence'],
    ];
    for (const [body, words] of bad) {
      const r = await a.post('/api/me/saved-searches', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.message).toContain(words);
    }
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      expect(
        (
          await a.post('/api/me/saved-searches', {
            name: `R${i}`,
            query: `creation_min=20${String(i).padStart(2, '0')}-01-01`,
          })
        ).status,
      ).toBe(201);
    const over = await a.post('/api/me/saved-searches', {
      name: 'Une de trop',
      query: 'etat=actif',
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('SAVED_SEARCH_LIMIT');
  });
});
