import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '@/jobs/testing';
import { smtpForFile } from '@/testing/smtp';
import { linkIn, solvedCaptcha, TestClient } from '@/testing/route-client';
import { diffStates } from './diff';
import { afterImport, nextDigestTime } from './jobs';
import { sendListAlerts } from './mailer';
import type { CompanyState } from './state';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ fixtures: true });
const smtp = smtpForFile();

const base: CompanyState = {
  name: 'ACME',
  status: 'A',
  ceasedDate: null,
  headOffice: { siret: '55203253400703', address: '17 BD HAUSSMANN 75009 PARIS' },
  directors: { 'DUPONT|JEAN|1970-01|Président': 'Jean DUPONT, Président' },
  notices: { n1: ['modification', 'Modification', '2024-01-02'] },
  insolvency: {},
  accounts: ['2023-12-31'],
};

describe('diffStates', () => {
  it('names every kind of change once', () => {
    const after: CompanyState = {
      ...base,
      name: 'ACME GROUPE',
      status: 'C',
      ceasedDate: '2025-06-30',
      headOffice: { siret: '55203253400646', address: '1 RUE DE LA PAIX 75002 PARIS' },
      directors: { 'MARTIN|ANNE|1980-05|Directrice générale': 'Anne MARTIN, Directrice générale' },
      notices: { ...base.notices, n2: ['procedure', 'Jugement d’ouverture', '2025-07-01'] },
      insolvency: { p1: ['liquidation', '2025-06-30'] },
      accounts: ['2023-12-31', '2024-12-31'],
    };
    const kinds = diffStates(base, after)
      .map((e) => e.kind)
      .sort();
    expect(kinds).toEqual([
      'ceased',
      'director_arrived',
      'director_left',
      'head_office_moved',
      'insolvency',
      'name_changed',
      'new_accounts',
      'notice',
    ]);
    expect(diffStates(after, after)).toEqual([]);
    expect(diffStates(after, { ...after, status: 'A' }).map((e) => e.kind)).toEqual(['reopened']);
  });

  it('tells a strike-off as the page does, and never an empty record as ceased or reopened', () => {
    const active: CompanyState = { ...base, lifecycle: 'active' };
    const struck: CompanyState = {
      ...base,
      status: 'C',
      lifecycle: 'struck-off',
      strikeOffDate: '2025-09-01',
    };
    const events = diffStates(active, struck);
    expect(events.map((e) => e.kind)).toEqual(['struck_off']);
    expect(events[0]!.summary).toBe(
      'L’entreprise a été radiée du registre du commerce et des sociétés le 01/09/2025.',
    );
    // A ceased company later struck off: the strike-off is news.
    const ceased: CompanyState = { ...base, status: 'C', lifecycle: 'ceased' };
    expect(diffStates(ceased, struck).map((e) => e.kind)).toEqual(['struck_off']);
    expect(diffStates(struck, active).map((e) => e.kind)).toEqual(['reopened']);
    // An empty record (no source gives a state) is not an active company that ceased.
    const unknown: CompanyState = { ...base, lifecycle: 'unknown' };
    expect(diffStates(unknown, ceased)).toEqual([]);
    expect(diffStates(active, unknown)).toEqual([]);
    // A snapshot from before the state was kept: a ceased company may have been struck off long
    // ago, and the upgrade announces nothing.
    const { lifecycle: _l, strikeOffDate: _d, ...oldCeased } = ceased;
    expect(diffStates(oldCeased, struck)).toEqual([]);
    expect(diffStates(oldCeased, active).map((e) => e.kind)).toEqual(['reopened']);
  });

  it('queues daily digests for the next 7 a.m. in Paris', () => {
    const t = nextDigestTime(new Date('2026-11-25T05:00:00Z')); // 6:00 in Paris
    expect(t.seconds).toBe(3600);
    expect(t.day).toBe('2026-11-25');
    expect(nextDigestTime(new Date('2026-11-25T07:30:00Z')).day).toBe('2026-11-26');
  });
});

describe('alerts after an import', () => {
  it('records the change of a followed company, mails it once with a one-click unsubscribe, and shows it in the feed', async () => {
    const c = new TestClient();
    expect(
      (
        await c.post('/register', {
          email: 'veille@exemple.fr',
          password: 'une veille attentive',
          captcha: await solvedCaptcha(),
        })
      ).status,
    ).toBe(201);
    const list = (await c.post('/api/followed-lists', { name: 'Clients', alert_mode: 'immediate' }))
      .body.data.data;
    expect((await c.post(`/api/company/552032534/follow/${list.id}`)).status).toBe(200);
    // Not verified yet: the alert waits (an account opened with a stranger's address mails nobody).
    await site.db().execute(
      sql`INSERT INTO notices (id, siren, bodacc_kind, family, type_label, published_at)
          VALUES ('B-TEST-0', '552032534', 'B', 'modification', 'Dépôt des comptes', '2026-11-23')`,
    );
    await afterImport(site.db(), ['552032534']);
    await runJobsUntilIdle(site.db());
    expect(await sendListAlerts(site.db(), list.id)).toBe(0);
    expect(
      smtp.received.some((m) => m.to.includes('veille@exemple.fr') && /Clients/.test(m.subject)),
    ).toBe(false);
    await site
      .db()
      .execute(sql`UPDATE users SET email_verified = true WHERE email = 'veille@exemple.fr'`);

    // What a later BODACC import writes for Danone.
    await site.db().execute(
      sql`INSERT INTO notices (id, siren, bodacc_kind, family, type_label, published_at)
          VALUES ('B-TEST-1', '552032534', 'B', 'modification', 'Modification de l’administration', '2026-11-24')`,
    );
    const first = await afterImport(site.db(), ['552032534', '880878145']);
    expect(first).toMatchObject({ companies: 1, events: 1, lists: 1 });
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor(
      (m) => m.to.includes('veille@exemple.fr') && /Clients/.test(m.subject),
    );
    expect(mail.text).toContain('Modification de l’administration');
    expect(mail.text).toContain('/entreprises/552032534/');
    expect(mail.html).toContain('Ne plus recevoir');
    const unsubscribeHeader = (
      /^List-Unsubscribe:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? ''
    ).replace(/\s+/g, '');
    expect(unsubscribeHeader).toMatch(/\/api\/alerts\/unsubscribe\?liste=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // A second run of the same import records nothing and sends nothing more.
    const again = await afterImport(site.db(), ['552032534']);
    expect(again.events).toBe(0);
    await runJobsUntilIdle(site.db());
    expect(
      smtp.received.filter((m) => m.to.includes('veille@exemple.fr') && /Clients/.test(m.subject)),
    ).toHaveLength(1);

    const feed = await c.get('/api/me/events');
    expect(feed.body.data.data[0]).toMatchObject({ siren: '552032534', kind: 'notice' });

    // The magic token of the mail identifies the user on any page, once.
    const magic = new URL(linkIn(mail.text, '/mon-compte')).searchParams.get('magic_token')!;
    const stranger = new TestClient();
    const me = await stranger.get(`/api/me?magic_token=${encodeURIComponent(magic)}`);
    expect(me.status).toBe(200);
    expect(me.body.data.data.email).toBe('veille@exemple.fr');
    expect(
      (await new TestClient().get(`/api/me?magic_token=${encodeURIComponent(magic)}`)).status,
    ).toBe(401);

    const unsubscribe = new URL(unsubscribeHeader.replace(/^<|>$/g, ''));
    const r = await new TestClient().post(unsubscribe.pathname + unsubscribe.search);
    expect(r.status).toBe(200);
    expect((await c.get('/api/followed-lists')).body.data.data[0].alert_mode).toBe('none');
    const forged = await new TestClient().get(
      `/api/alerts/unsubscribe?liste=${list.id}&jeton=faux`,
    );
    expect(forged.status).toBe(404);
  });
});
