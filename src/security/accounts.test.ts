import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectPostgres, type DbHandle } from '@/db/client';
import { users } from '@/db/schema/accounts';
import '@/server/jobs';
import { runJobsUntilIdle } from '@/jobs/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { smtpForFile } from '@/testing/smtp';
import { resetLoginGuard } from '@/accounts/login-guard';
import { linkIn, solvedCaptcha, TestClient } from '@/testing/route-client';
import { siteDbForFile } from '@/testing/site-db';

/**
 * The account findings of the security review, replayed as an attacker would: a session alone
 * (stolen, or a shared computer) deleting the account or changing its e-mail; a verification link
 * that signed the browser in (login CSRF); `POST /api/me/{id}`; an old session left open; a
 * logout during a database outage that told the browser it was logged out.
 */
const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };
const PASSWORD = 'une phrase de passe solide';

const site = siteDbForFile();
const smtp = smtpForFile();

beforeEach(() => {
  resetAllRateLimits();
  resetLoginGuard();
});

const sessionCookie = (c: TestClient) =>
  [...c.cookies].find(([k]) => k.includes('session_token'))?.[1];

/** Registers (the browser is then signed in) and opens the verification link. */
async function register(email: string): Promise<TestClient> {
  const c = new TestClient();
  await c.register(email, PASSWORD);
  await runJobsUntilIdle(site.db());
  const mail = await smtp.waitFor((m) => m.to.includes(email) && /Confirmez/.test(m.subject));
  const link = new URL(linkIn(mail.text, '/verify-email/confirm'));
  expect((await c.get(link.pathname + link.search)).status).toBe(303);
  return c;
}

async function login(email: string, password = PASSWORD): Promise<TestClient> {
  const c = new TestClient();
  const r = await c.post('/login', { email, password });
  expect(r.status).toBe(200);
  return c;
}

const userRow = async (email: string) =>
  (await site.db().select().from(users).where(eq(users.email, email)))[0];

describe('account deletion', () => {
  it('refuses the finding’s call (no password) and a wrong password; deletes with the right one', async () => {
    const c = await register('suppression@exemple.fr');
    // The call of the finding: a session alone, under a day old.
    const bare = await c.post('/api/me', { _method: 'DELETE', confirm: 'SUPPRIMER' });
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields.password[0]).toMatch(/mot de passe/);
    const wrong = await c.post('/api/me', {
      _method: 'DELETE',
      confirm: 'SUPPRIMER',
      password: 'pas le bon mot de passe',
    });
    expect(wrong.status).toBe(422);
    expect(await userRow('suppression@exemple.fr')).toBeDefined();
    expect((await c.get('/api/me')).status).toBe(200);

    const done = await c.post('/api/me', {
      _method: 'DELETE',
      confirm: 'SUPPRIMER',
      password: PASSWORD,
    });
    expect(done.status).toBe(204);
    expect(await userRow('suppression@exemple.fr')).toBeUndefined();
    expect((await c.get('/api/me')).status).toBe(401);
  });
});

describe('e-mail change', () => {
  it('needs the password, changes nothing until the new address’s link is opened, and tells the old address', async () => {
    const c = await register('ancienne@exemple.fr');
    const bare = await c.post('/api/me', { _method: 'PATCH', email: 'pirate@exemple.fr' });
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields.current_password[0]).toMatch(/mot de passe/);
    const wrong = await c.post('/api/me', {
      _method: 'PATCH',
      email: 'pirate@exemple.fr',
      current_password: 'pas le bon mot de passe',
    });
    expect(wrong.status).toBe(422);
    await runJobsUntilIdle(site.db());
    expect(smtp.received.some((m) => m.to.includes('pirate@exemple.fr'))).toBe(false);
    expect((await c.get('/api/me')).body.data.data.email).toBe('ancienne@exemple.fr');

    const asked = await c.post('/api/me', {
      _method: 'PATCH',
      email: 'nouvelle@exemple.fr',
      current_password: PASSWORD,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.data.pending_email).toBe('nouvelle@exemple.fr');
    // Nothing changed yet.
    expect((await c.get('/api/me')).body.data.data.email).toBe('ancienne@exemple.fr');
    expect(await userRow('nouvelle@exemple.fr')).toBeUndefined();

    await runJobsUntilIdle(site.db());
    const notice = await smtp.waitFor(
      (m) => m.to.includes('ancienne@exemple.fr') && /Changement d’adresse/.test(m.subject),
    );
    expect(notice.text).toContain('nouvelle@exemple.fr');
    expect(notice.text).toMatch(/Si ce n’est pas vous/);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('nouvelle@exemple.fr') && /nouvelle adresse/.test(m.subject),
    );
    const link = new URL(linkIn(mail.text, '/verify-email/confirm'));
    // Opened in another browser (the new mailbox's): no session there, none opened.
    const elsewhere = new TestClient();
    const opened = await elsewhere.get(link.pathname + link.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(opened.headers.get('location')).toBe('/login?next=%2Fmon-compte&verifie=1');

    const me = (await c.get('/api/me')).body.data.data;
    expect(me.email).toBe('nouvelle@exemple.fr');
    expect(me.email_verified_at).toMatch(/^\d{4}-/);
    await login('nouvelle@exemple.fr');
    expect(
      (await new TestClient().post('/login', { email: 'ancienne@exemple.fr', password: PASSWORD }))
        .status,
    ).toBe(422);
  });
});

describe('verification link', () => {
  it('opens no session in the browser that follows it, and brings it back to its page', async () => {
    const victim = new TestClient();
    const attacker = new TestClient();
    const r = await attacker.post('/register', {
      email: 'attaquant@exemple.fr',
      password: PASSWORD,
      captcha: await solvedCaptcha(),
      next: '/entreprises/552032534/danone',
    });
    expect(r.status).toBe(201);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor(
      (m) => m.to.includes('attaquant@exemple.fr') && /Confirmez/.test(m.subject),
    );
    const link = new URL(linkIn(mail.text, '/verify-email/confirm'));
    expect(link.searchParams.get('next')).toBe('/entreprises/552032534/danone');
    // The attacker makes the victim's browser open the link (an <img>, a redirect…).
    const opened = await victim.get(link.pathname + link.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(sessionCookie(victim)).toBeUndefined();
    expect((await victim.get('/api/me')).status).toBe(401);
    expect(opened.headers.get('location')).toBe(
      '/login?next=%2Fentreprises%2F552032534%2Fdanone&verifie=1',
    );
    // The address is verified all the same.
    expect((await userRow('attaquant@exemple.fr'))!.emailVerified).toBe(true);
    // A signed-in browser keeps its own session, untouched.
    const other = await register('temoin@exemple.fr');
    const before = sessionCookie(other);
    const again = await other.get(link.pathname + link.search);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(sessionCookie(other)).toBe(before);
    expect((await other.get('/api/me')).body.data.data.email).toBe('temoin@exemple.fr');
    // A return path to another host is dropped.
    const evil = new URL(link);
    evil.searchParams.set('next', '//evil.example/x');
    const away = await victim.get(evil.pathname + evil.search);
    expect(away.headers.get('location')).toBe('/login?next=%2Fmon-compte&verifie=1');
  });
});

describe('POST /api/me/{id}', () => {
  it('is no route: another user’s id and one’s own are 404, and nothing changes', async () => {
    const a = await register('cible@exemple.fr');
    const b = await register('autre@exemple.fr');
    const idOfA = (await a.get('/api/me')).body.data.data.id as string;
    const idOfB = (await b.get('/api/me')).body.data.data.id as string;
    for (const id of [idOfA, idOfB, 'x']) {
      const r = await b.post(`/api/me/${id}`, { _method: 'PATCH', name: 'Modifié' });
      expect([id, r.status]).toEqual([id, 404]);
    }
    expect((await b.request('PATCH', `/api/me/${idOfA}`, { name: 'Modifié' })).status).toBe(404);
    expect((await new TestClient().post(`/api/me/${idOfA}`, { name: 'Modifié' })).status).toBe(404);
    expect((await userRow('cible@exemple.fr'))!.name).toBe('cible');
    expect((await userRow('autre@exemple.fr'))!.name).toBe('autre');
  });
});

describe('sessions', () => {
  it('lists a second login’s session, which the first can end; another user cannot', async () => {
    const first = await register('sessions@exemple.fr');
    const second = await login('sessions@exemple.fr');
    const list = await first.get('/api/me/sessions');
    expect(list.status).toBe(200);
    const rows = list.body.data.data as { id: string; current: boolean; device: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(
      decodeURIComponent(sessionCookie(second)!).split('.')[0]!,
    );
    const secondId = rows.find((r) => !r.current)!.id;

    // Another user: 404, and the session stays.
    const intruder = await register('intrus@exemple.fr');
    expect((await intruder.delete(`/api/me/sessions/${secondId}`)).status).toBe(404);
    expect((await second.get('/api/me')).status).toBe(200);

    expect((await first.delete(`/api/me/sessions/${secondId}`)).status).toBe(204);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await first.get('/api/me')).status).toBe(200);
    expect((await first.get('/api/me/sessions')).body.data.data).toHaveLength(1);
  });

  it('ends every other session on demand and on a password change', async () => {
    await register('autres@exemple.fr');
    const here = await login('autres@exemple.fr');
    const there = await login('autres@exemple.fr');
    expect((await here.delete('/api/me/sessions')).status).toBe(204);
    expect((await there.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);

    const other = await login('autres@exemple.fr');
    const NEW = 'un tout nouveau mot de passe';
    const changed = await here.post('/api/me', {
      _method: 'PATCH',
      current_password: PASSWORD,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(changed.status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await here.get('/api/me/sessions')).body.data.data).toHaveLength(1);
  });
});

describe('logout during a database outage', () => {
  it('answers 503 with Retry-After, keeps the cookie, and the session is still valid after', async () => {
    const c = await register('panne@exemple.fr');
    const cookie = sessionCookie(c);
    // A database that refuses connections (nothing listens on port 1).
    const down = connectPostgres('postgres://postgres@127.0.0.1:1/panne', 1);
    globalForDb.__dbHandle = down;
    let r;
    try {
      r = await c.post('/logout');
    } finally {
      globalForDb.__dbHandle = site.handle();
      await down.close();
    }
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBeTruthy();
    expect(r.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(sessionCookie(c)).toBe(cookie);
    // The database is back: the session was never revoked, and the browser still holds it.
    expect((await c.get('/api/me')).status).toBe(200);
    expect((await c.post('/logout')).status).toBe(204);
    expect(sessionCookie(c)).toBeUndefined();
    const stolen = new TestClient();
    stolen.cookies.set('registre.session_token', cookie!);
    expect((await stolen.get('/api/me')).status).toBe(401);
  });
});

describe('mail to an address not proved to be the user’s', () => {
  const toStranger = (m: { to: string[]; subject: string }) =>
    m.to.includes('victime@exemple.fr') && /nouvelle adresse/.test(m.subject);

  it('sends at most 3 e-mail change confirmations a day to one address, whatever the account and its right password', async () => {
    const attacker = await register('attaque-mail@exemple.fr');
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestClient['post']>> | null = null;
    for (let i = 0; i < 6; i++) {
      last = await attacker.post('/api/me', {
        _method: 'PATCH',
        email: 'victime@exemple.fr',
        current_password: PASSWORD,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(last!.body.error.message).toMatch(/cette adresse/);
    expect(last!.body.error.message).not.toMatch(/connexion/);
    // Another account of the attacker's gets no further.
    const second = await register('attaque-mail-2@exemple.fr');
    const again = await second.post('/api/me', {
      _method: 'PATCH',
      email: 'victime@exemple.fr',
      current_password: PASSWORD,
    });
    expect(again.status).toBe(429);
    await runJobsUntilIdle(site.db());
    await smtp.waitFor(toStranger);
    expect(smtp.received.filter(toStranger)).toHaveLength(3);
  });

  it('keeps the account’s own count of e-mail changes through right passwords', async () => {
    const c = await register('change-souvent@exemple.fr');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await c.post('/api/me', {
            _method: 'PATCH',
            email: `autre-${i}@exemple.fr`,
            current_password: PASSWORD,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits verification mails asked again, with a message about them (not about logins)', async () => {
    const c = new TestClient();
    await c.register('renvoi@exemple.fr', PASSWORD);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestClient['post']>> | null = null;
    for (let i = 0; i < 4; i++) {
      last = await c.post('/api/me/verification-email', {});
      statuses.push(last.status);
    }
    // The sign-up's mail was the first of the address's 3 a day.
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(last!.body.error.message).toMatch(/courriel/);
    expect(last!.body.error.message).not.toMatch(/connexion/);
    await runJobsUntilIdle(site.db());
    await smtp.waitFor((m) => m.to.includes('renvoi@exemple.fr'));
    expect(smtp.received.filter((m) => m.to.includes('renvoi@exemple.fr'))).toHaveLength(3);
  });
});
