import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { getCompanyProfile, profileFromRow } from './company';
import { getComparison, parseComparedSirens } from './comparison';
import { getDirectorProfile, listRepresentatives, pickMainDirector } from './directors';
import { listEstablishments } from './establishments';
import { headlineYears, listFinancials, splitSeries } from './finances';
import { listNotices } from './notices';
import { submitOpposition } from '@/opposition/submit';
import { requestHidden, withDocument } from '@/opposition/testing';
import { getCompanyPageData } from './page-data';
import { visibleSections } from './sections';
import { listSimilarCompanies } from './similar';
import { insertRegistryFixtures } from './testing/fixtures';
import {
  COMPANY_SECTIONS,
  getCompanyApi,
  getCompanySectionApi,
  getDirectorApi,
} from '@/public-api/registry-handlers';
import { indexModel } from './index-pages';
import {
  parseSitemapFile,
  SIREN_RANGE,
  sitemapCompanies,
  sitemapDirectors,
  sitemapFileName,
  sitemapFiles,
} from './indexes';
import { openApiDocument } from '@/public-api/openapi';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
});
afterAll(async () => handle?.close());

const profileOf = async (siren: string) => {
  const r = await getCompanyProfile(handle.db, siren);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('company profile', () => {
  it('reads Danone with its computed identifiers', async () => {
    const p = await profileOf('552032534');
    expect(p.displayName).toBe('DANONE');
    expect(p.slug).toBe('danone');
    expect(p.vatNumber).toBe('FR27552032534');
    expect(p.headOfficeSiret).toBe('55203253400703');
    expect(p.eoriNumber).toBe('FR55203253400703');
    expect(p.legalForm.label).toMatch(/SA à conseil d'administration/);
    expect(p.naf.label).toBe('Activités des sièges sociaux');
    expect(p.rcs?.number).toBe('552032534 R.C.S. Paris');
    expect(p.headOffice?.address.lines).toEqual(['59 RUE LA FAYETTE', '75009 PARIS']);
    expect(p.sources.identity.label).toBe('INSEE Sirene');
  });

  it('pads short SIRENs, rejects bad keys and reports unknown ones', async () => {
    const bad = await getCompanyProfile(handle.db, '552032535');
    expect(bad).toMatchObject({ ok: false, code: 'INVALID_SIREN' });
    const short = await getCompanyProfile(handle.db, '12');
    expect(short).toMatchObject({ ok: false });
    const unknown = await getCompanyProfile(handle.db, '732829320');
    expect(unknown).toMatchObject({ ok: false, code: 'COMPANY_NOT_FOUND' });
    expect((await getCompanyProfile(handle.db, 'abc')).ok).toBe(false);
  });

  it('never exposes a protected natural person (300025764)', async () => {
    const p = await profileOf('300025764');
    expect(p.protected).toBe(true);
    expect(p.name).toBeNull();
    expect(p.displayName).toMatch(/non diffusible/);
    expect(p.headOffice?.address.lines).toEqual(['RENNES']);
    expect(p.headOffice?.signs).toEqual([]);
    expect(JSON.stringify(p)).not.toMatch(/\[ND\]|NON-DIFFUSIBLE/);
    const reps = await listRepresentatives(handle.db, p);
    expect(reps).toEqual([]);
  });

  it('builds a protected profile from an [ND] establishment row alone (005572466)', async () => {
    const p = await profileOf('5572466');
    expect(p.siren).toBe('005572466');
    expect(p.displayName).toBe('Entreprise (identité non diffusible)');
    expect(p.headOffice?.address.lines).toEqual(['LE CROISIC']);
    expect(p.active).toBe(false);
    expect(JSON.stringify(p)).not.toMatch(/\[ND\]/);
  });

  it('masks a name stored for a protected natural person, keeps the commune', () => {
    const p = profileFromRow(
      {
        siren: '300025764',
        diffusion: 'P',
        name: 'PRENOM NOM',
        sigle: null,
        other_names: ['NOM'],
        is_natural_person: true,
        last_name: 'NOM',
        usage_name: null,
        first_names: 'PRENOM',
        legal_form_code: '1000',
        naf_code: '68.20A',
        naf_version: null,
        status: 'A',
        creation_date: null,
        ceased_date: null,
        headcount_band: null,
        headcount_year: null,
        category: null,
        category_year: null,
        ess: null,
        mission_company: null,
        employer: null,
        head_office_nic: null,
        capital_amount: null,
        capital_currency: null,
        rcs_court: null,
        rcs_registration_date: null,
        rcs_strike_off_date: null,
        stated_establishments: null,
        stated_open_establishments: null,
        activity_description: 'x',
        open_establishments: 1,
        field_sources: {},
        sirene_updated_at: null,
        head_office_address: null,
        opposed: false,
      },
      null,
    );
    expect(JSON.stringify(p)).not.toMatch(/NOM/);
  });

  it('lists establishments with the open/closed filter', async () => {
    const p = await profileOf('552032534');
    const all = await listEstablishments(handle.db, p);
    expect(all.total).toBe(2);
    expect(all.items[0]?.isHeadOffice).toBe(true);
    const closed = await listEstablishments(handle.db, p, { filter: 'closed' });
    expect(closed.items.map((e) => e.siret)).toEqual(['55203253400646']);
    expect(closed.items[0]?.address.lines).toEqual(['17 BOULEVARD HAUSSMANN', '75009 PARIS']);
  });
});

describe('directors', () => {
  it('picks the main director by the priority list and never an auditor', async () => {
    const p = await profileOf('552032534');
    const reps = await listRepresentatives(handle.db, p);
    expect(reps).toHaveLength(4);
    expect(pickMainDirector(reps)?.name).toBe('Antoine BERNARD DE SAINT AFFRIQUE');
    expect(reps.find((r) => r.kind === 'company')?.name).toBe('ERNST & YOUNG AUDIT');
    expect(pickMainDirector(reps.filter((r) => r.kind === 'company'))?.kind).toBe('company');
  });

  it('gives birth month and year only', async () => {
    const reps = await listRepresentatives(handle.db, await profileOf('552032534'));
    const a = reps.find((r) => r.lastName === 'BERNARD DE SAINT AFFRIQUE');
    expect(a?.birth).toEqual({ year: 1964, month: 12, label: 'décembre 1964' });
    expect(JSON.stringify(reps)).not.toMatch(/1964-12-\d\d/);
  });

  it('groups one person across companies and links through shared directors', async () => {
    const r = await getDirectorProfile(handle.db, 't-880878145-1');
    if (!r.ok) throw new Error(r.message);
    expect(r.value.name).toBe('Xavier Marie Erwan JOUPPE');
    expect(r.value.mandates.map((m) => m.siren).sort()).toEqual(['104049424', '880878145']);
    expect(r.value.birth?.label).toBe('février 1990');
  });

  it('does not merge a person without birth month with homonyms', async () => {
    const r = await getDirectorProfile(handle.db, 't-883010316-1');
    expect(r.ok && r.value.mandates).toHaveLength(1);
    expect((await getDirectorProfile(handle.db, 'nope')).ok).toBe(false);
  });
});

describe('sections', () => {
  it('reads Danone accounts in two series, computes margins, drops source quirks', async () => {
    const years = await listFinancials(handle.db, '552032534');
    expect(years.length).toBeGreaterThan(3);
    const series = splitSeries(years);
    expect(series.map((s) => s.kind)).toEqual(['company', 'consolidated']);
    expect(series[0]!.years.every((y) => y.accountsType !== 'K')).toBe(true);
    const y2018 = years.find((y) => y.fiscalYear === 2018 && y.series === 'consolidated')!;
    expect(y2018.revenue).toBe(24812000000);
    expect(y2018.netResult).toBe(2559000000);
    expect(y2018.netMargin).toBe(10.3);
    // the dataset's EBITDA equal to revenue is a source quirk, not shown as a 100 % margin
    expect(y2018.ebitda).toBeNull();
    expect(y2018.notes[0]).toMatch(/égal au chiffre d'affaires/);
    // a 0 EUR net result on 21.9 bn of revenue is "not given", not a figure
    const y2016 = years.find((y) => y.fiscalYear === 2016)!;
    expect(y2016.netResult).toBeNull();
    expect(headlineYears(years).find((y) => y.fiscalYear === 2021)?.series).toBe('company');
  });

  it('lists BODACC notices newest first', async () => {
    const n = await listNotices(handle.db, await profileOf('880878145'));
    expect(n.total).toBe(3);
    expect(n.items.map((i) => i.familyLabel)).toEqual([
      'Radiation',
      'Dépôt des comptes',
      'Dépôt des comptes',
    ]);
  });

  it('finds similar companies in the same class and department', async () => {
    const s = await listSimilarCompanies(handle.db, await profileOf('880878145'));
    expect(s.map((c) => c.siren)).toEqual(['104049424']);
  });

  it('loads every section and applies the show rules', async () => {
    const page = await getCompanyPageData(handle.db, '552032534');
    if (!page.ok) throw new Error(page.message);
    const ids = visibleSections(page.value).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['identite', 'dirigeants', 'finances', 'annonces']));
    expect(ids).not.toContain('scores');
    expect(ids).not.toContain('marques');
    expect(page.value.mainDirector?.role).toBe('Directeur Général');
  });

  it('compares companies from a shareable list', async () => {
    expect(parseComparedSirens('552032534, 356000000,552032534,1,2,3')).toEqual([
      '552032534',
      '356000000',
      '000000001',
      '000000002',
    ]);
    const c = await getComparison(handle.db, ['552032534', '356000000', '732829320']);
    expect(c.companies.map((x) => x.profile.siren)).toEqual(['552032534', '356000000']);
    expect(c.missing).toEqual(['732829320']);
    expect(c.years[0]).toBeGreaterThan(2015);
  });
});

describe('API', () => {
  const q = new URLSearchParams();
  it('wraps data in data.data and answers errors with a code', async () => {
    const ok = await getCompanyApi(handle.db, '552032534', q);
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { data: { vatNumber: string } } }).data.data.vatNumber).toBe(
      'FR27552032534',
    );
    expect(await getCompanyApi(handle.db, '552032535', q)).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_SIREN' } },
    });
    expect(await getCompanyApi(handle.db, '1234567890', q)).toMatchObject({ status: 400 });
    expect(await getCompanyApi(handle.db, '732829320', q)).toMatchObject({
      status: 404,
      body: { error: { code: 'COMPANY_NOT_FOUND' } },
    });
    const pay = await getCompanyApi(
      handle.db,
      '552032534',
      new URLSearchParams('load_payment_data_only=true'),
    );
    expect(Object.keys((pay.body as { data: { data: object } }).data.data)).toContain('vat_number');
  });

  it('serves every section of spec section 7, never a 500', async () => {
    for (const section of COMPANY_SECTIONS) {
      const r = await getCompanySectionApi(handle.db, '552032534', section, q);
      expect(r.status, section).toBe(200);
    }
    expect((await getCompanySectionApi(handle.db, '552032534', 'nope', q)).status).toBe(404);
    const reps = await getCompanySectionApi(handle.db, '300025764', 'representatives', q);
    expect(JSON.stringify(reps.body)).not.toMatch(/\[ND\]|NON-DIFFUSIBLE/);
  });

  it('serves director profiles and their identity with month and year only', async () => {
    const r = await getDirectorApi(handle.db, 't-552032534-1', 'personal');
    expect(r.status).toBe(200);
    expect((r.body as { data: { data: { birth: object } } }).data.data.birth).toEqual({
      year: 1964,
      month: 12,
      label: 'décembre 1964',
    });
    expect((await getDirectorApi(handle.db, 'unknown', 'profile')).status).toBe(404);
  });

  it('documents every API route in OpenAPI', () => {
    const documented = Object.keys(openApiDocument('https://example.fr').paths).sort();
    // The route files themselves, route groups included: a new route without its documentation
    // fails here. URL: groups `(x)` stripped, `[x]` → `{x}`, an optional catch-all `[[...x]]`
    // both without and with its segment.
    const NON_API = [
      '/sanctum/csrf-cookie',
      '/register', // POST rewritten to /api/account/register by src/proxy.ts
      '/login',
      '/forgot-password',
      '/reset-password',
      '/logout',
      '/orders/{id}/download',
      '/orders/{id}/download/word',
      '/pre-orders/{id}/download',
    ];
    const routes = readdirSync('src/app', { recursive: true, encoding: 'utf8' })
      .filter((f) => path.basename(f) === 'route.ts')
      .map((f) =>
        `/${path.dirname(f)}`
          .split(path.sep)
          .join('/')
          .replace(/\/\([^)]+\)/g, '')
          .replace(/\[([.\w]+)\]/g, '{$1}'),
      )
      .flatMap((r) => {
        const optional = /^(.*)\/\[\{\.\.\.(\w+)\}\]$/.exec(r);
        return optional ? [optional[1]!, `${optional[1]}/{${optional[2]}}`] : [r];
      })
      .filter((r) => r.startsWith('/api/') || NON_API.includes(r))
      .concat(NON_API.filter((r) => ['/register', '/login', '/forgot-password'].includes(r)))
      // Not documented: the document itself, and the web server's own internal call
      // (/api/internal/revalidate, 404 without its token).
      .filter((r) => !/^\/api\/(openapi\.json|internal)(\/|$)/.test(r))
      .flatMap((r) =>
        r.endsWith('/{...section}')
          ? COMPANY_SECTIONS.map((sec) => r.replace('{...section}', sec))
          : [r],
      )
      .sort();
    expect(documented).toEqual(routes);
  });
});

describe('indexes and sitemaps', () => {
  it('lists companies by class and by department, protected people left out', async () => {
    const bySector = await indexModel(handle.db, 'entreprises', 'secteur', { subclass: '62.02A' });
    expect(bySector.links.map((l) => l.label)).toEqual(['ARCTURUS']); // GANYMEDE is struck off
    const byDept = await indexModel(handle.db, 'entreprises', 'departement', { department: '35' });
    expect(byDept.links).toEqual([]);
    const directors = await indexModel(handle.db, 'dirigeants', 'departement', {
      department: '75',
    });
    expect(
      directors.links.some((l) => l.label === 'Xavier JOUPPE' || l.label.includes('JOUPPE')),
    ).toBe(true);
    expect((await indexModel(handle.db, 'entreprises', 'secteur', {})).links).toHaveLength(21);
  });

  it('accepts a NAF division or a section letter as code, and says when the code is unknown', async () => {
    const division = await indexModel(handle.db, 'entreprises', 'secteur', { code: '10' });
    expect(division.title).toBe('Entreprises de la division « Industries alimentaires » (10)');
    expect(division.notFound).toBeFalsy();
    expect(division.links.length).toBeGreaterThan(10);
    expect(division.links.every((l) => /^10\.\d{2}[A-Z] — /.test(l.label))).toBe(true);
    expect(division.crumbs.map((c) => c.label)).toContain('Industrie manufacturière');
    const section = await indexModel(handle.db, 'dirigeants', 'secteur', { code: 'c' });
    expect(section.title).toMatch(/^Dirigeants du secteur « Industrie manufacturière »/);
    for (const code of ['00', '100', 'ZZ'])
      expect(await indexModel(handle.db, 'entreprises', 'secteur', { code })).toMatchObject({
        notFound: true,
        title: "Entreprises par secteur d'activité",
      });
  });

  it('builds sitemaps by key range, without protected names', async () => {
    const files = await sitemapFiles(handle.db);
    const companyRanges = files.flatMap((f) => (f.kind === 'entreprises' ? [f.range] : []));
    const danoneRange = Math.floor(552032534 / SIREN_RANGE);
    expect(companyRanges).toContain(danoneRange);
    expect(companyRanges).toEqual([...companyRanges].sort((a, b) => a - b));
    const companyUrls: string[] = [];
    for (const range of companyRanges)
      companyUrls.push(...(await sitemapCompanies(handle.db, range)).map((u) => u.path));
    expect(companyUrls).toContain('/entreprises/552032534/danone');
    expect(companyUrls.some((u) => u.includes('300025764'))).toBe(false);
    expect(new Set(companyUrls).size).toBe(companyUrls.length);
    expect(await sitemapCompanies(handle.db, danoneRange + 1)).not.toContainEqual(
      expect.objectContaining({ path: '/entreprises/552032534/danone' }),
    );

    const directorFiles = files.flatMap((f) => (f.kind === 'dirigeants' ? [f] : []));
    expect(directorFiles).toEqual([{ kind: 'dirigeants', ranges: 1, range: 0 }]);
    const people = (await sitemapDirectors(handle.db, 1, 0)).map((u) => u.path);
    expect(people.length).toBeGreaterThan(0);
    expect(people.some((u) => u.includes('dubigny'))).toBe(false); // no birth month: no profile
    // Split into ranges, the same people appear once each.
    const split: string[] = [];
    for (let range = 0; range < 7; range++)
      split.push(...(await sitemapDirectors(handle.db, 7, range)).map((u) => u.path));
    expect(split.sort()).toEqual([...people].sort());
  });

  it('names and parses sitemap files, and refuses files that cannot exist', () => {
    for (const f of [
      { kind: 'entreprises', range: 1380 },
      { kind: 'dirigeants', ranges: 12, range: 11 },
    ] as const)
      expect(parseSitemapFile(sitemapFileName(f))).toEqual(f);
    for (const bad of [
      'entreprises-2500.xml',
      'dirigeants-3.xml',
      'dirigeants-12-12.xml',
      'dirigeants-0-0.xml',
      'entreprises-1.json',
      '../entreprises-1.xml',
    ])
      expect(parseSitemapFile(bad)).toBeNull();
  });
});

describe('opposition', () => {
  it('rejects incomplete requests', async () => {
    const proof = withDocument();
    expect(await submitOpposition(handle.db, { kind: 'company', email: 'x' }, proof)).toMatchObject(
      { ok: false },
    );
    expect(
      await submitOpposition(handle.db, { kind: 'company', email: 'a@b.fr' }, proof),
    ).toMatchObject({ ok: false });
  });

  it('honours an accepted request: the person disappears from pages', async () => {
    const before = await listRepresentatives(handle.db, await profileOf('552032534'));
    expect(before.some((r) => r.lastName === 'SCHNEPP')).toBe(true);
    const res = await requestHidden(handle.db, {
      kind: 'person',
      directorId: 't-552032534-2',
      email: 'demande@example.fr',
    });
    expect(res.status).toBe('accepted');
    const after = await listRepresentatives(handle.db, await profileOf('552032534'));
    expect(after.some((r) => r.lastName === 'SCHNEPP')).toBe(false);
    expect((await getDirectorProfile(handle.db, 't-552032534-2')).ok).toBe(false);
  });

  it('finds the person from the identity typed in the form', async () => {
    const res = await requestHidden(handle.db, {
      kind: 'person',
      lastName: 'Picaud (Roaux)',
      firstNames: 'Géraldine',
      birthMonth: '02/1970',
      email: 'g@example.fr',
    });
    expect(res.status).toBe('accepted');
    const reps = await listRepresentatives(handle.db, await profileOf('552032534'));
    expect(reps.some((r) => r.lastName?.startsWith('PICAUD'))).toBe(false);
  });

  it('hides an entrepreneur who opposed, as under partial diffusion', async () => {
    expect((await profileOf('883010316')).name).toBe('RAPHAEL DUBIGNY');
    expect(
      (
        await requestHidden(handle.db, {
          kind: 'company',
          siren: '883 010 316',
          email: 'r@example.fr',
        })
      ).status,
    ).toBe('accepted');
    const p = await profileOf('883010316');
    expect(p.name).toBeNull();
    expect(p.protectionReason).toBe('opposition');
    expect(p.headOffice?.address.lines).toEqual(['GAGNY']);
    expect(p.headOffice?.signs).toEqual([]);
  });
});
