/**
 * A drop-in for the government's search API (recherche-entreprises.api.gouv.fr, issue 28 item 6):
 * `GET /api/recherche-entreprises/search` and `/near_point` take that API's parameters
 * (params.ts) and answer its shape
 * `{ results, total_results, page, per_page, total_pages }` (results.ts),
 * from our own search engine (src/search/companies.ts). A client switches by changing its base
 * URL. Errors: `{ "erreur": "…" }` with 400 (bad parameter) or 503 (search unavailable), never a
 * 500. The differences with the government's answers are listed in
 * differences.ts and docs/DROP-IN.md.
 */
import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';
import { isFailure, statusOf } from '@/lib/errors';
import { establishmentTotal } from '@/registry/establishments';
import { searchFromRequest } from '@/search/companies';
import {
  ACTIVE_THEN_BY_OPEN_ESTABLISHMENTS,
  BY_OPEN_ESTABLISHMENTS,
  DIFFUSIBLE_ONLY,
} from '@/search/filters';
import { resolveCommunes, resolveEpcis } from '@/search/geo/places';
import { parseSearchRequest } from '@/search/request';
import { withGovFilters } from './filters';
import { parseDropInParams, type DropInKind, type DropInRequest } from './params';
import { buildDropInResults, type MatchScope } from './results';

export type DropInAnswer = { status: number; body: unknown };

const UNAVAILABLE: DropInAnswer = {
  status: 503,
  body: { erreur: 'La recherche est momentanément indisponible. Réessayez dans une minute.' },
};

/**
 * The API's `total_results` stops at 10,000 (Elasticsearch's default count, then
 * `min(total, 10000)` in its response builder: « la poste » answers 10,000); ours counts no further.
 */
export const MAX_TOTAL_RESULTS = 10_000;

/**
 * No company: a request the API accepts that finds nothing here for sure (an unknown commune, a
 * point outside France, a department outside the region asked for).
 */
const nothing = (input: DropInRequest): DropInAnswer => ({
  status: 200,
  body: {
    results: [],
    total_results: 0,
    page: input.page,
    per_page: input.perPage,
    total_pages: 0,
  },
});

export async function dropInSearch(
  db: Db,
  params: URLSearchParams,
  kind: DropInKind,
): Promise<DropInAnswer> {
  const input = parseDropInParams(params, kind);
  if ('body' in input) return input;
  if (input.empty) return nothing(input);
  // What the API accepted and our own parser does not (a point outside France, a query of
  // punctuation only) finds nothing: the API would answer an empty list, never a 400.
  const parsed = parseSearchRequest(input.ours);
  if (isFailure(parsed)) return nothing(input);
  const gov = input.gov;
  try {
    // /near_point: the API applies the activity filters only, to diffusible companies, and sorts
    // them as any list whose scores are equal (src/search/filters.ts).
    const own = kind === 'search' ? withGovFilters(parsed.filters, gov) : null;
    const found = await searchFromRequest(db, own ? { ...parsed, filters: own.filters } : parsed, {
      extraConditions: own ? own.extra : DIFFUSIBLE_ONLY,
      person: own?.person ?? null,
      filtersOrder: own ? BY_OPEN_ESTABLISHMENTS : ACTIVE_THEN_BY_OPEN_ESTABLISHMENTS,
      countLimit: MAX_TOTAL_RESULTS,
    });
    if (!found.ok) {
      if (statusOf(found.code) >= 500) return UNAVAILABLE;
      return nothing(input);
    }
    const page = found.value;
    const f = parsed.filters;
    const communes = [
      ...(f.communes.length ? resolveCommunes(f.communes).codes : []),
      ...(f.epcis.length ? resolveEpcis(f.epcis).codes : []),
    ];
    const postcodes = gov.lists.code_postal ?? [];
    const scope: MatchScope = {
      none: page.queryKind === 'siren' || page.queryKind === 'vat',
      matchedSiret: new Map(
        page.results.flatMap((r) => (r.matched?.siret ? [[r.siren, r.matched.siret]] : [])),
      ),
      postcode: postcodes.length ? postcodes : null,
      communes: communes.length ? communes : null,
      departments: f.departments.length ? f.departments : null,
      circle: page.near
        ? { lat: page.near.lat, lon: page.near.lon, radiusKm: page.near.radiusKm }
        : null,
    };
    let sirens = page.results.map((r) => r.siren);
    let total = Math.min(page.total, MAX_TOTAL_RESULTS);
    // A SIREN's établissements come in documents of 100: page N exists when it holds some.
    const pageEtab =
      kind === 'search' && page.queryKind === 'siren' ? gov.pageEtablissements : null;
    if (pageEtab !== null && pageEtab > 1 && sirens.length) {
      if ((await establishmentTotal(db, sirens[0]!)) <= (pageEtab - 1) * 100) {
        sirens = [];
        total = 0;
      }
    }
    const results = await buildDropInResults(
      db,
      sirens,
      input.include,
      scope,
      input.matchingSize,
      pageEtab,
    );
    return {
      status: 200,
      body: {
        results,
        total_results: total,
        page: input.page,
        per_page: input.perPage,
        total_pages: Math.ceil(total / input.perPage),
      },
    };
  } catch (error) {
    logFailure('recherche-entreprises', error);
    return UNAVAILABLE;
  }
}

/** The Next.js route handlers' one line: the request's query → the answer. */
export async function handleDropIn(db: Db, request: Request, kind: DropInKind): Promise<Response> {
  let params: URLSearchParams;
  try {
    params = new URL(request.url).searchParams;
  } catch {
    return Response.json({ erreur: 'Adresse mal formée.' }, { status: 400 });
  }
  const answer = await dropInSearch(db, params, kind);
  return Response.json(answer.body, {
    status: answer.status,
    headers: {
      'Cache-Control':
        answer.status === 200
          ? 'public, max-age=300, s-maxage=300'
          : answer.status === 503
            ? 'no-store'
            : 'public, max-age=60',
      ...(answer.status === 503 ? { 'Retry-After': '60' } : {}),
      'Access-Control-Allow-Origin': '*',
    },
  });
}
