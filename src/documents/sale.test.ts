/**
 * The one availability rule (src/documents/sale.ts), configured against not configured, kind by
 * kind, and the places it drives: the API's `kbis-available` and acts sections, the prices page,
 * the subscription's wording, the top bar's counters, a Kbis fetched from a simulated registry.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInfogreffeClient } from '@/clients/infogreffe/client';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { documentOffers } from '@/domain/catalogue/documents';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { startTestServer, type TestServer } from '@/server/testing';
import { visibleStats } from '@/ui/frame/rules';
import { soldHeaderStats } from '@/loaders/header-stats';
import { getCompanySectionApi } from '@/public-api/registry-handlers';
import { availability, generate } from './index';
import { documentSale, isSold, soldOffers, subscriptionText, unsoldOffers } from './sale';
import { setDocumentServices, type DocumentServices } from './services';

vi.mock('@/ui/orders/SubscribeButton', () => ({ SubscribeButton: () => null }));

const DANONE = '552032534';
const KBIS_PDF = Buffer.from('%PDF-1.7\n% Kbis du greffe de Paris\n%%EOF\n');
const PROVIDER_KINDS = [
  'kbis',
  'partial-dept-status',
  'ps-extracts',
  'ps-synthesis',
  'afdcc-diagnostics',
  'bank-of-france-quotations',
  'financial-outstandings',
  'patents-list',
  'patents',
  'company-agreements-list',
  'company-agreements',
  'acts',
  'balance-sheets',
];

let handle: DbHandle;
let registry: TestServer;

const none: Partial<DocumentServices> = {
  vies: null,
  inpi: null,
  greffe: null,
  banqueDeFrance: null,
  afdcc: null,
  site: 'registre.test',
};

beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
  registry = await startTestServer((req, res) => {
    if (
      req.url === `/entreprises/${DANONE}/documents/kbis` &&
      req.headers.authorization === 'Bearer k'
    ) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(KBIS_PDF);
    }
    res.writeHead(404);
    res.end();
  });
});
afterEach(() => setDocumentServices(none));
afterAll(async () => {
  setDocumentServices(null);
  await registry.close();
  await handle.close();
});

const withRegistry = () =>
  setDocumentServices({
    ...none,
    greffe: createInfogreffeClient({ baseUrl: registry.base, apiKey: 'k', timeoutMs: 2000 }),
  });

async function section(name: string) {
  const r = await getCompanySectionApi(handle.db, DANONE, name, new URLSearchParams());
  return {
    status: r.status,
    data: (r.body as { data: { data: Record<string, unknown> } }).data.data,
  };
}

describe('which kinds are sold', () => {
  it('sells our own kinds always, and an issuer’s kinds only when the issuer is connected', () => {
    setDocumentServices(none);
    for (const o of documentOffers()) {
      expect(isSold(o.kind), o.kind).toBe(!PROVIDER_KINDS.includes(o.kind));
    }
    withRegistry();
    for (const kind of ['kbis', 'partial-dept-status', 'ps-extracts', 'ps-synthesis']) {
      expect(isSold(kind), kind).toBe(true);
    }
    for (const kind of ['acts', 'afdcc-diagnostics', 'bank-of-france-quotations', 'patents']) {
      expect(isSold(kind), kind).toBe(false);
    }
  });

  it('names the kind and the issuer’s own way, without a price', () => {
    setDocumentServices(none);
    const kbis = documentSale('kbis')!;
    expect(kbis.sold).toBe(false);
    if (kbis.sold) return;
    expect(kbis.reason).toMatch(/^Le document « Extrait Kbis » n’est pas vendu sur ce site\. /);
    expect(kbis.reason).toMatch(/infogreffe\.fr.*monidenum\.fr.*identité numérique/s);
    expect(kbis.official.links.map((l) => l.href)).toEqual([
      'https://www.infogreffe.fr',
      'https://www.monidenum.fr',
      'https://data.inpi.fr',
    ]);
    expect(
      unsoldOffers()
        .map((u) => u.offer.kind)
        .sort(),
    ).toEqual([...PROVIDER_KINDS].sort());
  });
});

describe('the API sections', () => {
  it('kbis-available: false with the official way when the registries are not connected', async () => {
    setDocumentServices(none);
    const { status, data } = await section('kbis-available');
    expect(status).toBe(200);
    expect(data).toMatchObject({ available: false, sold_here: false, registered: true });
    expect(data.reason).toMatch(/« Extrait Kbis » n’est pas vendu sur ce site/);
    withRegistry();
    expect((await section('kbis-available')).data).toMatchObject({
      available: true,
      sold_here: true,
    });
  });

  it('acts, patents and stock markets name their source and say they are not loaded', async () => {
    setDocumentServices(none);
    for (const name of [
      'acts',
      'articles-of-incorporation',
      'acts-and-articles-of-incorporation',
    ]) {
      const { data } = await section(name);
      expect(data).toMatchObject({
        loaded: false,
        source: { url: `https://data.inpi.fr/entreprises/${DANONE}` },
      });
      expect(data).not.toHaveProperty('items');
    }
    for (const name of ['patents', 'stock-markets']) {
      const { data } = await section(name);
      expect(data).toMatchObject({
        loaded: false,
        source: { url: expect.stringMatching(/^https:/) },
      });
      expect(data).not.toHaveProperty('items');
    }
  });
});

describe('orders and files', () => {
  it('refuses an unsold kind before looking at the company, and delivers the registry’s Kbis once connected', async () => {
    setDocumentServices(none);
    expect(await availability(handle.db, 'kbis', DANONE)).toEqual({
      available: false,
      reason: expect.stringMatching(/« Extrait Kbis »/),
    });
    expect(await generate(handle.db, 'kbis', DANONE, {})).toMatchObject({
      ok: false,
      code: 'DOCUMENT_UNAVAILABLE',
    });
    withRegistry();
    expect(await availability(handle.db, 'kbis', DANONE)).toEqual({ available: true });
    const file = await generate(handle.db, 'kbis', DANONE, {});
    expect(file).toMatchObject({
      ok: true,
      value: { body: KBIS_PDF, contentType: 'application/pdf' },
    });
  });
});

describe('the prices page and the subscription', () => {
  async function pricesPage(): Promise<string> {
    const { default: Page } = await import('@/app/(commerce)/nos-tarifs/page');
    return renderToStaticMarkup(Page());
  }

  it('lists unsold kinds without a price, with where to get them', async () => {
    setDocumentServices(none);
    const html = await pricesPage();
    const [table, notSold] = html.split('data-testid="not-sold-list"');
    expect(table).not.toContain('Extrait Kbis<');
    expect(table).toContain('Extrait d’immatriculation RNE et Sirene');
    expect(notSold).toContain('<strong>Extrait Kbis</strong>');
    expect(notSold).toContain('https://www.infogreffe.fr');
    expect(notSold).not.toMatch(/\d,\d\d\s€/);
    expect(html).not.toMatch(/Kbis, actes, comptes annuels/);
    expect(subscriptionText(10)).toBe(
      'Téléchargements illimités de nos documents. Sans engagement : résiliable à tout moment depuis votre compte.',
    );
  });

  it('sells the Kbis with its price once the registries are connected', async () => {
    withRegistry();
    const html = await pricesPage();
    const table = html.split('data-testid="not-sold-list"')[0]!;
    expect(table).toMatch(/<strong>Extrait Kbis<\/strong>.*?4,90\s€/s);
    expect(soldOffers().some((o) => o.kind === 'kbis')).toBe(true);
    expect(subscriptionText(10)).toMatch(/10 documents officiels par mois parmi : extrait Kbis, /);
  });
});

describe('the top bar counters', () => {
  const stats = {
    docAvailable: 1200,
    searchableSiret: 300,
    verifiedCompanyProfile: 0,
    kbisAvailable: 9605,
  };
  const keys = [
    'docAvailable',
    'searchableSiret',
    'verifiedCompanyProfile',
    'kbisAvailable',
  ] as const;

  it('shows no Kbis counter when the Kbis is not sold, and never a zero', () => {
    setDocumentServices(none);
    expect(visibleStats(soldHeaderStats(stats)!, keys).map((s) => s.key)).toEqual([
      'docAvailable',
      'searchableSiret',
    ]);
    withRegistry();
    expect(visibleStats(soldHeaderStats(stats)!, keys)).toEqual([
      { key: 'docAvailable', value: 1200 },
      { key: 'searchableSiret', value: 300 },
      { key: 'kbisAvailable', value: 9605 },
    ]);
  });
});
