/**
 * The per-company pages (/actes-et-statuts/{siren}, /comptes-annuels/{siren}…) and the order route
 * follow one rule (`companyOrder`, src/documents/index.ts): every « Commander » a page renders is
 * an order the route takes, and where a page shows no button for its document it says why, with
 * the reason the route gives when asked anyway (issue 38: the acts page offered « Commander pour
 * 3,90 € » for companies whose list of acts the route refused with 422).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { services } from '@/domain/catalogue';
import { companyOrder } from '@/documents';
import { setDocumentServices } from '@/documents/services';
import { danoneFilingsInpi } from '@/documents/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import { createTestUser, openSiteTestDb, params, request, type TestUser } from '@/orders/testing';
import { subPageOf } from './index';

// The button places the order in the browser: here it only shows what it would post.
vi.mock('@/ui/orders/OrderButton', () => ({
  OrderButton: (p: { kind: string; siren: string; body?: unknown }) => (
    <button type="button" data-order={JSON.stringify({ kind: p.kind, body: p.body ?? null })}>
      Commander
    </button>
  ),
}));

const DANONE = '552032534';
const SIRENS = [DANONE, '356000000', '880878145', '883010316', '104049424'];
const ROUTES = [
  'actes-et-statuts',
  'annonces-bodacc',
  'brevets',
  'comptes-annuels',
  'liste-etablissements',
  'marques',
];

let site: Awaited<ReturnType<typeof openSiteTestDb>>;
let buyer: TestUser;

beforeAll(async () => {
  resetEnvForTests();
  site = await openSiteTestDb();
  await insertRegistryFixtures(site.handle.db);
  buyer = await createTestUser(site.handle.db, 'acheteur-actes@example.fr');
  // Danone's filings, none for the others (as the e2e run's INPI).
  setDocumentServices({ vies: null, inpi: danoneFilingsInpi, site: 'registre.test' });
});

afterAll(async () => {
  setDocumentServices(null);
  await site?.close();
});

async function renderPage(route: string, siren: string): Promise<string> {
  const page = subPageOf(route)!;
  const tree = await page.Page({
    params: Promise.resolve({ siren }),
    searchParams: Promise.resolve({}),
  });
  return renderToStaticMarkup(tree);
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function order(kind: string, siren: string, body: unknown) {
  const res = await kindOrderRoute.POST(
    request(`/api/${kind}/${siren}/order`, {
      method: 'POST',
      who: buyer,
      body: body ?? undefined,
    }),
    params({ kind, siren }),
  );
  const json = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, code: json.error?.code, message: json.error?.message };
}

describe('the per-company pages offer only what the order route takes', () => {
  it('every button is an order taken; every missing one is refused with the reason the page gives', async () => {
    const refused: string[] = [];
    let taken = 0;
    let explained = 0;
    for (const route of ROUTES) {
      const kind = services.find((s) => s.link === `/${route}`)?.orderKind;
      for (const siren of SIRENS) {
        const html = await renderPage(route, siren);
        for (const m of html.matchAll(/data-order="([^"]*)"/g)) {
          const o = JSON.parse(unescape(m[1]!)) as { kind: string; body: unknown };
          const r = await order(o.kind, siren, o.body);
          if (r.status === 201 || r.status === 200 || r.code === 'SAME_ORDER_PENDING') taken++;
          else refused.push(`/${route}/${siren} ${o.kind} : ${r.status} ${r.code} ${r.message}`);
        }
        const missing = /data-testid="order-unavailable">([^<]*)</.exec(html);
        if (kind && missing) {
          // The page's reason is the route's: asked anyway, the route refuses with it.
          const r = await order(kind, siren, undefined);
          expect(r.status, `/${route}/${siren}`).toBe(422);
          expect(r.code).toBe('DOCUMENT_UNAVAILABLE');
          expect(unescape(missing[1]!)).toContain(r.message);
          explained++;
        }
      }
    }
    expect(refused).toEqual([]);
    // Danone's filings (one public act, one set of accounts) and the pages' own documents.
    expect(taken).toBeGreaterThan(10);
    expect(explained).toBeGreaterThan(0);
  }, 300_000);

  it('says why, in French, when a company has nothing of the kind', async () => {
    const html = unescape(await renderPage('actes-et-statuts', '356000000'));
    const answer = await companyOrder(site.handle.db, 'acts-list', '356000000');
    expect(answer).toMatchObject({ orderable: false, sold: true });
    expect(html).toContain(
      'Le document « Liste des actes et dépôts publiés » ne peut pas être commandé pour cette entreprise.',
    );
    expect(html).not.toMatch(/data-order="[^"]*acts-list/);
  });
});
