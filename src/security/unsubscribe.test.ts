import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch, solvedCaptcha, TestClient } from '@/testing/route-client';
import { afterImport } from '@/accounts/alerts/jobs';
import { runJobsUntilIdle } from '@/jobs/testing';
import { smtpForFile } from '@/testing/smtp';
import { siteDbForFile } from '@/testing/site-db';

/**
 * Mail scanners and link previews follow every link of a mail: a GET of the unsubscribe link must
 * change nothing. It shows a French page whose button posts; a POST (that button, or the mail
 * client's one-click POST of RFC 8058, with no cookie and no XSRF token) unsubscribes. Every alert
 * mail, received here by a real SMTP server, carries both List-Unsubscribe headers with links on
 * SITE_URL.
 */
const SITE = 'https://veille.registre-exemple.fr';

const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });
const smtp = smtpForFile({ SITE_URL: SITE });

async function alertMode(listId: number): Promise<string> {
  const { rows } = (await site
    .db()
    .execute(sql`SELECT alert_mode FROM followed_lists WHERE id = ${listId}`)) as unknown as {
    rows: Array<{ alert_mode: string }>;
  };
  return rows[0]!.alert_mode;
}

describe('the unsubscribe link of the alert mails', () => {
  it('is in both headers, on SITE_URL; GET asks, POST (one click, no cookie) unsubscribes', async () => {
    const c = new TestClient();
    await c.register('scanner@exemple.fr', 'une veille attentive');
    // Alerts go only to a verified address (issue 36): this one has followed its link.
    await site
      .db()
      .execute(sql`UPDATE users SET email_verified = true WHERE email = 'scanner@exemple.fr'`);
    const list = (
      await c.post('/api/followed-lists', { name: 'Fournisseurs', alert_mode: 'immediate' })
    ).body.data.data as { id: number };
    expect((await c.post(`/api/company/552032534/follow/${list.id}`)).status).toBe(200);
    await site.db().execute(
      sql`INSERT INTO notices (id, siren, bodacc_kind, family, type_label, published_at)
          VALUES ('B-SCAN-1', '552032534', 'B', 'modification', 'Modification du capital', '2026-11-24')`,
    );
    await afterImport(site.db(), ['552032534']);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor(
      (m) => m.to.includes('scanner@exemple.fr') && /Fournisseurs/.test(m.subject),
    );

    const header = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(
      mail.raw.replace(/\r?\n[ \t]+/g, ''),
    )?.[1];
    expect(header).toBeDefined();
    const link = new URL(header!);
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe('/api/alerts/unsubscribe');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    const target = link.pathname + link.search;

    // A mail scanner follows the link: nothing changes, a French page asks to confirm.
    const scanned = await dispatch(
      new Request(`http://localhost:3000${target}`, { headers: { accept: 'text/html' } }),
    );
    expect(scanned.status).toBe(200);
    expect(scanned.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await scanned.text();
    expect(page).toContain('lang="fr"');
    expect(page).toMatch(
      /<form method="post" action="\/api\/alerts\/unsubscribe\?liste=\d+&amp;jeton=[\w-]+">/,
    );
    expect(page).toContain('Confirmer la désinscription');
    expect(await alertMode(list.id)).toBe('immediate');
    const head = await dispatch(new Request(`http://localhost:3000${target}`, { method: 'HEAD' }));
    expect(head.status).not.toBe(500);
    expect(await alertMode(list.id)).toBe('immediate');

    // A forged token: nothing either.
    const forged = await dispatch(
      new Request(`http://localhost:3000/api/alerts/unsubscribe?liste=${list.id}&jeton=faux`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(forged.status).toBe(404);
    expect(await alertMode(list.id)).toBe('immediate');

    // The mail client's one-click POST: no cookie, no XSRF token, the signed link alone.
    const oneClick = await dispatch(
      new Request(`http://localhost:3000${target}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(oneClick.status).toBe(200);
    expect(await alertMode(list.id)).toBe('none');
  });

  it('the page’s button (a browser’s POST) unsubscribes and answers a French page', async () => {
    const c = new TestClient();
    await c.post('/register', {
      email: 'bouton@exemple.fr',
      password: 'une veille attentive',
      captcha: await solvedCaptcha(),
    });
    const list = (await c.post('/api/followed-lists', { name: 'Clients', alert_mode: 'daily' }))
      .body.data.data as { id: number };
    const { unsubscribeUrl } = await import('@/accounts/alerts/mailer');
    const link = new URL(unsubscribeUrl(SITE, list.id));
    const res = await dispatch(
      new Request(`http://localhost:3000${link.pathname}${link.search}`, {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Alertes désactivées');
    expect(await alertMode(list.id)).toBe('none');
  });
});
