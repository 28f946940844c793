import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiSiteForFile } from '@/testing/api-site';

/**
 * Rule « one path for every check » (docs/SECURITY.md, V4): the request line as an attacker
 * writes it, never normalised by a client (node's http with the raw path), against the web
 * server's pipeline (front door, API gate, registry API fast path, then the route modules Next.js
 * calls). Dot segments, repeated and encoded separators under every public prefix: never an
 * answer that skipped the gate (issue 36: `GET /api/./companies/…` answered 200 with no
 * `RateLimit`, any key accepted, 20 times in parallel).
 */
const site = apiSiteForFile();

let seq = 10;
const freshAddress = () => `203.0.113.${seq++}`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request with this exact request target (http.request sends `path` as given). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const { port } = new URL(site.base());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method,
        path,
        agent: false,
        headers: {
          'x-forwarded-for': freshAddress(),
          ...(body !== undefined
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
              }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The public API's calls, one per prefix the gate counts. */
const PUBLIC_CALLS = [
  '/api/companies/552032534',
  '/api/companies/552032534/etablissements',
  '/api/directors/1',
  '/api/search/companies?q=danone',
  '/api/search/directors?q=riboud',
  '/api/recherche-entreprises/search?q=danone',
];

/** The ways of writing `/api/<rest>` that a router resolves to it and a prefix test does not. */
function variants(canonical: string): string[] {
  const [path, query] = canonical.split('?') as [string, string | undefined];
  const rest = path.slice('/api/'.length);
  const q = query === undefined ? '' : `?${query}`;
  return [
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api//${rest}`,
    `//api/${rest}`,
    `/./api/${rest}`,
    `/api/%2e/${rest}`,
    `/api/%2E/${rest}`,
    `/api/x/%2e%2e/${rest}`,
    `/api/x/.%2E/${rest}`,
    `/api/x/%2e./${rest}`,
    `/api/${rest.replace('/', '/./')}`,
    `/api/${rest.replace('/', '//')}`,
  ].map((p) => p + q);
}

describe('one path for every check', () => {
  it('redirects every non-canonical GET of a public prefix to its canonical path, before the gate', async () => {
    for (const call of PUBLIC_CALLS) {
      for (const path of variants(call)) {
        const res = await send('GET', path);
        expect({ path, status: res.status, location: res.headers.location }).toEqual({
          path,
          status: 308,
          location: call,
        });
        // Nothing was served, nor counted: no data, no RateLimit header.
        expect(res.headers.ratelimit).toBeUndefined();
        expect(res.body).not.toMatch(/DANONE/i);
      }
    }
  });

  it('refuses encoded separators and backslashes under every prefix (400)', async () => {
    for (const call of PUBLIC_CALLS) {
      const rest = call.slice('/api/'.length);
      for (const path of [
        `/api%2f${rest}`,
        `/api%2F${rest}`,
        `/api/${rest.replace('/', '%2f')}`,
        `/api%5c${rest}`,
        `/api\\${rest}`,
        `/api/x/..%2f${rest}`,
        `/api/x/%2e%2e%5c${rest}`,
      ]) {
        const res = await send('GET', path);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
      }
    }
  });

  it('refuses a non-canonical batch POST (400), never runs it outside the quota', async () => {
    const body = JSON.stringify({ sirens: ['552032534'] });
    for (const path of variants('/api/companies/batch')) {
      const res = await send('POST', path, {}, body);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.headers.ratelimit).toBeUndefined();
    }
    const canonical = await send('POST', '/api/companies/batch', {}, body);
    expect(canonical.status).toBe(200);
    expect(canonical.headers.ratelimit).toMatch(/"seconde";r=\d+/);
  });

  it('gives 20 parallel calls from one address the normal quota, whatever the path written', async () => {
    const ip = { 'x-forwarded-for': freshAddress() };
    const paths = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? '/api/companies/552032534' : '/api/./companies/552032534',
    );
    const answers = await Promise.all(paths.map((p) => send('GET', p, ip)));
    // The redirected ones served nothing; the others met the gate: 7 a second at most.
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(7);
    for (const a of answers.filter((x) => x.status === 200))
      expect(a.headers.ratelimit).toBeDefined();
    expect(answers.filter((a) => a.status === 308)).toHaveLength(10);
  });

  it('checks a malformed or unknown key whatever the path written', async () => {
    for (const path of ['/api/./companies/552032534', '/api/x/../companies/552032534']) {
      const res = await send('GET', path, { authorization: 'Bearer rg_live_inconnue' });
      expect(res.status).toBe(308);
      expect(res.body).not.toMatch(/DANONE/i);
    }
    const canonical = await send('GET', '/api/companies/552032534', {
      authorization: 'Bearer rg_live_inconnue',
    });
    expect(canonical.status).toBe(401);
  });

  it('redirects the pages too, and keeps the query as written', async () => {
    const res = await send('GET', '/entreprise/./552032534?onglet=a%2Fb');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('/entreprise/552032534?onglet=a%2Fb');
    // Never a protocol-relative Location (an open redirect): repeated slashes are collapsed.
    const slashes = await send('GET', '//exemple.com/./');
    expect(slashes.headers.location).toBe('/exemple.com/');
  });
});
