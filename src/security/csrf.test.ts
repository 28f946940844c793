import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLoginGuard } from '@/accounts/login-guard';
import { BASE, dispatch, TestClient } from '@/testing/route-client';
import { queryRows } from '@/db/client';
import { openSiteTestDb } from '@/orders/testing';
import { signedEvent } from '@/payments/test-provider';
import { resetAllRateLimits } from '@/lib/rate-limit';

/**
 * Cross-site request forgery, replayed: a visitor's own (anonymous) XSRF token planted beside a
 * victim's session, requests from another site's page (Origin, Sec-Fetch-Site), and the token
 * that changes with the session.
 */
let site: Awaited<ReturnType<typeof openSiteTestDb>>;
let victim: TestClient;
const PASSWORD = 'une phrase de passe solide';

beforeAll(async () => {
  site = await openSiteTestDb();
  victim = new TestClient();
  await victim.register('victime@exemple.fr', PASSWORD);
}, 120_000);
afterAll(async () => {
  resetAllRateLimits();
  await site?.close();
});
beforeEach(() => {
  resetAllRateLimits({ kind: 'memory' });
  resetLoginGuard();
});

const listsNamed = async (name: string) =>
  (
    await queryRows<{ n: number }>(
      site.handle.db,
      sql`SELECT count(*)::int AS n FROM followed_lists WHERE name = ${name}`,
    )
  )[0]!.n;

/** A token the attacker got for itself, with no session. */
async function anonymousToken(): Promise<string> {
  const attacker = new TestClient();
  await attacker.get('/sanctum/csrf-cookie');
  return attacker.cookies.get('XSRF-TOKEN')!;
}

/** A request exactly as given: the victim's cookies, these headers, no Origin unless given. */
function raw(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return dispatch(
    new Request(BASE + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

describe('the XSRF token is bound to the session', () => {
  it('refuses a visitor’s token planted beside a victim’s session', async () => {
    const planted = await anonymousToken();
    // Cookie tossing: the attacker's own token in the victim's cookie jar and in the header.
    const jar = victim.cookieHeader().replace(/XSRF-TOKEN=[^;]+/, `XSRF-TOKEN=${planted}`);
    for (const [method, path, body] of [
      ['POST', '/api/followed-lists', { name: 'Liste plantée' }],
      ['POST', '/api/me', { _method: 'PATCH', name: 'Pirate' }],
      ['POST', '/api/company/552032534/follow', undefined],
      ['POST', '/api/kbis/552032534/order', undefined],
      ['POST', '/logout', undefined],
    ] as const) {
      const res = await raw(
        method,
        path,
        { cookie: jar, 'x-xsrf-token': planted, origin: BASE },
        body,
      );
      expect([path, res.status]).toEqual([path, 419]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'CSRF_TOKEN_MISMATCH',
      );
    }
    expect(await listsNamed('Liste plantée')).toBe(0);
    expect((await victim.get('/api/me')).body.data.data.name).not.toBe('Pirate');
    // The victim's own token, from the same jar, works.
    expect((await victim.post('/api/followed-lists', { name: 'Liste à moi' })).status).toBe(201);
  });

  it('takes a visitor’s token on the forms of a visitor (login, contact), not after login', async () => {
    const c = new TestClient();
    await c.get('/sanctum/csrf-cookie');
    const before = c.cookies.get('XSRF-TOKEN')!;
    const login = await c.post('/login', { email: 'victime@exemple.fr', password: PASSWORD });
    expect(login.status).toBe(200);
    // The answer that opened the session brought a token for it.
    const after = c.cookies.get('XSRF-TOKEN')!;
    expect(after).not.toBe(before);
    const jar = c.cookieHeader();
    const stale = await raw(
      'POST',
      '/api/followed-lists',
      { cookie: jar.replace(after, before), 'x-xsrf-token': before, origin: BASE },
      { name: 'Jeton périmé' },
    );
    expect(stale.status).toBe(419);
    expect((await c.post('/api/followed-lists', { name: 'Jeton frais' })).status).toBe(201);
    expect(await listsNamed('Jeton périmé')).toBe(0);
    // Logged out: the token goes back to one of no session, which the forms take.
    expect((await c.post('/logout')).status).toBe(204);
    const contact = await c.post('/api/contact', { message: 'Bonjour' });
    expect(contact.body.error.code).toBe('CAPTCHA_MISSING');
  });
});

describe('a state change sent from another site', () => {
  const cases = [
    ['POST', '/api/followed-lists', { name: 'Liste d’ailleurs' }],
    ['POST', '/api/me', { _method: 'PATCH', name: 'Ailleurs' }],
    ['POST', '/api/kbis/552032534/order', undefined],
    ['POST', '/login', { email: 'victime@exemple.fr', password: PASSWORD }],
    ['POST', '/api/contact', { message: 'Bonjour' }],
    ['POST', '/api/opposition', { kind: 'company', siren: '552032534' }],
    ['POST', '/logout', undefined],
  ] as const;

  it('is refused with 403 when its Origin is another site', async () => {
    for (const [method, path, body] of cases) {
      const r = await victim.request(method, path, body, { Origin: 'https://evil.example' });
      expect([path, r.status, r.body?.error?.code]).toEqual([path, 403, 'CROSS_SITE_REQUEST']);
      expect(r.body.error.message).toMatch(/autre site/);
    }
    // Origin "null" (a sandboxed frame, a redirect from elsewhere) and a sibling sub-domain too.
    for (const origin of ['null', 'http://sous.localhost:3000', 'https://localhost:3000'])
      expect(
        (await victim.request('POST', '/api/followed-lists', { name: 'x' }, { Origin: origin }))
          .status,
        origin,
      ).toBe(403);
    expect(await listsNamed('Liste d’ailleurs')).toBe(0);
    expect((await victim.get('/api/me')).status).toBe(200);
  });

  it('is refused with 403 when the browser says Sec-Fetch-Site: cross-site', async () => {
    for (const [method, path, body] of cases) {
      const res = await raw(
        method,
        path,
        {
          cookie: victim.cookieHeader(),
          'x-xsrf-token': victim.cookies.get('XSRF-TOKEN')!,
          'sec-fetch-site': 'cross-site',
        },
        body,
      );
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await listsNamed('Liste d’ailleurs')).toBe(0);
  });

  it('passes from the site itself, and without Origin only with the right token', async () => {
    const token = victim.cookies.get('XSRF-TOKEN')!;
    const cookie = victim.cookieHeader();
    const post = (name: string, headers: Record<string, string>) =>
      raw('POST', '/api/followed-lists', { cookie, ...headers }, { name });
    expect(
      (
        await post('même origine', {
          'x-xsrf-token': token,
          origin: BASE,
          'sec-fetch-site': 'same-origin',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post('même site', {
          'x-xsrf-token': token,
          origin: BASE,
          'sec-fetch-site': 'same-site',
        })
      ).status,
    ).toBe(201);
    // The site's other host variant: the origin the request was addressed to.
    expect(
      (
        await post('autre hôte', {
          'x-xsrf-token': token,
          origin: 'http://entreprises.exemple.fr',
          host: 'entreprises.exemple.fr',
        })
      ).status,
    ).toBe(201);
    // A client that is not a browser (neither header): its token decides.
    expect((await post('client API', { 'x-xsrf-token': token })).status).toBe(201);
    expect((await post('client API sans jeton', {})).status).toBe(419);
    expect(await listsNamed('client API sans jeton')).toBe(0);
  });

  it('does not apply to the payment webhook, which Stripe signs', async () => {
    const event = signedEvent('customer.updated', { id: 'cus_csrf', object: 'customer' });
    // From Stripe's servers: no XSRF token, no cookie; its signature is its proof.
    const signed = await dispatch(
      new Request(`${BASE}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': event.signature },
        body: event.payload,
      }),
    );
    expect(signed.status).toBe(200);
  });
});
