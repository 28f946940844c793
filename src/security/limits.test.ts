import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLoginGuard } from '@/accounts/login-guard';
import { issueMagicToken } from '@/accounts/magic-token';
import { BASE, dispatch, solvedCaptcha, TestClient } from '@/testing/route-client';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import { users } from '@/db/schema/accounts';
import { openSiteTestDb } from '@/orders/testing';
import { signedEvent } from '@/payments/test-provider';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { startFrontDoorServer, type TestServer } from '@/server/testing';

/**
 * The login and form limits and the body caps, replayed as an attacker plays them: through a real
 * HTTP server doing what scripts/serve.ts does before Next.js (the front door), with forged
 * X-Forwarded-For, X-Real-IP and X-Client-Address headers, then by calling the route handlers
 * directly, as `next dev` or `next start` would (no front door).
 */
let site: Awaited<ReturnType<typeof openSiteTestDb>>;
const PASSWORD = 'une phrase de passe solide';

beforeAll(async () => {
  site = await openSiteTestDb();
}, 120_000);
afterAll(async () => {
  resetAllRateLimits();
  await site?.close();
});
beforeEach(() => {
  resetAllRateLimits({ kind: 'memory' });
  resetLoginGuard();
});

/** A made-up address, different at each call. */
const forgedAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

/** Headers a client writes to pass for someone else. */
function forgedHeaders(): Record<string, string> {
  const a = forgedAddress();
  return { 'X-Forwarded-For': a, 'X-Real-IP': a, 'X-Client-Address': a };
}

let accounts = 0;
async function newAccount(): Promise<string> {
  const email = `compte${++accounts}.${Date.now()}@exemple.fr`;
  const c = new TestClient();
  await c.register(email, PASSWORD);
  return email;
}

describe.each([
  // The site faces the Internet: the socket's peer is the client.
  { hops: 0, proxied: (forged: string) => forged },
  // Behind one proxy, which appends the address it saw: the trusted hop is the last entry.
  { hops: 1, proxied: (forged: string) => `${forged}, 203.0.113.7` },
])('with TRUST_PROXY_HOPS=$hops', ({ hops, proxied }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startFrontDoorServer(dispatch, { trustProxyHops: hops });
  });
  afterAll(async () => server?.close());

  /** A browser of the attacker, through the front door, forging its address on every request. */
  function attacker(): TestClient {
    const c = new TestClient();
    c.via = server.base;
    const request = c.request.bind(c);
    c.request = (method, path, body, extra = {}) => {
      const forged = forgedHeaders();
      return request(method, path, body, {
        ...forged,
        'X-Forwarded-For': proxied(forged['X-Forwarded-For']!),
        ...extra,
      });
    };
    return c;
  }

  it('blocks a client at the login limit whatever X-Forwarded-For it forges', async () => {
    const email = await newAccount();
    const c = attacker();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await c.post('/login', { email, password: `essai ${i}` })).status);
    expect(statuses).not.toContain(429);
    // Blocked: the right password from "another" address changes nothing.
    const again = await c.post('/login', { email, password: PASSWORD });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('RATE_LIMITED');
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('asks a client spraying 40 accounts for a captcha, then refuses it (429)', async () => {
    const c = attacker();
    const answers: { status: number; captcha: boolean }[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await c.post('/login', { email: `cible${i}@exemple.fr`, password: PASSWORD });
      answers.push({ status: r.status, captcha: r.body?.captcha_required === true });
    }
    // Five wrong answers from the address, then a captcha for every account, then 429.
    expect(answers.slice(0, 5).every((a) => a.status === 422)).toBe(true);
    expect(answers.slice(5, 30).every((a) => a.status === 400 && a.captcha)).toBe(true);
    expect(answers.slice(30).every((a) => a.status === 429)).toBe(true);
  });

  it('keeps the contact form to 5 messages an hour from one client', async () => {
    const c = attacker();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // No captcha: the limit is spent before it is checked, as a spammer would find.
      const r = await c.post('/api/contact', { email: 'spam@exemple.fr', message: `n° ${i}` });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('takes a signed Stripe event of 20 KB and of 300 KB, and still caps other routes at 16 KB', async () => {
    const c = new TestClient();
    c.via = server.base;
    c.csrf = false;
    for (const size of [20_000, 300_000]) {
      const event = signedEvent('customer.updated', {
        id: `cus_${size}`,
        object: 'customer',
        metadata: { padding: 'x'.repeat(size) },
      });
      expect(event.payload.length).toBeGreaterThan(size);
      const r = await c.request('POST', '/api/payments/webhook', event.payload, {
        'Stripe-Signature': event.signature,
      });
      expect([size, r.status, r.body?.received]).toEqual([size, 200, true]);
    }
    // The same size to another JSON route: refused by the front door before any handler reads it.
    const browser = new TestClient();
    browser.via = server.base;
    const big = await browser.post('/api/contact', { message: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const tooBig = signedEvent('customer.updated', { id: 'cus_big', padding: 'x'.repeat(600_000) });
    const refused = await c.request('POST', '/api/payments/webhook', tooBig.payload, {
      'Stripe-Signature': tooBig.signature,
    });
    expect(refused.status).toBe(413);
  });
});

describe('without the front door (next dev, next start, a handler called directly)', () => {
  afterEach(() => resetAllRateLimits({ kind: 'memory' }));

  it('reads neither X-Client-Address nor X-Forwarded-For a client sent', async () => {
    const c = new TestClient();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await c.request('POST', '/api/contact', { message: `n° ${i}` }, forgedHeaders());
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('caps the bodies in the handlers too: 20 KB to a form is 413, a chunked 300 KB event is read', async () => {
    const c = new TestClient();
    const big = await c.post('/login', { email: 'x@exemple.fr', password: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    const event = signedEvent('customer.updated', { id: 'cus_x', padding: 'x'.repeat(300_000) });
    const bytes = new TextEncoder().encode(event.payload);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024)
          controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await webhookRoute.POST(
      new Request(`${BASE}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': event.signature },
        body: chunked,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(200);
    const huge = signedEvent('customer.updated', { id: 'cus_y', padding: 'x'.repeat(600_000) });
    const refused = await webhookRoute.POST(
      new Request(`${BASE}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': huge.signature },
        body: huge.payload,
      }),
    );
    expect(refused.status).toBe(413);
  });
});

describe('the account lock', () => {
  /** Three wrong passwords: from now on this account's logins need a captcha. */
  async function needCaptcha(c: TestClient, email: string) {
    for (let i = 0; i < 3; i++)
      expect((await c.post('/login', { email, password: `faux ${i}` })).status).toBe(422);
    const r = await c.post('/login', { email, password: 'faux encore' });
    expect([r.status, r.body.captcha_required]).toEqual([400, true]);
  }

  it('is not spent by requests without a valid captcha: the right password still works', async () => {
    const email = await newAccount();
    const attacker = new TestClient();
    await needCaptcha(attacker, email);
    for (let i = 0; i < 10; i++) {
      const captcha = i % 2 ? 'faux' : undefined;
      const r = await attacker.post('/login', { email, password: `faux ${i}`, captcha });
      expect(r.status).toBe(400);
    }
    const owner = new TestClient();
    const ok = await owner.post('/login', {
      email,
      password: PASSWORD,
      captcha: await solvedCaptcha(),
    });
    expect(ok.status).toBe(200);
  });

  it('is spent by ten wrong passwords after solved captchas; a magic link still signs in', async () => {
    const email = await newAccount();
    const attacker = new TestClient();
    await needCaptcha(attacker, email);
    for (let i = 0; i < 10; i++) {
      const r = await attacker.post('/login', {
        email,
        password: `faux ${i}`,
        captcha: await solvedCaptcha(),
      });
      expect(r.status).toBe(422);
    }
    const owner = new TestClient();
    const locked = await owner.post('/login', {
      email,
      password: PASSWORD,
      captcha: await solvedCaptcha(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    // The link of a mail (alerts) opens a session all the same.
    const [user] = await site.handle.db.select().from(users).where(eq(users.email, email));
    const magic = await issueMagicToken(site.handle.db, user!.id);
    const me = await owner.get(`/api/me?magic_token=${encodeURIComponent(magic)}`);
    expect(me.status).toBe(200);
    expect(me.body.data.data.email).toBe(email);
    expect((await owner.get('/api/me')).status).toBe(200);
  });
});
