import { describe, expect, it } from 'vitest';
import { getEnv } from '@/config/env';
import { smtpForFile } from '@/testing/smtp';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { runJobsUntilIdle } from '@/jobs/testing';
import { FORGOT_PASSWORD_MESSAGE, LOGIN_FAILED_MESSAGE } from './handlers';
import { followedCompaniesOf } from './follows';
import { resetLoginGuard } from './login-guard';
import { linkIn, solvedCaptcha, TestClient } from '@/testing/route-client';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ fixtures: true });
const smtp = smtpForFile();

const PASSWORD = 'une phrase de passe solide';

async function registerAndVerify(email: string): Promise<TestClient> {
  const c = new TestClient();
  const r = await c.post('/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    captcha: await solvedCaptcha(),
  });
  expect(r.status).toBe(201);
  await runJobsUntilIdle(site.db());
  const mail = await smtp.waitFor((m) => m.to.includes(email) && /Confirmez/.test(m.subject));
  const link = new URL(linkIn(mail.text, '/verify-email/confirm'));
  const v = await c.get(link.pathname + link.search);
  expect(v.status).toBe(303);
  expect(v.headers.get('location')).toBe('/login?next=%2Fmon-compte&verifie=1');
  return c;
}

describe('register, verify, login, logout', () => {
  it('registers, mails a French verification link that verifies the address', async () => {
    const c = await registerAndVerify('alice@exemple.fr');
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data.data).toMatchObject({ email: 'alice@exemple.fr' });
    expect(me.body.data.data.email_verified_at).toMatch(/^\d{4}-/);
    const mail = smtp.received.find((m) => m.to.includes('alice@exemple.fr'))!;
    expect(mail.html).toContain('Confirmer mon adresse');
  });

  it('answers 422 with field errors on a bad registration, and refuses common passwords', async () => {
    const c = new TestClient();
    const r = await c.post('/register', {
      email: 'pas-une-adresse',
      password: 'azertyuiop',
      captcha: await solvedCaptcha(),
    });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.email[0]).toMatch(/adresse/);
    expect(r.body.error.fields.password[0]).toMatch(/courant/);
    const dup = await c.post('/register', {
      email: 'alice@exemple.fr',
      password: PASSWORD,
      captcha: await solvedCaptcha(),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error.fields.email[0]).toMatch(/existe déjà/);
  });

  it('accepts the site’s origin (SITE_URL) only, whatever Host the request names', async () => {
    const c = new TestClient();
    const ok = await c.request(
      'POST',
      '/login',
      { email: 'alice@exemple.fr', password: PASSWORD },
      { Origin: new URL(getEnv().SITE_URL).origin },
    );
    expect(ok.status).toBe(200);
    // A Host of the request's choosing no longer makes its origin trusted (src/security/).
    const forgedHost = await new TestClient().request(
      'POST',
      '/login',
      { email: 'alice@exemple.fr', password: PASSWORD },
      { Host: '127.0.0.1:4567', Origin: 'http://127.0.0.1:4567' },
    );
    expect(forgedHost.status).toBe(403);
    // Told in French what is wrong and where to go, not a bare « accès refusé ».
    const own = new URL(getEnv().SITE_URL).origin;
    expect(forgedHost.body.error.message).toBe(
      `Cette page est ouverte à l’adresse http://127.0.0.1:4567, mais les comptes fonctionnent à l’adresse ${own} : ouvrez ${own} et recommencez.`,
    );
    const registered = await new TestClient().request(
      'POST',
      '/register',
      { email: 'autre-hote@exemple.fr', password: PASSWORD, captcha: await solvedCaptcha() },
      { Host: '127.0.0.1:4567', Origin: 'http://127.0.0.1:4567' },
    );
    expect(registered.status).toBe(403);
    expect(registered.body.error.message).toContain(`ouvrez ${own} et recommencez`);
    const foreign = await new TestClient().request(
      'POST',
      '/login',
      { email: 'alice@exemple.fr', password: PASSWORD },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });

  it('asks for a captcha on registration', async () => {
    const r = await new TestClient().post('/register', {
      email: 'bob@exemple.fr',
      password: PASSWORD,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('CAPTCHA_MISSING');
  });

  it('logs in with a new session each time, one message on failure, and logs out', async () => {
    const c = new TestClient();
    const bad = await c.post('/login', {
      email: 'alice@exemple.fr',
      password: 'mauvais mot de passe',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe(LOGIN_FAILED_MESSAGE);
    const ok = await c.post('/login', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(ok.status).toBe(200);
    const first = [...c.cookies].find(([k]) => k.includes('session_token'))![1];
    await c.post('/login', { email: 'alice@exemple.fr', password: PASSWORD });
    const second = [...c.cookies].find(([k]) => k.includes('session_token'))![1];
    expect(second).not.toBe(first);
    const stolen = new TestClient();
    stolen.cookies = new Map(c.cookies);
    expect((await c.post('/logout')).status).toBe(204);
    expect((await c.get('/api/me')).status).toBe(401);
    // The session is gone from the database, not only from this browser.
    expect((await stolen.get('/api/me')).status).toBe(401);
  });

  it('asks for a captcha after repeated failures, and rate-limits per account', async () => {
    resetLoginGuard();
    resetAllRateLimits();
    const c = new TestClient();
    for (let i = 0; i < 3; i++) {
      await c.post('/login', { email: 'alice@exemple.fr', password: `faux ${i} mot de passe` });
    }
    const r = await c.post('/login', { email: 'alice@exemple.fr', password: PASSWORD });
    expect(r.status).toBe(400);
    expect(r.body.captcha_required).toBe(true);
    const withCaptcha = await c.post('/login', {
      email: 'alice@exemple.fr',
      password: PASSWORD,
      captcha: await solvedCaptcha(),
    });
    expect(withCaptcha.status).toBe(200);
    resetLoginGuard();
    for (let i = 0; i < 10; i++) {
      await c.post('/login', {
        email: 'carol@exemple.fr',
        password: 'x',
        captcha: await solvedCaptcha(),
      });
    }
    const limited = await c.post('/login', { email: 'carol@exemple.fr', password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Trop de tentatives/);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    resetAllRateLimits();
    resetLoginGuard();
  });

  it('resets a forgotten password, with the same answer for unknown addresses, and ends old sessions', async () => {
    const old = new TestClient();
    await old.post('/login', { email: 'alice@exemple.fr', password: PASSWORD });
    expect((await old.get('/api/me')).status).toBe(200);
    const c = new TestClient();
    const unknown = await c.post('/forgot-password', {
      email: 'personne@exemple.fr',
      captcha: await solvedCaptcha(),
    });
    const known = await c.post('/forgot-password', {
      email: 'alice@exemple.fr',
      captcha: await solvedCaptcha(),
    });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data.data.status).toBe(FORGOT_PASSWORD_MESSAGE);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor(
      (m) => m.to.includes('alice@exemple.fr') && /Réinitialisation/.test(m.subject),
    );
    const link = new URL(linkIn(mail.text, '/password-reset/'));
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    const weak = await c.post('/reset-password', {
      token,
      email: 'alice@exemple.fr',
      password: '123456789',
      password_confirmation: '123456789',
    });
    expect(weak.status).toBe(422);
    const NEW = 'un tout nouveau mot de passe';
    const done = await c.post('/reset-password', {
      token,
      email: link.searchParams.get('email'),
      password: NEW,
      password_confirmation: NEW,
    });
    expect(done.status).toBe(200);
    expect((await old.get('/api/me')).status).toBe(401);
    expect(
      (await c.post('/reset-password', { token, email: 'alice@exemple.fr', password: NEW })).status,
    ).toBe(422);
    expect((await c.post('/login', { email: 'alice@exemple.fr', password: NEW })).status).toBe(200);
    expect((await c.post('/login', { email: 'alice@exemple.fr', password: PASSWORD })).status).toBe(
      422,
    );
  });
});

describe('following', () => {
  it('follows Danone into a new list, shows it, and unfollows', async () => {
    const c = await registerAndVerify('suivi@exemple.fr');
    const list = await c.post('/api/followed-lists', { name: 'Fournisseurs' });
    expect(list.status).toBe(201);
    const id = list.body.data.data.id;
    const f = await c.post(`/api/company/552032534/follow/${id}`);
    expect(f.status).toBe(200);
    expect(f.body.data.data.list.companies).toEqual(['552032534']);
    const followed = await c.get('/api/company/followed');
    expect(followed.body.data.data).toEqual([{ siren: '552032534', lists: [id] }]);
    // Several companies and lists: the answer (read with the session in one statement) is what
    // the followed companies' own query gives, newest first.
    const other = (await c.post('/api/followed-lists', { name: 'Clients' })).body.data.data.id;
    expect((await c.post(`/api/company/356000000/follow/${other}`)).status).toBe(200);
    expect((await c.post(`/api/company/552032534/follow/${other}`)).status).toBe(200);
    const many = (await c.get('/api/company/followed')).body.data.data;
    const me = (await c.get('/api/me')).body.data.data.id as string;
    expect(many).toEqual(await followedCompaniesOf(site.db(), me));
    expect(many.map((f: { siren: string }) => f.siren).sort()).toEqual(['356000000', '552032534']);
    expect(many.find((f: { siren: string }) => f.siren === '552032534').lists.sort()).toEqual(
      [id, other].sort(),
    );
    const one = await c.get(`/api/followed-lists/${id}`);
    expect(one.body.data.data.company_details[0]).toMatchObject({
      siren: '552032534',
      status: 'active',
    });
    expect(one.body.data.data.company_details[0].name).toMatch(/DANONE/);
    const u = await c.delete('/api/company/552032534/unfollow');
    expect(u.status).toBe(200);
    // Unfollowed in every list; the other company stays.
    expect((await c.get('/api/company/followed')).body.data.data).toEqual([
      { siren: '356000000', lists: [other] },
    ]);
  });

  it('puts two first follows sent at once in the one list it makes', async () => {
    const c = await registerAndVerify('deux.suivis@exemple.fr');
    const both = await Promise.all([
      c.post('/api/company/552032534/follow'),
      c.post('/api/company/552032534/follow'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const lists = (await c.get('/api/followed-lists')).body.data.data as { id: number }[];
    expect(lists).toHaveLength(1);
    expect(both.map((r) => r.body.data.data.list.id)).toEqual([lists[0]!.id, lists[0]!.id]);
  });

  it('refuses invalid SIRENs, unknown companies and other users’ lists', async () => {
    const a = await registerAndVerify('a@exemple.fr');
    const b = await registerAndVerify('b@exemple.fr');
    const listA = (await a.post('/api/followed-lists', { name: 'A' })).body.data.data.id;
    expect((await a.post('/api/company/123456789/follow')).body.error.code).toBe('INVALID_SIREN');
    expect((await a.post('/api/company/000000000/follow')).status).toBe(404);
    expect((await b.get(`/api/followed-lists/${listA}`)).status).toBe(404);
    expect((await b.post(`/api/company/552032534/follow/${listA}`)).status).toBe(404);
    expect((await b.request('DELETE', `/api/followed-lists/${listA}`)).status).toBe(404);
    expect((await a.get(`/api/followed-lists/${listA}`)).status).toBe(200);
  });
});
