import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { invalidateCompany } from '@/registry/cache';
import * as companyRoute from '@/app/api/companies/[siren]/route';
import * as sectionRoute from '@/app/api/companies/[siren]/[...section]/route';
import * as directorRoute from '@/app/api/directors/[id]/route';
import * as personalRoute from '@/app/api/directors/[id]/personal/route';
import * as poleScoreRoute from '@/app/api/directors/[id]/pole-score/route';
import { rawRequest } from './testing';
import { registryApiCall } from './registry-api';
import { pipelineServerForFile } from '@/testing/pipeline-server';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ fixtures: true });
// The Next route handlers read the site's database through getDb(): the same database.
let serverDb: () => DbHandle['db'] = () => site.db();
const server = pipelineServerForFile(() => serverDb());

const q = new URLSearchParams();

describe('registryApiCall', () => {
  it('recognises the company and director routes', () => {
    for (const path of [
      '/api/companies/552032534',
      '/api/companies/552%20032%20534',
      '/api/companies/552032534/representatives',
      '/api/companies/552032534/balance-sheets/detail-list',
      '/api/companies/552032534/no-such-section',
      '/api/directors/t-552032534-1',
      '/api/directors/t-552032534-1/personal',
      '/api/directors/t-552032534-1/pole-score',
    ])
      expect(registryApiCall(path, q), path).not.toBeNull();
  });

  it('leaves every other path to Next.js', () => {
    for (const path of [
      '/api/companies',
      '/api/companies/',
      '/api/companies/552032534/',
      '/api/companies/552032534//acts',
      '/api/companies/%E0%A4%A',
      '/api/directors/t-1/mandates',
      '/api/directors/%E0%A4%A',
      '/api/search',
      '/entreprises/552032534/danone',
    ])
      expect(registryApiCall(path, q), path).toBeNull();
  });
});

type Answer = {
  status: number;
  type: string | null;
  cache: string | null;
  cookies: string[];
  body: unknown;
};

/** The front door's security headers, which every answer of the web server carries. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

const answerOf = async (res: Response): Promise<Answer> => ({
  status: res.status,
  type: res.headers.get('content-type'),
  cache: res.headers.get('cache-control'),
  cookies: res.headers.getSetCookie(),
  body: await res.json(),
});

/** The fast path's answer, through the web server's pipeline; it carries the security headers. */
async function viaServer(path: string): Promise<Answer> {
  const res = await fetch(server.base + path);
  expect(res.status, `${path}: left to Next.js`).not.toBe(599);
  for (const name of SECURITY_HEADERS)
    expect(res.headers.get(name), `${path}: ${name}`).toBeTruthy();
  return answerOf(res);
}

/** The Next route file's answer (its handler called as Next.js calls it). */
const viaNext = answerOf;

const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(server.base + path, headers, method);

const req = (path: string) => new Request(`http://localhost${path}`);
const params = <T>(p: T) => ({ params: Promise.resolve(p) });

describe('serveRegistryApi', () => {
  it('answers exactly as the Next.js route handlers do', async () => {
    const companyCases: Array<[string, string]> = [
      ['552032534', ''],
      ['552032534', '?load_payment_data_only=true'],
      ['552 032 534', ''],
      ['552032535', ''],
      ['abc', ''],
      ['12345678', ''],
      ['732829320', ''],
      ['300025764', ''],
    ];
    const statuses = new Set<number>();
    for (const [siren, query] of companyCases) {
      const path = `/api/companies/${encodeURIComponent(siren)}${query}`;
      const fast = await viaServer(path);
      statuses.add(fast.status);
      expect(fast, path).toEqual(
        await viaNext(await companyRoute.GET(req(path), params({ siren }))),
      );
    }
    // A company, a missing one, a bad SIREN.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
    const sectionCases: Array<[string, string[], string]> = [
      ['552032534', ['representatives'], ''],
      ['552032534', ['balance-sheets', 'detail-list'], ''],
      ['552032534', ['establishments'], '?status=closed&page=1'],
      ['552032534', ['commercial-advertisements'], '?page=abc'],
      ['552032534', ['no-such-section'], ''],
      ['880878145', ['kbis-available'], ''],
      ['300025764', ['representatives'], ''],
    ];
    for (const [siren, section, query] of sectionCases) {
      const path = `/api/companies/${siren}/${section.join('/')}${query}`;
      expect(await viaServer(path), path).toEqual(
        await viaNext(await sectionRoute.GET(req(path), params({ siren, section }))),
      );
    }
    for (const id of ['t-552032534-1', 'unknown', '']) {
      const path = `/api/directors/${encodeURIComponent(id)}`;
      if (!id) {
        expect(registryApiCall(path, q)).toBeNull();
        continue;
      }
      expect(await viaServer(path), path).toEqual(
        await viaNext(await directorRoute.GET(req(path), params({ id }))),
      );
      expect(await viaServer(`${path}/personal`)).toEqual(
        await viaNext(await personalRoute.GET(req(path), params({ id }))),
      );
      expect(await viaServer(`${path}/pole-score`)).toEqual(
        await viaNext(await poleScoreRoute.GET(req(path), params({ id }))),
      );
    }
  });

  it('compresses for clients that accept gzip, and answers HEAD without a body', async () => {
    const path = '/api/companies/552032534';
    const plain = await raw(path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));

    const gz = await raw(path, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect((await raw(path, { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBe(
      undefined,
    );

    const head = await raw(path, { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(plain.body.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves other methods to Next.js', async () => {
    const res = await fetch(`${server.base}/api/companies/552032534`, { method: 'POST' });
    expect(res.status).toBe(599);
  });

  it('answers 503 SOURCE_UNAVAILABLE, never a 500, when the database fails', async () => {
    const broken = await createTestDb();
    await broken.close();
    invalidateCompany(null);
    serverDb = () => broken.db;
    try {
      const res = await fetch(`${server.base}/api/companies/552032534`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'SOURCE_UNAVAILABLE',
      );
    } finally {
      serverDb = () => site.db();
    }
  });
});
