import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import * as companiesRoute from '@/app/api/search/companies/route';
import * as directorsRoute from '@/app/api/search/directors/route';
import * as dropInSearchRoute from '@/app/api/recherche-entreprises/search/route';
import * as dropInNearPointRoute from '@/app/api/recherche-entreprises/near_point/route';
import { rawRequest } from './testing';
import { isSearchApiRequest } from './search-api';
import { pipelineServerForFile } from '@/testing/pipeline-server';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ searchIndex: true });
// The Next route handlers read the site's database through getReadDb(): the same database.
let serverDb: () => DbHandle['db'] = () => site.db();
const server = pipelineServerForFile(() => serverDb());

type Answer = { status: number; type: string | null; cache: string | null; body: unknown };

const answerOf = async (res: Response): Promise<Answer> => ({
  status: res.status,
  type: res.headers.get('content-type'),
  cache: res.headers.get('cache-control'),
  body: await res.json(),
});

/** The Next route file's answer, its handler called as Next.js calls it. */
function viaNext(path: string, headers: Record<string, string>): Promise<Response> {
  const req = new Request(`http://localhost${path}`, { headers });
  if (path.startsWith('/api/recherche-entreprises/search')) return dropInSearchRoute.GET(req);
  if (path.startsWith('/api/recherche-entreprises/near_point'))
    return dropInNearPointRoute.GET(req);
  return path.startsWith('/api/search/directors')
    ? directorsRoute.GET(req)
    : companiesRoute.GET(req);
}

describe('the search API in the front door', () => {
  it('recognises only the two search routes and the drop-in, for GET and HEAD', () => {
    expect(isSearchApiRequest('GET', '/api/search/companies?q=danone')).toBe(true);
    expect(isSearchApiRequest('HEAD', '/api/search/directors')).toBe(true);
    expect(isSearchApiRequest('GET', '/api/recherche-entreprises/search?q=danone')).toBe(true);
    expect(isSearchApiRequest('GET', '/api/recherche-entreprises/near_point')).toBe(true);
    for (const [method, url] of [
      ['POST', '/api/search/companies'],
      ['GET', '/api/search/companies/'],
      ['GET', '/api/search/companies/export?q=danone'],
      ['GET', '/api/search/ape-codes'],
      ['GET', '/api/search'],
      ['GET', '/api/search//companies'],
    ] as const)
      expect(isSearchApiRequest(method, url), `${method} ${url}`).toBe(false);
  });

  it('answers exactly as the Next.js route handlers do, without reaching Next.js', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/search/companies?q=danone', {}],
      ['/api/search/companies?q=danone', { 'hide-financial-data': 'true' }],
      ['/api/search/companies?q=la%20poste&per_page=5', {}],
      ['/api/search/companies?q=a', {}],
      ['/api/search/companies?q=danone&page=abc', {}],
      ['/api/search/companies?q=sci&departement=ZZ', {}],
      ['/api/search/companies?q=552032534', {}],
      ['/api/search/companies?q=zzqxwv', {}],
      ['/api/search/directors?name=dubigny', {}],
      ['/api/search/directors?name=x', {}],
      ['/api/search/directors?name=dupont&page=0', {}],
      // The drop-in: its results, its own 400 shape, near a point (issue 41: no longer Next's).
      ['/api/recherche-entreprises/search?q=danone', {}],
      ['/api/recherche-entreprises/search?q=danone&per_page=500', {}],
      ['/api/recherche-entreprises/near_point?lat=48.87&long=2.33&radius=5', {}],
    ];
    const statuses = new Set<number>();
    for (const [path, headers] of cases) {
      const res = await fetch(server.base + path, { headers });
      expect(res.status, `${path}: left to Next.js`).not.toBe(599);
      // Answered by the front door: its security headers are on the answer.
      expect(res.headers.get('content-security-policy'), path).toBeTruthy();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      const fast = await answerOf(res);
      statuses.add(fast.status);
      expect(fast, path).toEqual(await answerOf(await viaNext(path, headers)));
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400]));
  });

  it('compresses for clients that accept gzip, and answers HEAD without a body', async () => {
    const path = '/api/search/companies?q=danone';
    const plain = await rawRequest(server.base + path, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    if (plain.body.length >= 1024) {
      const gz = await rawRequest(server.base + path, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    }
    const head = await rawRequest(server.base + path, { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(plain.body.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves the export, other methods and other paths to Next.js', async () => {
    expect((await fetch(`${server.base}/api/search/companies/export?q=danone`)).status).toBe(599);
    expect((await fetch(`${server.base}/api/search/companies`, { method: 'POST' })).status).toBe(
      599,
    );
    expect((await fetch(`${server.base}/api/search/ape-codes`)).status).toBe(599);
  });

  it('answers 503 SEARCH_UNAVAILABLE, never a 500, when the database fails', async () => {
    const broken = await createTestDb();
    await broken.close();
    serverDb = () => broken.db;
    try {
      const res = await fetch(`${server.base}/api/search/companies?q=danone`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'SEARCH_UNAVAILABLE',
      );
    } finally {
      serverDb = () => site.db();
    }
  });
});
