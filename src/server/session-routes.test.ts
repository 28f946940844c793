import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, TestClient } from '@/testing/route-client';
import { sessions } from '@/db/schema/accounts';
import { orders } from '@/db/schema';
import type { DbHandle } from '@/db/client';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { openSiteTestDb } from '@/orders/testing';
import * as orderRoute from '@/app/api/orders/[id]/route';
import * as ordersRoute from '@/app/api/orders/route';
import { startFrontDoorServer, type TestServer } from './testing';

const DANONE = '552032534';
const SESSION_COOKIE = 'registre.session_token';

let site: Awaited<ReturnType<typeof openSiteTestDb>>;
let db: DbHandle['db'];
let server: TestServer;
let base: string;
let alice: TestClient;
let bob: TestClient;

/** Registers (and so logs in) a browser. */
async function registered(email: string): Promise<TestClient> {
  const c = new TestClient();
  await c.register(email, 'une phrase de passe solide');
  return c;
}

type Answer = { status: number; body: unknown; cookies: string[] };

/**
 * A request through the web server's front door to the Next route modules (src/app), as the
 * production server hands them every session route.
 */
async function call(
  method: string,
  path: string,
  opts: { cookie?: string; xsrf?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.xsrf) headers['x-xsrf-token'] = opts.xsrf;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookies: res.headers.getSetCookie(),
  };
}

const as = (c: TestClient) => ({ cookie: c.cookieHeader(), xsrf: c.cookies.get('XSRF-TOKEN') });

/** The jar with the session cookie replaced by `value` (already URL-encoded). */
function withSession(c: TestClient, value: string): string {
  return c
    .cookieHeader()
    .split('; ')
    .map((p) => (p.startsWith(`${SESSION_COOKIE}=`) ? `${SESSION_COOKIE}=${value}` : p))
    .join('; ');
}

const tokenOf = (c: TestClient) =>
  decodeURIComponent(c.cookies.get(SESSION_COOKIE)!).split('.')[0]!;

beforeAll(async () => {
  site = await openSiteTestDb();
  db = site.handle.db;
  await insertRegistryFixtures(db);
  server = await startFrontDoorServer(dispatch);
  base = server.base;
  alice = await registered('alice.rapide@example.fr');
  bob = await registered('bob.rapide@example.fr');
});

afterAll(async () => {
  await server.close();
  await site.close();
});

describe('the session routes (/api/me, following, orders) through their route files', () => {
  it('answers GET /api/me, follow and unfollow through the front door as the route files do', async () => {
    const viaNext = await alice.get('/api/me');
    const viaServer = await call('GET', '/api/me', as(alice));
    expect(viaServer).toEqual({ status: 200, body: viaNext.body, cookies: [] });

    const followed = await call('POST', `/api/company/${DANONE}/follow`, {
      ...as(alice),
      body: {},
    });
    expect(followed.status).toBe(200);
    const again = await alice.post(`/api/company/${DANONE}/follow`);
    expect(followed.body).toEqual(again.body);
    expect(await call('GET', '/api/company/followed', as(alice))).toEqual({
      status: 200,
      body: (await alice.get('/api/company/followed')).body,
      cookies: [],
    });
    const unfollowed = await call('DELETE', `/api/company/${DANONE}/unfollow`, as(alice));
    expect(unfollowed).toEqual({
      status: 200,
      body: { data: { data: { sirens: [DANONE] } } },
      cookies: [],
    });
    expect((await alice.get('/api/company/followed')).body).toEqual({ data: { data: [] } });
  });

  it('answers 401 to a missing, forged, foreign-signed or expired session cookie', async () => {
    expect((await call('GET', '/api/me')).status).toBe(401);
    const token = tokenOf(alice);
    const [, signature] = decodeURIComponent(alice.cookies.get(SESSION_COOKIE)!).split('.');
    // Another token under the real signature, and the real token under another key's signature.
    const forged = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`;
    const foreign = `${token}.${createHmac('sha256', 'une autre clé').update(token).digest('base64')}`;
    for (const value of [forged, foreign, token, `${token}.`, 'x'.repeat(5000)]) {
      const r = await call('GET', '/api/me', {
        cookie: withSession(alice, encodeURIComponent(value)),
      });
      expect(r.status, value.slice(0, 60)).toBe(401);
    }
    expect((await call('GET', '/api/me', as(alice))).status).toBe(200);

    // An expired session is refused, and Better Auth deletes its row.
    const carol = await registered('carol.rapide@example.fr');
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, tokenOf(carol)));
    expect((await call('GET', '/api/me', as(carol))).status).toBe(401);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(carol))),
    ).toEqual([]);
  });

  it('moves the expiry of a session a day old on, as Better Auth does, and renews its cookie', async () => {
    const dave = await registered('dave.rapide@example.fr');
    const in28Days = new Date(Date.now() + 28 * 86_400_000);
    const age = (path: string) =>
      db
        .update(sessions)
        .set({ expiresAt: in28Days })
        .where(eq(sessions.token, tokenOf(dave)))
        .then(() => call('GET', path, as(dave)));
    const renewed = (a: Answer) =>
      a.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && /Max-Age=2592000/i.test(c));
    const fresh = await call('GET', '/api/me', as(dave));
    expect(fresh.status).toBe(200);
    expect(renewed(fresh)).toBeUndefined();
    for (const path of ['/api/me', '/api/company/followed']) {
      const answer = await age(path);
      expect(answer.status).toBe(200);
      // The browser's cookie lives as long as the session row: same token, 30 days again.
      const cookie = renewed(answer);
      expect(cookie, path).toBeDefined();
      expect(decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!).split('.')[0]).toBe(
        tokenOf(dave),
      );
      const [row] = await db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.token, tokenOf(dave)));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    }
    // The orders list, its route file called directly, too.
    await db
      .update(sessions)
      .set({ expiresAt: in28Days })
      .where(eq(sessions.token, tokenOf(dave)));
    const list = await ordersRoute.GET(
      new Request(`${base}/api/orders`, { headers: { cookie: as(dave).cookie } }),
    );
    expect(list.status).toBe(200);
    expect(
      renewed({ status: 200, body: null, cookies: list.headers.getSetCookie() }),
    ).toBeDefined();
  });

  it('places an order after a session refresh, renewing the cookie; none with an expired session', async () => {
    const fay = await registered('fay.rapide@example.fr');
    const ordersOf = (type: string) =>
      db.select({ id: orders.id }).from(orders)
        .where(sql`${orders.userId} = (SELECT user_id FROM sessions WHERE token = ${tokenOf(fay)})
                   AND ${orders.payload}->>'type' = ${type}`);
    const place = (type: string) =>
      call('POST', `/api/letters/${DANONE}/order`, { ...as(fay), body: { type } });
    const setExpiry = (at: Date) =>
      db
        .update(sessions)
        .set({ expiresAt: at })
        .where(eq(sessions.token, tokenOf(fay)));
    // Due for a refresh: Better Auth moves the expiry on, the order is placed once, and the
    // cookie is renewed.
    await setExpiry(new Date(Date.now() + 28 * 86_400_000));
    const refreshed = await place('relance-de-paiement');
    expect(refreshed.status).toBe(201);
    expect(
      refreshed.cookies.find(
        (c) => c.startsWith(`${SESSION_COOKIE}=`) && /Max-Age=2592000/i.test(c),
      ),
    ).toBeDefined();
    expect(await ordersOf('relance-de-paiement')).toHaveLength(1);
    // Expired: 401, nothing written.
    await setExpiry(new Date(Date.now() - 60_000));
    expect((await place('expirée')).status).toBe(401);
    expect(await ordersOf('expirée')).toHaveLength(0);
  });

  it('answers 401 before looking at the order when the session cookie is not valid', async () => {
    // The XSRF token of a request without a (valid) session is one of no session: a visitor's.
    const visitor = new TestClient();
    await visitor.get('/sanctum/csrf-cookie');
    const xsrf = visitor.cookies.get('XSRF-TOKEN')!;
    const forged = withSession(alice, encodeURIComponent('faux.' + 'A'.repeat(43) + '=')).replace(
      /XSRF-TOKEN=[^;]+/,
      `XSRF-TOKEN=${xsrf}`,
    );
    for (const body of [{ type: 'valide' }, { type: 42 }])
      expect(
        (await call('POST', `/api/letters/${DANONE}/order`, { cookie: forged, xsrf, body })).status,
      ).toBe(401);
    expect(
      (await call('POST', `/api/letters/${DANONE}/order`, { ...as(alice), body: { type: 42 } }))
        .status,
    ).toBe(422);
  });

  it('ends a session at logout at once', async () => {
    const erin = await registered('erin.rapide@example.fr');
    const before = as(erin);
    expect((await call('GET', '/api/me', before)).status).toBe(200);
    expect((await erin.post('/logout')).status).toBe(204);
    expect((await call('GET', '/api/me', before)).status).toBe(401);
    expect((await call('GET', '/api/company/followed', before)).status).toBe(401);
  });

  it('asks for the XSRF token before a follow or an order (419)', async () => {
    const { cookie } = as(alice);
    const follow = await call('POST', `/api/company/${DANONE}/follow`, { cookie, body: {} });
    expect(follow.status).toBe(419);
    const wrong = await call('POST', `/api/company/${DANONE}/follow`, {
      cookie,
      xsrf: 'faux.jeton',
      body: {},
    });
    expect(wrong.status).toBe(419);
    const order = await call('POST', `/api/letters/${DANONE}/order`, {
      cookie,
      body: { type: 'a' },
    });
    expect(order.status).toBe(419);
  });

  it('places and reads an order; another user’s order is 404', async () => {
    const placed = await call('POST', `/api/letters/${DANONE}/order`, {
      ...as(alice),
      body: { type: 'demission-gerant' },
    });
    expect(placed.status).toBe(201);
    const id = (placed.body as { data: { data: { id: string } } }).data.data.id;
    // The same order again while it waits for its payment: the unique index, one order.
    const again = await call('POST', `/api/letters/${DANONE}/order`, {
      ...as(alice),
      body: { type: 'demission-gerant' },
    });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      error: { code: 'SAME_ORDER_PENDING' },
      data: { data: { id } },
    });
    const read = await call('GET', `/api/orders/${id}`, as(alice));
    expect(read.status).toBe(200);
    const viaNext = await orderRoute.GET(
      new Request(`http://localhost:3000/api/orders/${id}`, {
        headers: { cookie: alice.cookieHeader() },
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(read.body).toEqual(await viaNext.json());
    expect((await call('GET', `/api/orders/${id}`, as(bob))).status).toBe(404);
    expect((await call('GET', `/api/orders/${id}`)).status).toBe(401);
    const [{ n }] = (
      await db.execute(
        sql`SELECT count(*)::int AS n FROM orders WHERE payload->>'type' = 'demission-gerant'`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
