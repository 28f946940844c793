import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { apiKeys, subscriptions, users } from '@/db/schema';
import { apiSiteForFile } from '@/testing/api-site';
import { TestClient } from '@/testing/route-client';
import { flushUsage } from './usage';

/**
 * The public API's access, through the web server's pipeline as scripts/serve.ts builds it (front
 * door, gate, registry API fast path, then the route modules Next.js would call): the RateLimit
 * headers on the fast path and on Next's routes alike, 429 with Retry-After, the keys of
 * /mon-compte (shown once, stored hashed, revoked → 401, another user's → 404), the subscriber's
 * quota, the usage per day, the batch lookup and the enrichment of an uploaded file.
 */
const site = apiSiteForFile();

let addressSeq = 10;
/** A client address of its own, so that each test starts with a fresh count. */
const freshAddress = () => `198.51.100.${addressSeq++}`;

const call = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${site.base()}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });

async function newUser(email: string): Promise<{ client: TestClient; id: string }> {
  const client = new TestClient();
  await client.register(email, 'phrase de passe longue');
  const [row] = await site.db().select().from(users).where(eq(users.email, email));
  return { client, id: row!.id };
}

describe('anonymous calls', () => {
  it('carry RateLimit-Policy and RateLimit on the fast path and on Next’s routes alike', async () => {
    const ip = { 'x-forwarded-for': freshAddress() };
    const fast = await call('/api/companies/552032534', ip);
    expect(fast.status).toBe(200);
    expect(fast.headers.get('ratelimit-policy')).toBe('"seconde";q=7;w=1');
    expect(fast.headers.get('ratelimit')).toMatch(/^"seconde";r=6;t=1$/);
    const batch = await call('/api/companies/batch', ip, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sirens: ['552032534'] }),
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('ratelimit-policy')).toBe('"seconde";q=7;w=1');
    // A batch weighs 5: 6 - 5 = 1 left.
    expect(batch.headers.get('ratelimit')).toMatch(/^"seconde";r=1;t=1$/);
    // Outside the public API: no quota.
    const other = await call('/api/me', ip);
    expect(other.headers.get('ratelimit')).toBeNull();
  });

  it('answers 429 with Retry-After and a French message past 7 calls a second, per address', async () => {
    const ip = { 'x-forwarded-for': freshAddress() };
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 9; i++) {
      last = await call('/api/companies/552032534', ip);
      statuses.push(last.status);
      if (last.status === 429) break;
    }
    expect(statuses.slice(0, 7)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('ratelimit')).toMatch(/^"seconde";r=0;t=\d+$/);
    const body = (await last!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/7 par seconde au plus sans clé/);
    // Another address has its own count.
    expect(
      (await call('/api/companies/552032534', { 'x-forwarded-for': freshAddress() })).status,
    ).toBe(200);
  });
});

describe('the search boxes’ suggestions', () => {
  it('are not counted in the public quota: a colleague’s script on the same address does not starve them', async () => {
    // Warmed up from another address: the calls below then fit in one second.
    await call('/api/suggestions/companies?q=danone', { 'x-forwarded-for': freshAddress() });
    const ip = { 'x-forwarded-for': freshAddress() };
    // The colleague's script spends the address's 7 calls of this second.
    let script: Response | null = null;
    for (let i = 0; i < 9 && script?.status !== 429; i++)
      script = await call('/api/companies/552032534', ip);
    expect(script!.status).toBe(429);
    const typed = [await call('/api/suggestions/companies?q=danone', ip)];
    // Still within the refused second for the public API.
    expect((await call('/api/companies/552032534', ip)).status).toBe(429);
    expect(typed.map((r) => r.status)).toEqual([200]);
    expect(typed[0]!.headers.get('ratelimit')).toBeNull();
    const body = (await typed[0]!.json()) as {
      data: { data: { results: Array<{ siren: string }> } };
    };
    // The search's own answer (these fixtures have no search index built: an empty list).
    expect(Array.isArray(body.data.data.results)).toBe(true);
  });

  it('answer 6 names at most, whatever else is asked, under a limit of their own per address', async () => {
    const ip = { 'x-forwarded-for': freshAddress() };
    const res = await call('/api/suggestions/companies?q=da&per_page=100&page=3', ip);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { data: { results: unknown[]; page: number } } };
    expect(body.data.data.results.length).toBeLessThanOrEqual(6);
    // Counted before the search runs: a one-letter query (refused by the search at once) counts.
    const burst = await Promise.all(
      Array.from({ length: 90 }, () => call('/api/suggestions/companies?q=d', ip)),
    );
    const refused = burst.find((r) => r.status === 429);
    expect(refused).toBeDefined();
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toMatch(
      /suggestions/,
    );
  });
});

describe('API keys', () => {
  let alice: { client: TestClient; id: string };
  let bob: { client: TestClient; id: string };
  beforeAll(async () => {
    alice = await newUser('alice.api@exemple.fr');
    bob = await newUser('bob.api@exemple.fr');
  });

  it('are created with the XSRF token, shown once, stored as their SHA-256 only', async () => {
    const created = await alice.client.post('/api/me/api-keys', { name: 'Mon CRM' });
    expect(created.status).toBe(201);
    const token = created.body.data.data.token as string;
    expect(token).toMatch(/^rg_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await site.db().select().from(apiKeys).where(eq(apiKeys.userId, alice.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(12));
    const list = await alice.client.get('/api/me/api-keys');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(token.slice(12));
    expect(list.body.data.data.keys[0]).toMatchObject({
      name: 'Mon CRM',
      prefix: token.slice(0, 12),
    });
    // Without the XSRF token, or signed out: refused.
    alice.client.csrf = false;
    expect((await alice.client.post('/api/me/api-keys', { name: 'x' })).status).toBe(419);
    alice.client.csrf = true;
    expect((await new TestClient().post('/api/me/api-keys', { name: 'x' })).status).toBe(401);
  });

  it('give the account’s quota with either header, count the usage per day, and answer 401 once revoked', async () => {
    const created = await alice.client.post('/api/me/api-keys', { name: 'Script' });
    const { token, key } = created.body.data.data as { token: string; key: { id: string } };
    const bearer = await call('/api/companies/552032534', { authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('ratelimit-policy')).toBe(
      '"seconde";q=20;w=1, "jour";q=50000;w=86400',
    );
    expect(bearer.headers.get('ratelimit')).toMatch(/^"seconde";r=19;t=1, "jour";r=49999;t=\d+$/);
    const header = await call('/api/search/companies?q=danone', { 'x-api-key': token });
    expect(header.headers.get('ratelimit')).toMatch(/"jour";r=49998;/);
    await flushUsage(site.db());
    const list = await alice.client.get('/api/me/api-keys');
    const mine = (list.body.data.data.keys as Array<{ id: string; usage: unknown[] }>).find(
      (k) => k.id === key.id,
    );
    expect(mine!.usage).toEqual([{ day: new Date().toISOString().slice(0, 10), requests: 2 }]);

    expect((await alice.client.delete(`/api/me/api-keys/${key.id}`)).status).toBe(204);
    const revoked = await call('/api/companies/552032534', { authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    const body = (await revoked.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'API_KEY_INVALID' });
    expect(body.error.message).toMatch(/inconnue ou a été révoquée/);
    // An unknown or malformed key is refused alike, never served as anonymous.
    for (const bad of [`rg_live_${'A'.repeat(43)}`, 'nimporte quoi'])
      expect((await call('/api/directors/x', { 'x-api-key': bad })).status).toBe(401);
    expect((await call('/api/directors/x', { authorization: 'Bearer ' })).status).toBe(401);
    // Another scheme (a staging site's Basic password) is not an API key.
    const basic = await call('/api/companies/552032534', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(200);
    expect(basic.headers.get('ratelimit-policy')).toBe('"seconde";q=7;w=1');
  });

  it('are another user’s: 404, and not listed', async () => {
    const created = await alice.client.post('/api/me/api-keys', { name: 'Privée' });
    const id = created.body.data.data.key.id as string;
    expect((await bob.client.delete(`/api/me/api-keys/${id}`)).status).toBe(404);
    expect((await bob.client.get('/api/me/api-keys')).body.data.data.keys).toEqual([]);
    expect((await bob.client.delete('/api/me/api-keys/pas-un-id')).status).toBe(404);
    const token = created.body.data.data.token as string;
    expect((await call('/api/companies/552032534', { 'x-api-key': token })).status).toBe(200);
  });

  it('have the subscriber’s larger quota while the owner subscribes', async () => {
    const created = await bob.client.post('/api/me/api-keys', { name: 'Abonné' });
    const token = created.body.data.data.token as string;
    const before = await call('/api/companies/552032534', { 'x-api-key': token });
    expect(before.headers.get('ratelimit-policy')).toMatch(/^"seconde";q=20;w=1/);
    const now = Date.now();
    await site
      .db()
      .insert(subscriptions)
      .values({
        id: 'sub-api-test',
        userId: bob.id,
        provider: 'test',
        providerSubscriptionId: 'sub_api',
        state: 'active',
        currentPeriodStart: new Date(now - 86_400_000),
        currentPeriodEnd: new Date(now + 30 * 86_400_000),
      });
    const after = await call('/api/companies/552032534', { 'x-api-key': token });
    expect(after.headers.get('ratelimit-policy')).toBe(
      '"seconde";q=50;w=1, "jour";q=1000000;w=86400',
    );
    expect((await bob.client.get('/api/me/api-keys')).body.data.data.plan.id).toBe('abonne');
  });
});

type Item = { siren: string; found: boolean; index?: number; line?: number };

describe('batch lookup', () => {
  const post = (body: string, type: string, query = '') =>
    call(
      `/api/companies/batch${query}`,
      { 'x-forwarded-for': freshAddress() },
      {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      },
    );

  it('answers each SIREN in order, as a streamed JSON envelope or NDJSON', async () => {
    const res = await post(
      JSON.stringify({ sirens: ['552032534', '732829320', 883010316] }),
      'application/json',
    );
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { data: Item[] } }).data.data;
    expect(items.map((i) => [i.siren, i.found, i.index])).toEqual([
      ['552032534', true, 0],
      ['732829320', false, 1],
      ['883010316', true, 2],
    ]);
    // The same profile as the one-company route, by the same rules.
    const one = (await (
      await call('/api/companies/883010316', { 'x-forwarded-for': freshAddress() })
    ).json()) as {
      data: { data: unknown };
    };
    expect((items[2] as unknown as { company: unknown }).company).toEqual(one.data.data);
    const nd = await post('552032534\n\n883010316\n', 'text/plain', '?format=ndjson');
    expect(nd.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await nd.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Item);
    expect(lines.map((l) => [l.siren, l.line])).toEqual([
      ['552032534', 1],
      ['883010316', 3],
    ]);
  });

  it('names each invalid SIREN with its index or line, and refuses more than 1,000', async () => {
    const json = await post(JSON.stringify(['552032534', '12ab', null]), 'application/json');
    expect(json.status).toBe(422);
    const jb = (await json.json()) as {
      error: { fields: Record<string, string[]> };
      invalid: unknown[];
    };
    expect(Object.keys(jb.error.fields)).toEqual(['sirens[1]', 'sirens[2]']);
    expect(jb.invalid).toHaveLength(2);
    const text = await post('552032534\n883010316\nabc\n', 'text/plain');
    expect(text.status).toBe(422);
    const tb = (await text.json()) as {
      error: { message: string; fields: Record<string, string[]> };
    };
    expect(tb.error.fields['ligne 3']![0]).toMatch(/« abc » n’est pas un numéro SIREN/);
    const many = await post(
      JSON.stringify({ sirens: Array(1001).fill('552032534') }),
      'application/json',
    );
    expect(many.status).toBe(422);
    expect(((await many.json()) as { error: { message: string } }).error.message).toMatch(
      /au plus 1\u202f000 numéros/,
    );
    expect((await post('<x/>', 'application/xml')).status).toBe(415);
    expect((await post('{', 'application/json')).status).toBe(400);
  });

  it('weighs a keyless batch by the SIRENs it reads, not by the call (issue 36)', async () => {
    const ip = { 'x-forwarded-for': freshAddress() };
    const batch = (n: number) =>
      call('/api/companies/batch', ip, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sirens: Array(n).fill('552032534') }),
      });
    const first = await batch(1000);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // A second later (a batch counts 5 of the 7 calls a second): the address's SIRENs are spent.
    await new Promise((r) => setTimeout(r, 1100));
    const second = await batch(1000);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
      /au plus 1\u202f000 SIREN toutes les 5 minutes/,
    );
    // An enrichment spends the same allowance.
    await new Promise((r) => setTimeout(r, 1100));
    const file = await call('/api/companies/enrichment?format=csv', ip, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'siren\n552032534\n',
    });
    expect(file.status).toBe(429);
    // Another address is not concerned.
    const other = await post(JSON.stringify(Array(10).fill('552032534')), 'application/json');
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });
});

describe('enrichment of an uploaded list', () => {
  const upload = (body: Uint8Array<ArrayBuffer> | string, query = '?format=csv') =>
    call(
      `/api/companies/enrichment${query}`,
      { 'x-forwarded-for': freshAddress() },
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      },
    );

  it('answers a CSV list enriched as CSV, the SIREN column found by its header', async () => {
    const res = await upload('nom;siren\nDanone;552 032 534\nInconnue;732829320\n');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/siren-enrichis\.csv/);
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Ligne;SIREN;Résultat;Dénomination/);
    expect(lines[1]).toMatch(/^2;552032534;Trouvée;/);
    expect(lines[2]).toBe('3;732829320;Introuvable');
  });

  it('reads an XLSX list and answers XLSX', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Liste');
    ws.addRow(['SIREN']);
    ws.addRow(['883010316']);
    const res = await upload(new Uint8Array(await wb.xlsx.writeBuffer()), '?format=xlsx');
    expect(res.status).toBe(200);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(await res.arrayBuffer());
    const rows = out.worksheets[0]!.getSheetValues() as unknown[][];
    expect(rows[2]!.slice(1, 4)).toEqual([2, '883010316', 'Trouvée']);
  });

  it('refuses what is not a CSV or XLSX (415), and names the invalid lines (422)', async () => {
    const pdf = await upload(
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x01, 0x02]),
    );
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as { error: { message: string } }).error.message).toMatch(
      /ni un CSV ni un classeur Excel/,
    );
    const zip = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(zip.status).toBe(422);
    const bad = await upload('siren\n552032534\n12\n\nabc\n');
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(['ligne 3', 'ligne 5']);
    expect((await upload('')).status).toBe(422);
    // Over the 2 MB cap: refused before the body is read.
    expect((await upload('5'.repeat(2 * 1024 * 1024 + 1))).status).toBe(413);
    expect((await upload('552032534', '?format=pdf')).status).toBe(400);
  });
});

describe('the limits on the PostgreSQL store', () => {
  it('share one count in the table rate_limits', async () => {
    const client = (site.db() as unknown as { $client: unknown }).$client;
    // PGlite has no pg.Pool: the memory store above is the one exercised there.
    if (!(client instanceof pg.Pool)) return;
    resetAllRateLimits({ kind: 'postgres', pool: client });
    try {
      const ip = { 'x-forwarded-for': freshAddress() };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await call('/api/companies/552032534', ip)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
      const stored = await client.query(`SELECT points FROM rate_limits WHERE key = $1`, [
        `rl:api-anonyme-seconde:addr:${ip['x-forwarded-for']}`,
      ]);
      expect(stored.rows[0]?.points).toBe(8);
    } finally {
      resetAllRateLimits({ kind: 'memory' });
    }
  });
});
