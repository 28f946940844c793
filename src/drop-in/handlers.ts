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
import { isFailure, statusOf, type Failure } from '@/lib/errors';
import { searchFromRequest } from '@/search/companies';
import { resolveCommunes, resolveEpcis } from '@/search/geo/places';
import { parseSearchRequest } from '@/search/request';
import { erreur, OUR_TO_GOV, parseDropInParams, type DropInKind } from './params';
import { buildDropInResults, type MatchScope } from './results';

export type DropInAnswer = { status: number; body: unknown };

const UNAVAILABLE: DropInAnswer = {
  status: 503,
  body: { erreur: 'La recherche est momentanément indisponible. Réessayez dans une minute.' },
};

/** Our parser's failure, its parameter named as the government's API names it. */
function fromOurFailure(f: Failure): DropInAnswer {
  const [ours, messages] = Object.entries(f.fields ?? {})[0] ?? [];
  if (!ours) return erreur(f.message);
  const gov = OUR_TO_GOV[ours] ?? ours;
  return erreur(`Paramètre \`${gov}\` : ${messages?.[0] ?? f.message}`);
}

export async function dropInSearch(
  db: Db,
  params: URLSearchParams,
  kind: DropInKind,
): Promise<DropInAnswer> {
  const input = parseDropInParams(params, kind);
  if ('body' in input) return input;
  const parsed = parseSearchRequest(input.ours);
  if (isFailure(parsed)) return fromOurFailure(parsed);
  try {
    const found = await searchFromRequest(db, parsed);
    if (!found.ok) {
      if (statusOf(found.code) >= 500) return UNAVAILABLE;
      return fromOurFailure(found);
    }
    const page = found.value;
    const f = parsed.filters;
    const communes = [
      ...(f.communes.length ? resolveCommunes(f.communes).codes : []),
      ...(f.epcis.length ? resolveEpcis(f.epcis).codes : []),
    ];
    const scope: MatchScope = {
      none: page.queryKind === 'siren' || page.queryKind === 'vat',
      matchedSiret: new Map(
        page.results.flatMap((r) => (r.matched?.siret ? [[r.siren, r.matched.siret]] : [])),
      ),
      postcode: f.place && /^\d{5}$/.test(f.place) ? f.place : null,
      communes: communes.length ? communes : null,
      departments: f.departments.length ? f.departments : null,
      circle: page.near
        ? { lat: page.near.lat, lon: page.near.lon, radiusKm: page.near.radiusKm }
        : null,
    };
    const results = await buildDropInResults(
      db,
      page.results.map((r) => r.siren),
      input.include,
      scope,
      input.matchingSize,
    );
    return {
      status: 200,
      body: {
        results,
        total_results: page.total,
        page: input.page,
        per_page: input.perPage,
        total_pages: Math.ceil(page.total / input.perPage),
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
