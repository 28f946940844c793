import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryApiCall, REGISTRY_API_ROUTES } from './registry-api';
import {
  manifestDrift,
  patternOfFile,
  ROUTE_TABLE_FILE,
  routeFiles,
  routeTable,
  routeTableModule,
} from './route-table';
import { byPrecedence, FILE_ROUTES, matchRoute, ROUTES } from './routes';

describe('the route table (src/server/routes.generated.ts)', () => {
  it('is the one generated from the files of src/app (else: npm run routes)', () => {
    expect(readFileSync(ROUTE_TABLE_FILE, 'utf8')).toBe(routeTableModule(routeFiles()));
    expect([...ROUTES].sort()).toEqual([...new Set(routeFiles().map(patternOfFile))].sort());
  });

  it('would not be that of src/app with one route file more, or one less', () => {
    const files = routeFiles();
    const written = readFileSync(ROUTE_TABLE_FILE, 'utf8');
    expect(routeTableModule([...files, 'src/app/(x)/api/nouvelle/[id]/route.ts'])).not.toBe(
      written,
    );
    expect(routeTableModule(files.filter((f) => !f.endsWith('/a-propos/page.tsx')))).not.toBe(
      written,
    );
  });

  it('names a file as Next.js does: groups removed, dynamic segments kept, private folders left out', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'routes-'));
    const app = path.join(dir, 'src/app');
    for (const f of [
      '(account)/api/me/[[...id]]/route.ts',
      '(registry)/page.tsx',
      'api/companies/[siren]/[...section]/route.ts',
      'api/companies/[siren]/helpers.ts',
      '(registry)/_company/page.tsx',
    ]) {
      mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
      writeFileSync(path.join(app, f), '');
    }
    expect(routeTable(routeFiles(app))).toEqual([
      ['/', 'page'],
      ['/api/companies/[siren]/[...section]', 'handler'],
      ['/api/me/[[...id]]', 'handler'],
    ]);
    expect(() => routeTable(['src/app/(a)/x/page.tsx', 'src/app/(b)/x/route.ts'])).toThrow(
      /deux fichiers pour la route \/x/,
    );
  });

  it('tells the route handlers outside /api/ from the pages', () => {
    expect(FILE_ROUTES.has('/sitemap.xml')).toBe(true);
    expect(FILE_ROUTES.has('/orders/[id]/download')).toBe(true);
    expect(FILE_ROUTES.has('/entreprises/[siren]/[companyName]')).toBe(false);
    expect(FILE_ROUTES.has('/api/orders')).toBe(false);
  });

  it('matches with Next’s precedence: static, then [x], [...x], [[...x]]', () => {
    const table = byPrecedence(ROUTES);
    expect(matchRoute('/api/orders/abc/checkout', table)).toEqual({
      pattern: '/api/orders/[id]/checkout',
      params: { id: 'abc' },
    });
    expect(matchRoute('/api/document/x/order', table)).toMatchObject({
      pattern: '/api/document/[documentId]/order',
    });
    expect(matchRoute('/api/letters/552032534/order', table)).toMatchObject({
      pattern: '/api/[kind]/[siren]/order',
      params: { kind: 'letters', siren: '552032534' },
    });
    expect(matchRoute('/api/me', table)).toEqual({ pattern: '/api/me/[[...id]]', params: {} });
    expect(matchRoute('/api/me/events', table)).toMatchObject({ pattern: '/api/me/events' });
    expect(matchRoute('/api/companies/1/a%2Fb/c', table)).toEqual({
      pattern: '/api/companies/[siren]/[...section]',
      params: { siren: '1', section: ['a/b', 'c'] },
    });
    expect(matchRoute('/api/companies/%E0%A4%A', table)).toBe('bad');
    expect(matchRoute('/api/me/', table)).toBeNull();
  });
});

describe('the route table against Next’s build manifest (checked after every next build)', () => {
  // As `next build` writes .next/app-path-routes-manifest.json: app paths with their groups.
  const manifest = {
    '/(registry)/page': '/',
    '/(registry)/entreprises/[siren]/[companyName]/page': '/entreprises/[siren]/[companyName]',
    '/(account)/api/me/[[...id]]/route': '/api/me/[[...id]]',
    '/sitemap.xml/route': '/sitemap.xml',
    '/_not-found/page': '/_not-found',
    '/robots.txt/route': '/robots.txt',
    '/icon.svg/route': '/icon.svg',
  };
  const table: Array<[string, 'page' | 'handler']> = [
    ['/', 'page'],
    ['/api/me/[[...id]]', 'handler'],
    ['/entreprises/[siren]/[companyName]', 'page'],
    ['/sitemap.xml', 'handler'],
  ];

  it('agrees when Next built the same routes (its own and its metadata routes aside)', () => {
    expect(manifestDrift(manifest, table)).toEqual([]);
  });

  it('names a route one side lacks, and a page that is a handler on the other side', () => {
    expect(manifestDrift(manifest, [...table, ['/a-propos', 'page']])).toEqual([
      '/a-propos : dans notre table, absente du manifeste de Next',
    ]);
    expect(manifestDrift({ ...manifest, '/(content)/faq/page': '/faq' }, table)).toEqual([
      '/faq : dans le manifeste de Next, absente de notre table',
    ]);
    expect(
      manifestDrift(manifest, [
        ...table.filter(([p]) => p !== '/sitemap.xml'),
        ['/sitemap.xml', 'page'],
      ]),
    ).toEqual(['/sitemap.xml : page chez nous, handler pour Next']);
    expect(manifestDrift(manifest, table.slice(1))).toEqual([
      '/ : dans le manifeste de Next, absente de notre table',
    ]);
  });
});

describe('the registry API’s fast path', () => {
  it('answers entries of the route table only', () => {
    for (const r of REGISTRY_API_ROUTES) expect(ROUTES).toContain(r);
    expect(REGISTRY_API_ROUTES).toHaveLength(7);
  });

  it('leaves to Next.js a path another route of the table takes, and the rest', () => {
    const q = new URLSearchParams();
    expect(registryApiCall('/api/companies/552032534', q)).not.toBeNull();
    expect(registryApiCall('/api/companies/552032534/etablissements/2', q)).not.toBeNull();
    expect(registryApiCall('/api/directors/abc/pole-score', q)).not.toBeNull();
    expect(registryApiCall('/api/companies/552032534/network', q)).not.toBeNull();
    expect(registryApiCall('/api/directors/abc/network', q)).not.toBeNull();
    for (const p of [
      '/api/companies/complementary-informations',
      '/api/companies/552032534/',
      '/api/companies/%E0%A4%A',
      '/api/directors/abc/autre',
      '/api/companies',
    ])
      expect(registryApiCall(p, q), p).toBeNull();
  });
});
