import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, TestClient } from '@/testing/route-client';
import { openApiDocument } from '@/public-api/openapi';
import * as letterTemplates from '@/app/api/letter-templates/route';
import * as captcha from '@/app/api/captcha/route';
import * as complementary from '@/app/api/companies/complementary-informations/route';
import * as headerStats from '@/app/api/header-stats/route';
import * as opposition from '@/app/api/opposition/route';
import * as confirmation from '@/app/api/opposition/confirmation/route';
import * as apeCodes from '@/app/api/search/ape-codes/route';
import * as searchCompanies from '@/app/api/search/companies/route';
import * as searchExport from '@/app/api/search/companies/export/route';
import * as searchDirectors from '@/app/api/search/directors/route';
import * as departments from '@/app/api/search/french-departments/route';
import * as dropInSearch from '@/app/api/recherche-entreprises/search/route';
import * as dropInNearPoint from '@/app/api/recherche-entreprises/near_point/route';
import { frontDoor } from './front-door';
import { serveRegistryApi } from './registry-api';
import { startTestServer, type TestServer } from './testing';
import { siteDbForFile } from '@/testing/site-db';

/**
 * Every operation of the OpenAPI document, 50 requests each with valid and invalid values, through
 * a real HTTP server built like scripts/serve.ts (front door, registry API fast path, then the
 * route handlers Next.js would call). Any 5xx but a declared 503, any status the document does not
 * declare, or a body that is neither `{ data: { data } }` nor `{ error: { code, message } }` fails.
 */
type BodySchema = { properties?: Record<string, unknown>; anyOf?: BodySchema[] };
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: { type?: string } }>;
  requestBody?: {
    content: Record<string, { schema: BodySchema }>;
  };
  responses: Record<string, unknown>;
};

const HANDLERS: Record<
  string,
  Partial<Record<'GET' | 'POST', (r: Request) => Promise<Response> | Response>>
> = {
  '/api/captcha': { GET: captcha.GET },
  '/api/companies/complementary-informations': { POST: complementary.POST },
  '/api/letter-templates': { GET: () => letterTemplates.GET() },
  '/api/header-stats': { GET: () => headerStats.GET() },
  '/api/opposition': { POST: opposition.POST },
  '/api/opposition/confirmation': { POST: confirmation.POST },
  '/api/search/ape-codes': { GET: () => apeCodes.GET() },
  '/api/search/companies': { GET: searchCompanies.GET },
  '/api/search/companies/export': { GET: searchExport.GET },
  '/api/search/directors': { GET: searchDirectors.GET },
  '/api/search/french-departments': { GET: () => departments.GET() },
  '/api/recherche-entreprises/search': { GET: dropInSearch.GET },
  '/api/recherche-entreprises/near_point': { GET: dropInNearPoint.GET },
};

let server: TestServer;
/** The signed-in user whose cookies and XSRF token the account and orders operations carry. */
let user: TestClient;

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // The account and orders routes go through the same table as the accounts tests' client; an
  // empty segment matches no route of Next.js (it redirects `/x/` to `/x`).
  const emptySegment = /\/\/|.\/$/.test(url.pathname);
  const handler = HANDLERS[url.pathname]
    ? HANDLERS[url.pathname]![req.method as 'GET' | 'POST']
    : emptySegment
      ? undefined
      : dispatch;
  if (!handler) {
    res.statusCode = HANDLERS[url.pathname] ? 405 : 404;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Introuvable.' } }));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const answer = await handler(
    new Request(url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
    }),
  );
  const bytes = Buffer.from(await answer.arrayBuffer());
  if ((answer.status === 404 || answer.status === 405) && bytes.length === 0) {
    // No route for this address or method: Next.js's answer, as above.
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Introuvable.' } }));
    return;
  }
  res.statusCode = answer.status;
  answer.headers.forEach((v, k) => res.setHeader(k, v));
  res.end(bytes);
}

const site = siteDbForFile({ searchIndex: true, memoryRateLimits: true });

beforeAll(async () => {
  user = new TestClient();
  await user.register('fuzz@exemple.fr', 'phrase de passe longue');
  server = await startTestServer((req, res) => {
    if (frontDoor(req, res, { siteUrl: 'http://localhost', gtm: false, reportingOrigin: null }))
      return;
    void serveRegistryApi(req, res, () => site.db())
      .then((served) => (served ? undefined : nextStandIn(req, res)))
      .catch(() => {
        res.statusCode = 599;
        res.end();
      });
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Valid values the fixtures know, then anything. */
const pathValue = (name: string) =>
  fc.oneof(
    fc.constantFrom(
      ...(name === 'siren'
        ? ['552032534', '883010316', '000000000']
        : ['t-552032534-2', 'inconnu']),
    ),
    fc.string({ maxLength: 30 }),
    fc.string({ maxLength: 12, unit: 'grapheme' }),
    fc.constantFrom('%ZZ', '%00', '%2535', '..', '%C0%AF', ' ', '-1'),
  );
const encodePath = (v: string) => (/^%|^\.\.$/.test(v) ? v : encodeURIComponent(v));
const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '0',
    '-3',
    '',
    'abc',
    '75',
    '62.02A',
    'danone',
    'actif',
    '1000',
    'true',
    '48.85',
    '2.35',
    'GE',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
);
const jsonValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('company', 'person', '552032534', 'a@exemple.fr'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

const doc = openApiDocument('http://localhost');
/**
 * The account and orders operations of a signed-in user (src/public-api/openapi-site.ts), called with
 * their session cookie and XSRF token. Left out: those that open or end a session (register,
 * login, logout, reset), which the accounts tests fuzz, and the webhook, whose body is signed.
 */
const withSession = (path: string) =>
  /^\/api\/(me\/|onboarding\/|error-reports(\/\{id\}|$)|company\/(followed|unfollow-list|\{siren\}\/(follow|unfollow))|followed-lists|claims|orders|invoices|credit-notes|subscription|payments\/test\/|document\/|director-report\/|\{kind\}\/)/.test(
    path,
  ) || /^\/(pre-)?orders\//.test(path);
// The operations this server serves: the registry API fast path, the handlers above, the batch
// lookup and enrichment (src/api-access), and the account and orders routes.
const served = (path: string) =>
  path in HANDLERS ||
  /^\/api\/(companies\/(\{siren\}|batch$|enrichment$)|directors\/)/.test(path) ||
  withSession(path);
const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
  .filter(([path]) => served(path))
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

function checkAnswer(
  op: Operation,
  status: number,
  text: string,
  what: string,
  file = false,
  path = '/api/',
) {
  expect(status, `${what}: ${text.slice(0, 200)}`).toBeLessThan(600);
  expect(status === 503 || status < 500, `${what} → ${status}: ${text.slice(0, 200)}`).toBe(true);
  expect(Object.keys(op.responses), `${what} → undeclared ${status}`).toContain(String(status));
  // A file (an order's document, an invoice, an export) or "not ready yet" (204).
  if (status === 204 || (status === 200 && file)) return;
  // A malformed address outside /api/ (a page or file route): the front door's plain answer.
  if (status === 400 && !path.startsWith('/api/') && !text.startsWith('{')) return;
  const body = JSON.parse(text) as {
    data?: { data?: unknown };
    error?: { code?: unknown; message?: unknown };
    results?: unknown;
    erreur?: unknown;
  };
  // The drop-in for the government's search API answers that API's shapes.
  if (path.startsWith('/api/recherche-entreprises/')) {
    if (status < 300) expect(Array.isArray(body.results), what).toBe(true);
    else expect(typeof body.erreur, what).toBe('string');
    return;
  }
  if (status < 300) expect(body.data && 'data' in body.data, what).toBe(true);
  else {
    expect(typeof body.error?.code, what).toBe('string');
    expect(typeof body.error?.message, what).toBe('string');
  }
}

describe('every OpenAPI operation under random input', () => {
  for (const { path, method, op } of operations) {
    it(`${method} ${path}`, { timeout: 120_000 }, async () => {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      // The body's fields; a body of several shapes (an order of each kind): all of theirs.
      const schema = op.requestBody?.content['application/json']?.schema;
      const props = [
        ...new Set(
          [schema, ...(schema?.anyOf ?? [])].flatMap((s) => Object.keys(s?.properties ?? {})),
        ),
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...pathParams.map((p) => pathValue(p.name))),
          fc.dictionary(fc.constantFrom('', ...queryParams.map((p) => p.name)), queryValue, {
            maxKeys: 4,
          }),
          fc.oneof(
            fc
              .dictionary(fc.constantFrom('x', ...props), jsonValue, { maxKeys: 6 })
              .map((o) => JSON.stringify(o)),
            fc.string({ maxLength: 50 }),
          ),
          async (values, query, body) => {
            let target = path;
            pathParams.forEach((p, i) => {
              target = target.replace(`{${p.name}}`, encodePath(values[i] ?? ''));
            });
            const qs = new URLSearchParams(
              Object.entries(query).filter(([k]) => k !== ''),
            ).toString();
            const headers: Record<string, string> =
              method === 'GET' ? {} : { 'content-type': 'application/json' };
            if (withSession(path)) {
              headers.cookie = user.cookieHeader();
              if (method !== 'GET') headers['x-xsrf-token'] = user.cookies.get('XSRF-TOKEN')!;
            }
            const res = await fetch(`${server.base}${target}${qs ? `?${qs}` : ''}`, {
              method,
              headers,
              body: method === 'GET' ? undefined : body,
            });
            checkAnswer(
              op,
              res.status,
              await res.text(),
              `${method} ${target}?${qs}`,
              /attachment/.test(res.headers.get('content-disposition') ?? ''),
              new URL(res.url).pathname,
            );
          },
        ),
        { numRuns: 50 },
      );
    });
  }
});
