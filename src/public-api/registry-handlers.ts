/**
 * The registry API of spec section 7 ("Companies and directors") as a service: each call returns
 * an HTTP status and a JSON body (`{ data: { data } }` or `{ error: { code, message } }`), so route
 * handlers stay one line and every answer is testable without a server.
 */
import type { Db } from '@/db/client';
import { inpiCompanyPage, listFilings } from '@/documents/providers/filings';
import { documentSale } from '@/documents/sale';
import { solvencyScore } from '@/documents/score';
import { NOT_RCS_REGISTERED, rcsRegistered } from '@/documents/providers/upstream';
import { listAgreements, listBrands } from '@/registry/brands';
import { getCachedProfile } from '@/registry/page-data';
import type { CompanyProfile } from '@/registry/company';
import { getDirectorProfile, listRepresentatives, pickMainDirector } from '@/registry/directors';
import { listEstablishments, parseEstablishmentFilter, parsePage } from '@/registry/establishments';
import { headlineYears, listFinancials } from '@/registry/finances';
import { listInsolvency, listNotices } from '@/registry/notices';
import { listCompanyLabels } from '@/registry/company-labels';
import { NO_COMMITMENT, NO_SOLVENCY_SCORE, sectionById } from '@/registry/sections';
import { commitmentScore } from '@/registry/commitment-score';
import { listSimilarCompanies } from '@/registry/similar';
import { dataEnvelope } from '@/lib/api-envelope';
import { failure, failureBody, RETRY_AFTER_SECONDS, statusOf, type Failure } from '@/lib/errors';
import { toResponse, type Answer } from '@/lib/http/answer';

/** A call's status and JSON body; plain data, so it crosses from the worker thread as is. */
export type ApiResult = { status: number; body: unknown };

/**
 * Cache-Control of an answer: success kept 5 minutes (spec section 9, data cache time), a 4xx one
 * minute, an unavailable source not at all.
 */
function apiCacheControl(status: number): string {
  if (status === 200) return 'public, max-age=300, s-maxage=300';
  return status < 500 ? 'public, max-age=60' : 'no-store';
}

/** The headers of an answer by its status: its Cache-Control, and `Retry-After` on a 503. */
export function apiHeaders(status: number): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': apiCacheControl(status) };
  if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  return headers;
}

/** The answer of a failure: the status and JSON body `src/lib/errors.ts` gives its code. */
export const failureResult = (f: Failure): ApiResult => ({
  status: statusOf(f.code),
  body: failureBody(f),
});

/** The answer when the database fails: the sources are unavailable, never a 500. */
export const SOURCE_UNAVAILABLE: ApiResult = failureResult(failure('SOURCE_UNAVAILABLE'));

/** A result as the one answer type (src/lib/http/answer.ts), with the headers of its status. */
export function registryAnswer(result: ApiResult): Answer {
  return {
    status: result.status,
    headers: apiHeaders(result.status),
    cookies: [],
    json: result.body,
  };
}

/** A route file's answer: the call's result, or SOURCE_UNAVAILABLE when it throws. */
export async function registryResponse(call: Promise<ApiResult>): Promise<Response> {
  return toResponse(registryAnswer(await call.catch(() => SOURCE_UNAVAILABLE)));
}

const ok = (data: unknown): ApiResult => ({ status: 200, body: dataEnvelope(data) });

const unavailable = (reason: string) => ({ available: false, reason });

const NO_PERSON_SCORE =
  'Nous ne notons pas les personnes : notre note de solidité financière porte sur une entreprise, à partir de ses comptes publiés.';

const PATENTS_SOURCE = { name: 'INPI, base des brevets', url: 'https://data.inpi.fr' };
const STOCK_SOURCE = { name: 'AMF, base des sociétés cotées', url: 'https://www.amf-france.org' };

function paymentData(p: CompanyProfile) {
  return {
    siren: p.siren,
    name: p.displayName,
    vat_number: p.vatNumber,
    postcode: p.headOfficeAddress?.address.postcode ?? null,
    city: p.headOfficeAddress?.address.communeName ?? null,
    legal_form: p.legalForm.label,
    active: p.active,
  };
}

export const COMPANY_SECTIONS = [
  'kbis-available',
  'share-capital',
  'balance-sheets',
  'acts-and-articles-of-incorporation',
  'articles-of-incorporation',
  'acts',
  'insolvency-proceedings',
  'commercial-advertisements',
  'establishments',
  'brands',
  'patents',
  'representatives',
  'similar-companies',
  'comparison-data',
  'agreements',
  'balance-sheets/detail-list',
  'income-statements/detail-list',
  'pole-score',
  'stock-markets',
  'employees',
  'key-numbers',
  'ecological-score-details',
  'labels',
] as const;
export type CompanySection = (typeof COMPANY_SECTIONS)[number];

async function withCompany(
  db: Db,
  siren: string,
  run: (p: CompanyProfile) => Promise<ApiResult>,
): Promise<ApiResult> {
  const lookup = await getCachedProfile(db, siren);
  if (!lookup.ok) return failureResult(lookup);
  return run(lookup.value);
}

export function getCompanyApi(db: Db, siren: string, query: URLSearchParams): Promise<ApiResult> {
  return withCompany(db, siren, async (p) =>
    ok(query.get('load_payment_data_only') === 'true' ? paymentData(p) : p),
  );
}

export function getCompanySectionApi(
  db: Db,
  siren: string,
  section: string,
  query: URLSearchParams,
): Promise<ApiResult> {
  if (!(COMPANY_SECTIONS as readonly string[]).includes(section)) {
    return Promise.resolve(
      failureResult(failure('UNKNOWN_SECTION', `Section inconnue : ${section.slice(0, 60)}.`)),
    );
  }
  return withCompany(db, siren, async (p) => {
    switch (section as CompanySection) {
      case 'kbis-available': {
        // The one rule (src/documents/sale.ts): sold only with the registries connected.
        const sale = documentSale('kbis')!;
        if (!sale.sold) {
          return ok({
            available: false,
            sold_here: false,
            reason: sale.reason,
            official: sale.official.links,
            registered: rcsRegistered(p),
          });
        }
        const registered = rcsRegistered(p);
        return ok({
          available: registered,
          sold_here: true,
          reason: registered
            ? 'Extrait Kbis délivré par le greffe du tribunal de commerce.'
            : NOT_RCS_REGISTERED,
          registered,
        });
      }
      case 'share-capital':
        return ok({
          capital: p.capital,
          source: p.sources.fields.capital_amount ?? p.sources.identity,
        });
      case 'balance-sheets':
        return ok(await listFinancials(db, p.siren));
      case 'balance-sheets/detail-list':
        return ok(
          (await listFinancials(db, p.siren)).map((y) => ({
            fiscal_year: y.fiscalYear,
            closing_date: y.closingDate,
            series: y.series,
            items: y.balanceSheet,
          })),
        );
      case 'income-statements/detail-list':
        return ok(
          (await listFinancials(db, p.siren)).map((y) => ({
            fiscal_year: y.fiscalYear,
            closing_date: y.closingDate,
            series: y.series,
            items: y.incomeStatement,
          })),
        );
      case 'acts-and-articles-of-incorporation':
      case 'articles-of-incorporation':
      case 'acts': {
        if (p.isNaturalPerson) {
          return ok({
            loaded: false,
            reason: 'Un entrepreneur individuel ne dépose pas de statuts.',
            source: {
              name: 'INPI, Registre national des entreprises',
              url: inpiCompanyPage(p.siren),
            },
          });
        }
        const filings = await listFilings(p.siren);
        if (!filings.loaded) return ok(filings);
        const items =
          section === 'articles-of-incorporation'
            ? filings.items.filter((f) => f.kind === 'act' && /statut/i.test(f.content.join(' ')))
            : section === 'acts'
              ? filings.items.filter((f) => f.kind === 'act')
              : filings.items;
        return ok({
          ...filings,
          items: items.map((f) => ({
            ...f,
            order_kind: f.kind === 'act' ? 'acts' : 'balance-sheets',
            sold_here: !f.confidential,
          })),
        });
      }
      case 'insolvency-proceedings':
        return ok(await listInsolvency(db, p.siren));
      case 'commercial-advertisements': {
        const page = parsePage(query.get('page'));
        const n = await listNotices(db, p, { limit: 50, offset: (page - 1) * 50 });
        return ok({ ...n, page, page_size: 50 });
      }
      case 'establishments':
        return ok(
          await listEstablishments(db, p, {
            page: parsePage(query.get('page')),
            filter: parseEstablishmentFilter(query.get('status')),
          }),
        );
      case 'brands':
        return ok(await listBrands(db, p.siren));
      case 'patents':
        return ok({
          loaded: false,
          reason: sectionById('brevets').absentReason!,
          source: PATENTS_SOURCE,
        });
      case 'representatives': {
        const reps = await listRepresentatives(db, p);
        return ok({ main: pickMainDirector(reps), items: reps });
      }
      case 'similar-companies':
        return ok(await listSimilarCompanies(db, p, 12));
      case 'comparison-data':
        return ok({
          siren: p.siren,
          name: p.displayName,
          active: p.active,
          state: p.state,
          state_label: p.stateLabel,
          legal_form: p.legalForm.label,
          naf: p.naf,
          headcount: p.headcount,
          category: p.category,
          creation_date: p.creationDate,
          financials: headlineYears(await listFinancials(db, p.siren)).slice(0, 5),
        });
      case 'agreements':
        return ok(await listAgreements(db, p.siren));
      case 'labels':
        return ok(await listCompanyLabels(db, p.siren));
      case 'employees':
        return ok({ headcount: p.headcount, employer: p.employer, source: p.sources.identity });
      case 'key-numbers': {
        const [years, establishments] = await Promise.all([
          listFinancials(db, p.siren),
          listEstablishments(db, p, { pageSize: 1 }),
        ]);
        const latest = headlineYears(years)[0] ?? null;
        return ok({
          latest_accounts: latest,
          establishments: {
            // The company's counts as its source states them; `listed` is what we can list.
            total:
              p.establishmentCounts.total ?? establishments.openCount + establishments.closedCount,
            open: p.establishmentCounts.open ?? establishments.openCount,
            source: p.establishmentCounts.source,
            listed: { open: establishments.openCount, closed: establishments.closedCount },
          },
          headcount: p.headcount,
          capital: p.capital,
        });
      }
      case 'pole-score': {
        const score = await solvencyScore(db, p.siren);
        return ok(score ? { available: true, ...score } : unavailable(NO_SOLVENCY_SCORE));
      }
      case 'ecological-score-details': {
        const score = commitmentScore(p, await listCompanyLabels(db, p.siren));
        return ok(score ? { available: true, ...score } : unavailable(NO_COMMITMENT));
      }
      case 'stock-markets':
        return ok({
          loaded: false,
          reason: sectionById('bourse').absentReason!,
          source: STOCK_SOURCE,
        });
    }
  });
}

export async function getDirectorApi(
  db: Db,
  id: string,
  part: 'profile' | 'personal' | 'pole-score',
): Promise<ApiResult> {
  const lookup = await getDirectorProfile(db, id);
  if (!lookup.ok) return failureResult(lookup);
  const d = lookup.value;
  if (part === 'personal') {
    return ok({
      id: d.id,
      name: d.name,
      first_names: d.firstNames,
      last_name: d.lastName,
      birth: d.birth,
      nationality: d.nationality,
    });
  }
  if (part === 'pole-score') return ok(unavailable(NO_PERSON_SCORE));
  return ok(d);
}
