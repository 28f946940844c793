/**
 * The company page's « Documents » section and the order pages it links to, on the real sample:
 * which kinds are deliverable for Danone, for an individual entrepreneur and for a struck-off
 * company (the availability seam decides, nothing else), the section's place among the page's
 * sections and its honest empty state, and the choices the order pages offer for the kinds that
 * take a payload.
 */
import { sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { documentOffers } from '@/domain/catalogue/documents';
import { seedIfEmpty } from '@/ingest/seed';
import { failure, success } from '@/lib/errors';
import { getCompanyPageData } from '@/registry/page-data';
import { sectionOrders, visibleSections } from '@/registry/sections';
import { DocumentsSection } from '@/ui/company/DocumentsSection';
import { availability, companyDocuments, orderPage } from './index';
import { setDocumentServices } from './services';
import { danoneFilingsInpi } from './testing';

const DANONE = '552032534';
const ENTREPRENEUR = '883010316';
const STRUCK_OFF = '880878145';

/** The kinds the issue found without a buy button, made by our generators from the sample. */
const OWN_KINDS_FOR_DANONE = [
  'company-summary',
  'rne-extracts',
  'modification-history',
  'social-information-list',
  'representative-synthesis',
  'collective-agreements',
  'solvency-scores',
  'key-figures',
  'director-report',
  'letters',
];
const FINANCE_KINDS = [
  'key-figures',
  'financial-diagnostics',
  'solvency-scores',
  'pole-score-grades',
];

/** INPI's RNE API as the e2e run plays it: Danone's filings. */
const fakeInpi = danoneFilingsInpi;

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
  await seedIfEmpty(handle);
}, 400_000);

afterAll(async () => {
  setDocumentServices(null);
  await handle?.close();
});

const kindsOf = async (siren: string) =>
  (await companyDocuments(handle.db, siren)).map((d) => d.kind);

/** What the seam itself says, kind by kind: the section must list exactly these. */
async function deliverableBySeam(siren: string) {
  const out: string[] = [];
  for (const o of documentOffers()) {
    if (o.kind === 'custom-document') continue;
    if ((await availability(handle.db, o.kind, siren)).available) out.push(o.kind);
  }
  return out;
}

describe('the kinds the « Documents » section lists', () => {
  it('are, for each company, exactly what the availability seam says (no second rule)', async () => {
    setDocumentServices({ vies: null, inpi: fakeInpi, site: 'registre.test' });
    for (const siren of [DANONE, ENTREPRENEUR, STRUCK_OFF]) {
      expect(await kindsOf(siren)).toEqual(await deliverableBySeam(siren));
    }
  });

  it('for Danone: every document our generators make from its data, with price, formats and order page', async () => {
    setDocumentServices({ vies: null, inpi: null, site: 'registre.test' });
    const docs = await companyDocuments(handle.db, DANONE);
    const kinds = docs.map((d) => d.kind);
    for (const k of [...OWN_KINDS_FOR_DANONE, 'establishments-list', 'financial-diagnostics'])
      expect(kinds).toContain(k);
    // Issued only by a third party we are not connected to, or without data for Danone (the
    // sample holds no BODACC notice and no brand of Danone: no single notice or brand to sell).
    for (const k of [
      'kbis',
      'patents',
      'patents-list',
      'bank-of-france-quotations',
      'brands',
      'commercial-advertisements',
    ])
      expect(kinds).not.toContain(k);
    // Filed deeds and accounts come from INPI: not without its access, yes with it.
    expect(kinds).not.toContain('acts');
    expect(kinds).not.toContain('custom-document');
    setDocumentServices({ vies: null, inpi: fakeInpi, site: 'registre.test' });
    expect(await kindsOf(DANONE)).toEqual(expect.arrayContaining(['acts', 'balance-sheets']));

    const summary = docs.find((d) => d.kind === 'company-summary')!;
    expect(summary).toMatchObject({
      label: expect.any(String),
      priceCents: expect.any(Number),
      href: `/documents/entreprise/${DANONE}/company-summary`,
    });
    expect(summary.formats.length).toBeGreaterThan(0);
  });

  it('for an individual entrepreneur: no accounts, so no financial document', async () => {
    setDocumentServices({ vies: null, inpi: fakeInpi, site: 'registre.test' });
    const kinds = await kindsOf(ENTREPRENEUR);
    expect(kinds).toContain('sirene-situations');
    for (const k of [...FINANCE_KINDS, 'acts', 'balance-sheets', 'collective-agreements'])
      expect(kinds).not.toContain(k);
  });

  it('for a struck-off company: its BODACC filings and notices, no accounts', async () => {
    setDocumentServices({ vies: null, inpi: fakeInpi, site: 'registre.test' });
    const kinds = await kindsOf(STRUCK_OFF);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'acts-list',
        'commercial-advertisements-list',
        'commercial-advertisements',
        'modification-history',
      ]),
    );
    for (const k of FINANCE_KINDS) expect(kinds).not.toContain(k);
  });
});

describe('the section on the company page', () => {
  it('shows for every company and links each section’s own documents', async () => {
    setDocumentServices({ vies: null, inpi: null, site: 'registre.test' });
    const documents = (s: string) => companyDocuments(handle.db, s);
    const danone = await getCompanyPageData(handle.db, DANONE, { documents });
    expect(danone.ok).toBe(true);
    if (!danone.ok) return;
    expect(visibleSections(danone.value).map((s) => s.id)).toContain('documents');
    const hrefs = (id: Parameters<typeof sectionOrders>[0]) =>
      sectionOrders(id, danone.value).map((d) => d.href);
    expect(hrefs('etablissements')).toEqual([
      `/documents/entreprise/${DANONE}/establishments-list`,
    ]);
    expect(hrefs('finances')).toEqual([
      `/documents/entreprise/${DANONE}/key-figures`,
      `/documents/entreprise/${DANONE}/financial-diagnostics`,
    ]);
    expect(hrefs('dirigeants')).toEqual([
      `/documents/entreprise/${DANONE}/representative-synthesis`,
      `/documents/entreprise/${DANONE}/director-report`,
    ]);
    // No notice of Danone in the sample: the list (which says so), not a single notice.
    expect(hrefs('annonces')).toEqual([
      `/documents/entreprise/${DANONE}/commercial-advertisements-list`,
    ]);

    const entrepreneur = await getCompanyPageData(handle.db, ENTREPRENEUR, { documents });
    if (!entrepreneur.ok) throw new Error('entrepreneur');
    expect(visibleSections(entrepreneur.value).map((s) => s.id)).toContain('documents');
    expect(sectionOrders('finances', entrepreneur.value)).toEqual([]);
  });

  it('reads each statement once: the documents’ checks share the page’s reads', async () => {
    // Every statement sent to the database while the page's data is loaded, by its text.
    const client = (handle.pool ?? handle.pglite) as unknown as {
      query: (...args: unknown[]) => unknown;
    };
    const query = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      sent.push(typeof q === 'string' ? q : q.text);
      return query.apply(this, args);
    };
    let page;
    try {
      page = await getCompanyPageData(handle.db, STRUCK_OFF, {
        documents: (s, db) => companyDocuments(db, s),
      });
    } finally {
      client.query = query;
    }
    // The same documents as the section's own reads give.
    expect(page.ok && page.value.documents).toEqual(
      success(await companyDocuments(handle.db, STRUCK_OFF)),
    );
    const counts = new Map<string, number>();
    for (const text of sent) counts.set(text, (counts.get(text) ?? 0) + 1);
    // The profile once (it was read by the page, then by each of the 24 kinds' checks), each
    // section's statement once, the notices' list once (the checks read its families only).
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sent.filter((t) => /FROM notices n LEFT JOIN/.test(t))).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(16);
  });

  it('prints kinds, prices, formats and plain links; an honest sentence when nothing can be sold', () => {
    const html = renderToStaticMarkup(
      <DocumentsSection
        name="DANONE"
        documents={success([
          {
            kind: 'key-figures',
            label: 'Chiffres clés',
            priceCents: 290,
            formats: ['pdf', 'xlsx', 'csv'],
            href: `/documents/entreprise/${DANONE}/key-figures`,
          },
        ])}
      />,
    );
    expect(html).toContain('Chiffres clés');
    expect(html).toContain('PDF, Excel (XLSX), CSV');
    expect(html).toMatch(/2,90\s€/);
    expect(html).toContain(`href="/documents/entreprise/${DANONE}/key-figures"`);
    // Plain links to order pages; the only button is « Signaler une erreur » (src/error-reports).
    expect(
      html.replace(/<button[^>]*data-testid="report-open"[^>]*>[^<]*<\/button>/, ''),
    ).not.toContain('<button');

    const none = renderToStaticMarkup(<DocumentsSection name="X" documents={success([])} />);
    expect(none).toContain('Aucun document de notre catalogue ne peut être produit');
    const failed = renderToStaticMarkup(
      <DocumentsSection name="X" documents={failure('SOURCE_UNAVAILABLE')} />,
    );
    expect(failed).toContain('id="documents"');
    expect(failed).not.toContain('<table');
  });
});

describe('the order page of a kind for a company', () => {
  it('offers one button per choice for the kinds that take a payload', async () => {
    setDocumentServices({ vies: null, inpi: fakeInpi, site: 'registre.test' });
    const page = async (kind: string) => {
      const r = await orderPage(handle.db, kind, DANONE);
      if (!r.ok) throw new Error(`${kind}: ${r.code}`);
      return r.value;
    };
    const summary = await page('company-summary');
    expect(summary).toMatchObject({ unavailable: null, choices: null });
    expect(summary.company).toEqual({
      siren: DANONE,
      name: 'DANONE',
      href: `/entreprises/${DANONE}/danone`,
    });

    const directors = await page('director-report');
    expect(directors.choices!.length).toBeGreaterThan(0);
    for (const c of directors.choices!)
      expect(c.endpoint).toMatch(new RegExp(`^/api/director-report/${DANONE}/order/[1-9]\\d*$`));

    const letters = await page('letters');
    expect(letters.choices!.map((c) => c.body)).toContainEqual({
      type: 'mise-en-demeure-de-payer',
    });

    const notices = await orderPage(handle.db, 'commercial-advertisements', STRUCK_OFF);
    if (!notices.ok) throw new Error('notices');
    expect(notices.value.choices!.length).toBeGreaterThan(0);
    expect(notices.value.choices![0]!.body).toEqual({
      commercial_advertisement_id: notices.value.choices![0]!.key,
    });

    // A brand by its number, for a company that holds some (none does in the sample: one is
    // planted for La Poste).
    await handle.db.execute(
      sql`INSERT INTO brands (application_number, siren, name, status, filing_date)
          VALUES ('4999999', '356000000', 'MARQUE TEST', 'Enregistrée', '2020-01-02')
          ON CONFLICT DO NOTHING`,
    );
    const row = { siren: '356000000', application_number: '4999999' };
    const brands = await orderPage(handle.db, 'brands', row.siren);
    if (!brands.ok) throw new Error('brands');
    expect(brands.value.unavailable).toBeNull();
    expect(brands.value.choices!.map((c) => c.body)).toContainEqual({
      brand_number: row.application_number,
    });

    // Only INPI's public deeds, by their filing number.
    const acts = await page('acts');
    expect(acts.choices!.map((c) => c.body)).toEqual([
      { filing_number: 'acte-1', provider: 'inpi' },
    ]);
  });

  it('says why a kind cannot be ordered, and answers NOT_FOUND for what does not exist', async () => {
    setDocumentServices({ vies: null, inpi: null, site: 'registre.test' });
    const kbis = await orderPage(handle.db, 'kbis', DANONE);
    expect(kbis.ok && kbis.value.unavailable).toMatch(/greffe/);
    expect(kbis.ok && kbis.value.choices).toBeNull();
    expect(await orderPage(handle.db, 'not-a-kind', DANONE)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await orderPage(handle.db, 'custom-document', DANONE)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await orderPage(handle.db, 'key-figures', '999999999')).toMatchObject({ ok: false });
    expect(await orderPage(handle.db, 'key-figures', 'abc')).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
  });
});
