import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/route-client';
import { imageQueryIsClean } from '@/server/guard';
import { serveRegistryApi } from '@/server/registry-api';
import { patternOfFile } from '@/server/route-table';
import { byPrecedence, matchRoute, type Params } from '@/server/routes';
import { siteHandler } from '@/server/site';
import { rawRequest, startTestServer, type TestServer } from '@/server/testing';
import { loadCompanyPage, loadCompanyProfile, loadDirectorProfile } from '@/loaders/registry-pages';
import nextConfig from '../../next.config';
import { siteDbForFile } from '@/testing/site-db';

/**
 * Percent-encoding that only a second decoding would read (`%25`, `%25ZZ`), broken encodings and
 * path tricks, in every dynamic segment of every route of src/app: never a 5xx. Once as an
 * attacker sends them, through the web server's pipeline (src/server/site.ts: front door,
 * registry API) to a stand-in for Next.js that matches the route table as Next
 * does (one decoding) and calls the real route modules; once as Next.js would hand them to a
 * route decoded once, straight to each handler, so a second decoding anywhere behind it shows.
 */
type Handler = (req: Request, ctx: { params: Promise<Params> }) => Response | Promise<Response>;
type Route = { pattern: string; segments: string[]; module: Record<string, unknown> };

// The route files, named and ordered by the site's route table (src/server/routes.ts).
const modules = import.meta.glob<Record<string, unknown>>('/src/app/**/route.ts', { eager: true });
const BY_PATTERN = new Map<string, Route>(
  Object.entries(modules).map(([file, module]) => {
    const pattern = patternOfFile(file);
    return [pattern, { pattern, segments: pattern.split('/').filter(Boolean), module }];
  }),
);
const ROUTES: Route[] = byPrecedence([...BY_PATTERN.keys()]).map((p) => BY_PATTERN.get(p)!);

function dynamicCount(r: Route): number {
  return r.segments.filter((s) => s.startsWith('[')).length;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Leaves the signed-in user as they are: these would end the session or the account. */
const SKIP = (method: string, pattern: string) =>
  pattern === '/logout' || (method === 'DELETE' && pattern.startsWith('/api/me'));

/** The route and its parameters for a path, decoded once as Next.js does; null: no route. */
function routeOf(path: string): { route: Route; params: Params } | null | 'bad' {
  const found = matchRoute(
    path,
    ROUTES.map((r) => r.pattern),
  );
  if (found === null || found === 'bad') return found;
  return { route: BY_PATTERN.get(found.pattern)!, params: found.params };
}

let server: TestServer;
const user = new TestClient();

async function callRoute(route: Route, method: string, path: string, params: Params) {
  const handler = route.module[method] as Handler | undefined;
  if (!handler) return new Response(null, { status: 405 });
  const request = new Request(`http://localhost:3000${path}`, {
    method,
    headers: user.jsonCallHeaders(method),
    body: method === 'GET' ? undefined : '{}',
  });
  return handler(request, { params: Promise.resolve(params) });
}

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  for await (const _ of req); // the body, unread
  const path = (req.url ?? '/').split('?')[0]!;
  const found = routeOf(path);
  let status: number;
  let body: Buffer;
  if (found === 'bad' || found === null) {
    status = found === 'bad' ? 400 : 404;
    body = Buffer.from('');
  } else {
    try {
      const answer = await callRoute(found.route, req.method!, req.url!, found.params);
      status = answer.status;
      body = Buffer.from(await answer.arrayBuffer());
    } catch (e) {
      status = 500; // what Next.js does with a handler that throws
      body = Buffer.from(String(e));
    }
  }
  res.statusCode = status;
  res.end(body);
}

const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });

beforeAll(async () => {
  await user.register('decodage@exemple.fr', 'phrase de passe longue');
  server = await startTestServer(
    siteHandler({
      door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
      registryApi: (req, res) => serveRegistryApi(req, res, () => site.db()),
      next: nextStandIn,
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** As sent on the wire. */
const ENCODED = ['%25', '%25ZZ', '%', '%E0%A4%A', '..%2F', '%00', '%2535', '%25%32%35'];
/** As Next.js hands them to a route once decoded (or as is, when they do not decode). */
const DECODED = ['%', '%ZZ', '%E0%A4%A', '../', '\u0000', '%35', '%25', '..'];

/** Every way to put `value` in the route's dynamic segments, one segment at a time. */
function pathsOf(
  route: Route,
  value: string,
  fill: string,
): Array<{ path: string; params: Params }> {
  const dynamic = route.segments.map((s, i) => (s.startsWith('[') ? i : -1)).filter((i) => i >= 0);
  return dynamic.map((target) => {
    const params: Params = {};
    const parts = route.segments.map((seg, i) => {
      const name = /\w+/.exec(seg)?.[0] ?? '';
      if (!seg.startsWith('[')) return seg;
      const v = i === target ? value : fill;
      params[name] = seg.includes('...') ? [v] : v;
      return v;
    });
    return { path: `/${parts.join('/')}`, params };
  });
}

const dynamicRoutes = ROUTES.filter((r) => dynamicCount(r) > 0);

describe('the route table', () => {
  it('is read from src/app', () => {
    expect(dynamicRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining([
        '/api/companies/[siren]',
        '/api/companies/[siren]/[...section]',
        '/api/directors/[id]',
        '/api/financial-diagnostics/[siren]/stats',
        '/api/[kind]/[siren]/order',
      ]),
    );
  });
});

describe('double-decoding payloads sent to every route through the web server', () => {
  for (const route of dynamicRoutes) {
    it(route.pattern, async () => {
      for (const method of METHODS) {
        if (!route.module[method] || SKIP(method, route.pattern)) continue;
        for (const value of ENCODED) {
          for (const { path } of pathsOf(route, value, '552032534')) {
            const res = await fetch(`${server.base}${path}`, {
              method,
              headers: user.jsonCallHeaders(method),
              body: method === 'GET' ? undefined : '{}',
            });
            const text = await res.text();
            expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
          }
        }
      }
    });
  }

  it('the registry API and the pages the finding named', async () => {
    const sections = ['establishments', 'directors', 'finances', 'notices', 'brands', 'x'];
    const paths = [
      '/api/companies/%25',
      ...sections.map((s) => `/api/companies/%25ZZ/${s}`),
      '/api/directors/%25',
      '/api/directors/%25/personal',
      '/api/directors/%25/pole-score',
      '/entreprises/%25/x',
      '/dirigeants/%25ZZ/x',
      '/api/financial-diagnostics/%25/stats',
    ];
    for (const path of paths) {
      const res = await rawRequest(`${server.base}${path}`);
      expect([400, 404], path).toContain(res.status);
    }
  });
});

describe('parameters decoded once, as Next.js hands them to each route', () => {
  for (const route of dynamicRoutes) {
    it(route.pattern, async () => {
      for (const method of METHODS) {
        if (!route.module[method] || SKIP(method, route.pattern)) continue;
        for (const value of DECODED) {
          for (const { params } of pathsOf(route, value, '552032534')) {
            const path = route.pattern.replace(/\[\[?(?:\.\.\.)?(\w+)\]\]?/g, (_, n: string) => {
              const v = params[n];
              return (Array.isArray(v) ? v : [v ?? '']).map(encodeURIComponent).join('/');
            });
            let status: number;
            try {
              status = (await callRoute(route, method, path, params)).status;
            } catch (e) {
              throw new Error(`${method} ${route.pattern} ${JSON.stringify(params)} threw ${e}`);
            }
            expect(status, `${method} ${route.pattern} ${JSON.stringify(params)}`).toBeLessThan(
              500,
            );
          }
        }
      }
    });
  }

  it('the pages’ loaders decode their parameter once and never throw', async () => {
    for (const value of [...ENCODED, ...DECODED]) {
      expect((await loadCompanyProfile(value)).ok).toBe(false);
      expect((await loadCompanyPage(value)).ok).toBe(false);
      expect((await loadDirectorProfile(value)).ok).toBe(false);
    }
    // One decoding, not two: `%2535…` is not the SIREN 552032534.
    expect((await loadCompanyProfile('%2535%2535%2532032534')).ok).toBe(false);
    expect((await loadCompanyProfile('552%20032%20534')).ok).toBe(true);
  });
});

describe('the image optimizer', () => {
  it('refuses a path that leaves the site, before Next.js', async () => {
    for (const url of [
      '/....//....//etc/passwd',
      '/../etc/passwd',
      '//evil.example/x.png',
      'https://evil.example/x.png',
      '/a/%2e%2e/b.png',
      '/a\\b.png',
    ]) {
      const res = await rawRequest(
        `${server.base}/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`,
      );
      expect(res.status, url).toBe(400);
    }
    expect(
      (await rawRequest(`${server.base}/_next/image?url=/....//....//etc/passwd&w=640&q=75`))
        .status,
    ).toBe(400);
    expect(imageQueryIsClean('url=/logo.png&w=640&q=75')).toBe(true);
    expect(imageQueryIsClean('url=/logo.png&w=641&q=75')).toBe(false);
  });

  it('allows the widths and qualities of next.config.ts', async () => {
    const { images } = await nextConfig('test');
    for (const w of [...images!.deviceSizes!, ...images!.imageSizes!])
      for (const q of images!.qualities!)
        expect(imageQueryIsClean(`url=/logo.png&w=${w}&q=${q}`), `${w} ${q}`).toBe(true);
  });
});
