/**
 * Data truth (issue 16, parts 2–8): what the read models serve must be what the real sample files
 * state. Each block is a class of error an audit found, checked on every record of the sample
 * that can show it (not only the named cases), on PGlite and PostgreSQL alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { listAgreements } from '@/registry/brands';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { stateText } from '@/documents/generators/common';
import { getCompanyProfile, type CompanyProfile } from '@/registry/company';
import { ACTIVE_COMPANY, COMPANY_STATE } from '@/domain/sql-fragments';
import { companyDescription } from '@/seo/company-metadata';
import { listCompanyLabels } from '@/registry/company-labels';
import { listRepresentatives, pickMainDirector } from '@/registry/directors';
import { listEstablishments } from '@/registry/establishments';
import { headlineYears, listFinancials } from '@/registry/finances';
import { listNotices } from '@/registry/notices';
import { getCompanyPageData } from '@/registry/page-data';
import { visibleSections } from '@/registry/sections';
import { getCompanySectionApi } from '@/public-api/registry-handlers';
import { searchCompanies } from '@/search/companies';
import { EMPTY_FILTERS } from '@/search/filters';
import { refreshSearchIndex } from '@/search/indexer';
import { loadReferenceTables } from './reference/load';
import { rows, run, sample } from './testing';

type Result = Record<string, unknown> & {
  siren: string;
  nombre_etablissements?: number;
  nombre_etablissements_ouverts?: number;
  complements?: Record<string, unknown> | null;
  siege?: Record<string, unknown>;
  dirigeants?: Array<Record<string, unknown>>;
};

/** Every result of every recherche-entreprises answer of the sample, the newest per SIREN. */
function answers(): Map<string, Result> {
  const out = new Map<string, Result>();
  const dir = sample('recherche-entreprises');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as {
      result: { results: Result[] };
    };
    for (const r of doc.result.results) {
      const prev = out.get(r.siren);
      if (!prev || String(r.date_mise_a_jour ?? '') >= String(prev.date_mise_a_jour ?? ''))
        out.set(r.siren, r);
    }
  }
  return out;
}

/** Every answer date (date_mise_a_jour) per SIREN, over all the files. */
const DATES = new Map<string, string[]>();
for (const f of readdirSync(sample('recherche-entreprises')))
  for (const r of (
    JSON.parse(readFileSync(sample(`recherche-entreprises/${f}`), 'utf8')) as {
      result: { results: Result[] };
    }
  ).result.results)
    DATES.set(r.siren, [...(DATES.get(r.siren) ?? []), String(r.date_mise_a_jour).slice(0, 10)]);

const ISSUES = ['RCS-A_BXA20200080.xml.gz', 'RCS-A_BXA20200166.xml.gz'];
const RESULTS = answers();
let db: DbHandle;

async function profile(siren: string): Promise<CompanyProfile> {
  const l = await getCompanyProfile(db.db, siren);
  if (!l.ok) throw new Error(`${siren}: ${l.message}`);
  return l.value;
}

beforeAll(async () => {
  db = await createTestDb();
  await loadReferenceTables(db);
  const dir = sample('recherche-entreprises');
  for (const f of readdirSync(dir).sort()) await run(db, 'recherche-entreprises', `${dir}/${f}`);
  for (const f of ISSUES) await run(db, 'bodacc', sample(`bodacc/${f}`));
  await run(db, 'bodacc', sample('bodacc/bodacc-opendatasoft-880878145.json'));
  await run(db, 'ratios', sample('finances/ratios-inpi-bce-552032534.json'));
  await run(db, 'idcc', sample('idcc/idcc-metadata.json'));
  await run(db, 'idcc', sample('idcc/siret-idcc-356000000.json'));
  await refreshSearchIndex(db.db);
}, 240_000);
afterAll(async () => db?.close());

describe('2. establishment counts are the source’s', () => {
  it('shows the totals the source states, for every company of the sample', async () => {
    let checked = 0;
    for (const [siren, r] of RESULTS) {
      if (typeof r.nombre_etablissements !== 'number') continue;
      const p = await profile(siren);
      expect(p.establishmentCounts, siren).toMatchObject({
        total: r.nombre_etablissements,
        open: r.nombre_etablissements_ouverts,
      });
      expect(p.establishmentCounts.source?.date, siren).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
    expect((await profile('217500016')).establishmentCounts).toMatchObject({
      total: 3026,
      open: 2917,
    });
    expect((await profile('356000000')).establishmentCounts.total).toBe(13117);
    expect((await profile('200030674')).establishmentCounts.total).toBe(30);
  });

  it('says when the list holds only part of them', async () => {
    const p = await profile('356000000');
    const page = await listEstablishments(db.db, p);
    expect(page.stated).toMatchObject({ total: 13117, open: 9085 });
    expect(page.openCount + page.closedCount).toBeLessThan(13117);
  });

  it(
    'gives search results and the page the same state, counts and main director, for every company',
    { timeout: 600_000 },
    async () => {
      // One read model answers both (issue 16, part 7): La Poste showed 9 085 establishments and
      // Philippe LEMOINE in the results, 4 and Antoine SAINTOYANT on the page; a struck-off company
      // was « Cessée » in the results, an empty record « Active ».
      const sirens = await rows<{ siren: string }>(
        db,
        'SELECT siren FROM search_companies ORDER BY siren',
      );
      const states = new Set<string>();
      for (const [i, { siren }] of sirens.entries()) {
        // In-process PGlite answers without leaving the microtask queue: without a turn of the
        // event loop now and then, 15,000 companies starve the worker's messages to Vitest
        // (« Timeout calling "onTaskUpdate" » on a loaded machine).
        if (i % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
        // The page's own profile (getCompanyPageData reads it first): read once, not twice.
        const page = await getCompanyPageData(db.db, siren);
        if (!page.ok) throw new Error(siren);
        const p = page.value.profile;
        const r = await searchCompanies(db.db, { q: siren, filters: EMPTY_FILTERS });
        if (!r.ok) throw new Error(r.message);
        const hit = r.value.results.find((x) => x.siren === siren)!;
        expect(hit, siren).toBeDefined();
        expect([hit.state, hit.stateLabel], siren).toEqual([p.state, p.stateLabel]);
        expect(hit.openEstablishments, siren).toBe(p.openEstablishments);
        const main = page.value.mainDirector;
        expect(hit.mainDirector, siren).toEqual(main ? { name: main.name, role: main.role } : null);
        states.add(p.state);
      }
      expect(sirens.length).toBeGreaterThan(1000);
      // Every state occurs in the sample, so each branch of the SQL twin is compared.
      expect([...states].sort()).toEqual(['active', 'ceased', 'struck-off', 'unknown']);
      const laPoste = await searchCompanies(db.db, { q: '356000000', filters: EMPTY_FILTERS });
      expect(laPoste.ok && laPoste.value.results[0]?.openEstablishments).toBe(9085);
      const empty = await searchCompanies(db.db, { q: '123456789', filters: EMPTY_FILTERS });
      expect(empty.ok && empty.value.results[0]?.stateLabel).toBe('État non renseigné');
      const struck = await searchCompanies(db.db, { q: '880878145', filters: EMPTY_FILTERS });
      expect(struck.ok && struck.value.results[0]?.stateLabel).toBe(
        'Radiée du RCS le 14/11/2022 (activité cessée le 22/10/2022)',
      );
      // Their latest accounts are the page's headline year (one series, never a mix).
      for (const { siren } of await rows<{ siren: string }>(
        db,
        'SELECT DISTINCT siren FROM financials',
      )) {
        const found = await searchCompanies(db.db, { q: siren, filters: EMPTY_FILTERS });
        const hit = found.ok ? found.value.results.find((x) => x.siren === siren) : undefined;
        const latest = headlineYears(await listFinancials(db.db, siren))[0];
        expect(hit?.finances, siren).toEqual({
          revenue: latest?.revenue ?? null,
          netResult: latest?.netResult ?? null,
          fiscalYear: latest?.fiscalYear ?? null,
        });
      }
      // The « actif » filter means the page's « Active »: never an empty record.
      const active = await searchCompanies(db.db, {
        q: '123456789',
        filters: { ...EMPTY_FILTERS, status: 'A' },
      });
      expect(active.ok && active.value.total).toBe(0);
      // La Poste's source lists board members and no head: no one is made up as main director.
      const reps = await listRepresentatives(db.db, await profile('356000000'));
      expect(pickMainDirector(reps)).toBeNull();
    },
  );
});

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

/** Every text leaf of a parsed XML notice (empty elements by their name). */
function leaves(v: unknown, key = ''): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap((x) => leaves(x, key));
  if (typeof v === 'object') {
    const e = Object.entries(v as Record<string, unknown>);
    return e.length ? e.flatMap(([k, x]) => leaves(x, k)) : [key];
  }
  return String(v).trim() ? [String(v).trim()] : [key];
}

describe('3. BODACC notices shown whole', () => {
  const avis = ISSUES.flatMap((f) => {
    const text = gunzipSync(readFileSync(sample(`bodacc/${f}`))).toString('utf8');
    const parution = /<parution>(\d+)<\/parution>/.exec(text)![1]!;
    return [...text.matchAll(/<avis>[\s\S]*?<\/avis>/g)].map((m) => {
      const a = (xml.parse(m[0]) as { avis: Record<string, unknown> }).avis;
      return Object.assign(a, { __id: `A${parution}${String(a.numeroAnnonce)}` });
    });
  });

  /** The notices as the company page lists them, read once per company. */
  const shown = new Map<string, Awaited<ReturnType<typeof listNotices>>['items'] | null>();
  async function shownNotice(id: string) {
    const [row] = await rows<{ siren: string | null }>(
      db,
      `SELECT siren FROM notices WHERE id = $1`,
      [id],
    );
    expect(row, id).toBeDefined();
    const siren = row!.siren;
    if (!siren) return null;
    if (!shown.has(siren)) {
      const p = await profile(siren);
      shown.set(siren, p.protected ? null : (await listNotices(db.db, p, { limit: 10_000 })).items);
    }
    return shown.get(siren)?.find((i) => i.id === id) ?? null;
  }

  // The first 500 notices of each issue (all of them: npm run audit:data).
  it('keeps every field of the notices and shows it', { timeout: 300_000 }, async () => {
    let checked = 0;
    for (const a of avis.filter((x) => Number(x.numeroAnnonce) <= 500)) {
      const { __id: id, ...fields } = a as Record<string, unknown> & { __id: string };
      const n = await shownNotice(id);
      if (!n) continue;
      const values = new Set(n.fields.map((f) => f.value));
      for (const leaf of leaves(fields)) expect(values.has(leaf), `${id}: ${leaf}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(600);
  });

  it('shows the business address and every activity text', { timeout: 300_000 }, async () => {
    let withAddress = 0;
    for (const a of avis) {
      const etabs = ([] as unknown[]).concat(a.etablissement ?? []) as Array<
        Record<string, unknown>
      >;
      if (!etabs.length) continue;
      const n = await shownNotice((a as { __id: string }).__id);
      if (!n) continue;
      for (const e of etabs) {
        if (e.adresse) {
          expect(n.text, n.id).toContain("Adresse de l'établissement : ");
          withAddress++;
        }
        if (typeof e.activite === 'string') expect(n.text, n.id).toContain(e.activite.trim());
      }
    }
    expect(withAddress).toBeGreaterThan(500);
  });

  it('shows a correction as such, linked to the notice it corrects', async () => {
    const { items } = await listNotices(db.db, await profile('489731737'));
    const n = items.find((i) => i.id === 'A20200080741')!;
    expect(n.noticeType).toBe('rectificatif');
    expect(n.corrects).toMatchObject({ id: 'A20200077306', held: false });
    expect(n.text).toMatch(/^Rectificatif de l'annonce n° 306 du BODACC A n° 20200077/);
    const corrections = avis.filter((a) => 'rectificatif' in ((a.typeAnnonce as object) ?? {}));
    expect(corrections.length).toBeGreaterThan(0);
  });

  it('writes a sole trader’s names the usual French way', async () => {
    const [row] = await rows<{ name: string }>(
      db,
      `SELECT name FROM companies WHERE name ILIKE '%falischia%'`,
    );
    expect(row?.name).toBe('Hugo David Théo FALISCHIA');
    const [commas] = await rows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM companies WHERE is_natural_person AND name LIKE '%,%'`,
    );
    expect(commas?.n).toBe(0);
  });
});

describe('4. collective agreements from every source', () => {
  it('merges the company-level list with the declarations, each IDCC credited', async () => {
    let checked = 0;
    for (const [siren, r] of RESULTS) {
      const list = (r.complements?.liste_idcc as string[] | undefined) ?? [];
      if (!list.length) continue;
      const shown = await listAgreements(db.db, siren);
      for (const idcc of list) {
        const a = shown.find((x) => x.idcc === idcc.padStart(4, '0'));
        expect(a, `${siren} ${idcc}`).toBeDefined();
        expect(
          a!.sources.map((x) => x.source),
          `${siren} ${idcc}`,
        ).toContain('recherche-entreprises');
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
    const paris = await listAgreements(db.db, '217500016');
    expect(paris.map((a) => a.idcc)).toEqual(['5003', '5021', '1043', '5022', '9999']);
    // La Poste: 5516 declared by its establishments (DSN file) and listed by the Annuaire.
    const poste = await listAgreements(db.db, '356000000');
    expect(
      poste
        .find((a) => a.idcc === '5516')!
        .sources.map((x) => x.source)
        .sort(),
    ).toEqual(['idcc', 'recherche-entreprises']);
  });

  it('never prints the raw « no agreement » marker', async () => {
    for (const siren of RESULTS.keys())
      for (const a of await listAgreements(db.db, siren)) {
        expect(a.title, siren).not.toMatch(/_/);
        if (a.idcc === '9999') expect(a.title).toBe('Sans convention collective');
      }
  });
});

describe('5. every value dated by its source', () => {
  it('dates accounts with the source’s own date, credited to the true source', async () => {
    const years = await listFinancials(db.db, '552032534');
    for (const y of years) {
      if (y.source.source === 'inpi-ratios') expect(y.source.date).toBe('2024-12-12');
      else {
        expect(y.source.source).toBe('recherche-entreprises');
        expect(y.source.date).toBe('2026-05-17');
      }
    }
    expect(years.filter((y) => y.source.source === 'inpi-ratios').length).toBe(10);
    expect(years.find((y) => y.series !== 'unspecified')?.source.label).toMatch(/INPI/);
  });

  it('gives every company an identity source with a date, protected ones included', async () => {
    for (const siren of RESULTS.keys()) {
      const p = await profile(siren);
      expect(p.sources.identity.date, siren).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect((await profile('300025764')).sources.identity.date).toMatch(/^\d{4}/);
  });

  it('names the sources an empty section searched, and how far they go', async () => {
    const page = await getCompanyPageData(db.db, '217500016');
    if (!page.ok) throw new Error('217500016');
    expect(page.value.coverage).toMatchObject({
      'inpi-ratios': '2024-12-12',
      'recherche-entreprises': '2026-05-17',
    });
    expect(page.value.coverage.bodacc).toMatch(/^20\d{2}-/);
  });
});

describe('6. addresses, roles and states as the source gives them', () => {
  it('keeps street number ranges and foreign cities', async () => {
    expect((await profile('552032534')).headOffice!.address.lines.join(' ')).toContain(
      '59-61 RUE LA FAYETTE',
    );
    expect((await profile('104049424')).headOffice!.address.lines.join(' ')).toContain('1-3 RUE');
    for (const [siren, r] of RESULTS) {
      const city = r.siege?.libelle_commune_etranger;
      if (typeof city !== 'string' || !city || r.statut_diffusion !== 'O') continue;
      expect((await profile(siren)).headOffice!.address.lines.join(' '), siren).toContain(city);
    }
  });

  it('says a role is not stated rather than inventing one', async () => {
    for (const [siren, r] of RESULTS) {
      const unstated = (r.dirigeants ?? []).filter((d) => !d.qualite).length;
      const p = await profile(siren);
      if (!unstated || (p.protected && p.isNaturalPerson)) continue;
      const reps = await listRepresentatives(db.db, p);
      expect(reps.filter((x) => x.role === 'Qualité non précisée').length, siren).toBe(unstated);
      expect(
        reps.some((x) => x.role === 'Représentant'),
        siren,
      ).toBe(false);
    }
  });

  it('never shows an empty record as active', async () => {
    const p = await profile('123456789');
    // No source gives a state: not active, and not « inactive » either (issue 28).
    expect(p.active).toBeNull();
    expect(p.state).toBe('unknown');
  });

  it('gives every reader of the state the page’s state', async () => {
    // The lists of active companies (similar companies, indexes, sitemaps, the hub) filter with
    // ACTIVE_COMPANY, the search index with COMPANY_STATE: both agree with the page everywhere.
    const all = await queryRows<{ siren: string; state: string; active: boolean }>(
      db.db,
      sql`SELECT c.siren, ${COMPANY_STATE} AS state, ${ACTIVE_COMPANY} AS active FROM companies c`,
    );
    for (const r of all) {
      const p = await profile(r.siren);
      expect([r.state, r.active], r.siren).toEqual([p.state, p.active === true]);
    }
    // Search engines' description and the documents say « radiée », « état non renseigné ».
    const struck = await profile('880878145');
    expect(companyDescription(struck, null)).toContain(
      'radiée du RCS le 14/11/2022 (activité cessée le 22/10/2022)',
    );
    expect(stateText(struck).replace(/\u00a0/g, ' ')).toBe(
      'Radiée du RCS le 14 novembre 2022 (activité cessée le 22 octobre 2022)',
    );
    const empty = await profile('123456789');
    expect(companyDescription(empty, null)).toContain('état non renseigné');
    expect(stateText(empty)).toBe('État non renseigné');
  });
});

describe('7. figures that can be true', () => {
  it('reads units, keeps series apart and holds back impossible ratios', async () => {
    const years = await listFinancials(db.db, '552032534');
    const k2019 = years.find((y) => y.series === 'consolidated' && y.fiscalYear === 2019)!;
    expect(k2019.revenue).toBe(25_287_000_000);
    expect(k2019.flags).toContain('unit-thousands');
    expect(k2019.netMargin).toBeCloseTo(8.0, 0);
    for (const y of years) {
      if (y.netMargin !== null) expect(Math.abs(y.netMargin), `${y.fiscalYear}`).toBeLessThan(1000);
      if (y.series === 'consolidated' && y.netMargin !== null)
        expect(Math.abs(y.netMargin)).toBeLessThanOrEqual(100);
    }
    const c2022 = years.find((y) => y.series === 'company' && y.fiscalYear === 2022)!;
    expect(c2022.flags).toContain('same-as-previous-year');
    const headline = headlineYears(years);
    expect(new Set(headline.map((y) => y.series)).size).toBe(1);
  });

  it('cleans court names and shows a struck-off company as such', async () => {
    const p = await profile('880878145');
    expect(p.state).toBe('struck-off');
    expect(p.stateLabel).toBe('Radiée du RCS le 14/11/2022 (activité cessée le 22/10/2022)');
    const { items } = await listNotices(db.db, p);
    expect(new Set(items.map((n) => n.court))).toEqual(
      new Set(['Greffe du tribunal de commerce de Paris']),
    );
  });

  it('derives the RCS mention from the data held and says where it comes from', async () => {
    for (const siren of ['552032534', '356000000']) {
      const p = await profile(siren);
      expect(p.rcs, siren).not.toBeNull();
      expect(p.rcs!.number, siren).toBe(`${siren} R.C.S. Paris`);
      expect(p.rcs!.registrationDate, siren).toMatch(/^\d{4}-/);
      expect(p.rcs!.basis, siren).toMatch(/département du siège/);
    }
  });

  it('links officers that are companies only when we hold them', async () => {
    for (const siren of RESULTS.keys()) {
      const p = await profile(siren);
      for (const r of await listRepresentatives(db.db, p)) {
        if (!r.companyHeld) continue;
        expect((await getCompanyProfile(db.db, r.companySiren!)).ok, r.companySiren!).toBe(true);
      }
    }
  });
});

describe('8. labels and certifications', () => {
  it('stores every flag of the answers with its source and date, and shows it', async () => {
    let flags = 0;
    for (const [siren, r] of RESULTS) {
      const c = r.complements ?? {};
      const shown = await listCompanyLabels(db.db, siren);
      const codes = new Set(shown.map((l) => l.code));
      const expected: Array<[string, string]> = [
        ['est_rge', 'rge'],
        ['est_qualiopi', 'qualiopi'],
        ['est_organisme_formation', 'organisme-formation'],
        ['est_siae', 'siae'],
        ['est_finess', 'finess'],
        ['est_bio', 'bio'],
        ['est_entrepreneur_spectacle', 'entrepreneur-spectacle'],
        ['est_service_public', 'service-public'],
        ['egapro_renseignee', 'egapro'],
        ['bilan_ges_renseigne', 'bilan-ges'],
      ];
      for (const [flag, code] of expected) {
        expect(codes.has(code), `${siren} ${code}`).toBe(c[flag] === true);
        if (c[flag] === true) flags++;
      }
      for (const l of shown)
        expect(DATES.get(siren), `${siren} ${l.code}`).toContain(l.source.date);
    }
    expect(flags).toBeGreaterThan(80);
  });

  it('uses them in the ecological and social score, where they mean something', async () => {
    // The points of src/registry/commitment-score.ts, from the answers' own flags.
    const POINTS: Array<[string, number]> = [
      ['bilan_ges_renseigne', 20],
      ['est_rge', 15],
      ['est_bio', 15],
      ['a_aide_ademe', 10],
      ['egapro_renseignee', 15],
      ['est_ess', 10],
      ['est_societe_mission', 5],
      ['est_siae', 5],
      ['est_achats_responsables', 5],
    ];
    let scored = 0;
    for (const [siren, r] of RESULTS) {
      const c = r.complements ?? {};
      const expected = POINTS.reduce((n, [flag, pts]) => n + (c[flag] === true ? pts : 0), 0);
      const api = await getCompanySectionApi(
        db.db,
        siren,
        'ecological-score-details',
        new URLSearchParams(),
      );
      const body = (api.body as { data: { data: Record<string, unknown> } }).data.data;
      const page = await getCompanyPageData(db.db, siren);
      if (!page.ok) throw new Error(siren);
      const shown = visibleSections(page.value).some((x) => x.id === 'scores');
      if (expected === 0) {
        // No criterion known: no score, rather than a zero read as a judgement.
        expect(body.available, siren).toBe(false);
        expect(shown, siren).toBe(false);
        continue;
      }
      scored++;
      expect(body.score, siren).toBe(expected);
      expect(shown, siren).toBe(true);
      for (const x of body.criteria as Array<{ met: boolean; source: { date: string } | null }>)
        if (x.met) expect(x.source?.date, siren).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(scored).toBeGreaterThan(5);
  });

  it('filters search results by label', async () => {
    const r = await searchCompanies(db.db, {
      q: '',
      filters: { ...EMPTY_FILTERS, labels: ['rge'] },
    });
    if (!r.ok) throw new Error(r.message);
    const expected = [...RESULTS.values()].filter((x) => x.complements?.est_rge === true);
    expect(r.value.results.length).toBe(Math.min(expected.length, r.value.results.length));
    expect(r.value.results.length).toBeGreaterThan(0);
    for (const hit of r.value.results)
      expect(RESULTS.get(hit.siren)?.complements?.est_rge, hit.siren).toBe(true);
  });
});
