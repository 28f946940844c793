/**
 * Company search: identifiers, then names, or filters and a point alone. This module is the
 * search's front: the input, the one entry point and the answer's types; the work lives beside it
 * (scope.ts: where it looks; identifier-search.ts, name-search.ts with vocabulary.ts,
 * filter-search.ts: the three kinds of search; sorting.ts: orders; company-results.ts: the
 * page and its rows). Design and figures: docs/SEARCH.md.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import { MAX_CALLER_PAGE_SIZE, PAGE_SIZE, pageOf, type CompanySearchPage } from './company-results';
import type { SearchSort } from './filter-params';
import {
  EMPTY_FILTERS,
  personsOf,
  readPersonSirens,
  type PersonFilter,
  type ResolvedScope,
  type SearchFilters,
} from './filters';
import { searchByFilters } from './filter-search';
import { splitPlace } from './geo/places';
import { identifierLookup } from './identifier-search';
import { rankName } from './name-search';
import { isQueryError, parseQuery } from './query';
import { MAX_RESULT_ROWS, type NearInput, type SearchRequest } from './request';
import { invalidField, resolveScope, scoped } from './scope';
import { naturalOrder, sortRanked } from './sorting';

/** The answer's types, with the entry point that returns them (the UI reads them from here). */
export type { CompanyResult, CompanySearchPage, SearchFacets } from './company-results';

export type CompanySearchInput = {
  /** A name, a SIREN, a SIRET or a VAT number; null or empty with filters or a point. */
  q: string | null;
  page?: number;
  /** Rows per page: 20 by default, MAX_CALLER_PAGE_SIZE at most. */
  perPage?: number;
  filters?: SearchFilters;
  /** `pertinence` by default, `distance` by default around a point. */
  sort?: SearchSort;
  /** null: the sort's natural order. */
  order?: 'asc' | 'desc' | null;
  near?: NearInput | null;
  hideFinancialData?: boolean;
  /** Count the list's companies per category and state when cheap (`CompanySearchPage.facets`). */
  facets?: boolean;
  /**
   * A condition on search_companies `c` the caller adds to the filters (the drop-in for the
   * government's API: its filters ours do not carry, src/drop-in/filters.ts).
   */
  extraConditions?: SQL | null;
  /**
   * A person the companies must have, a director, an élu or either, with a birth range (the
   * drop-in's `nom_personne`, `prenoms_personne`, `date_naissance_personne_*`, `type_personne`).
   * Not an extra condition: its SQL depends on the search (a set without a name, each candidate
   * checked by its SIREN with one, src/search/filters.ts).
   */
  person?: PersonFilter | null;
  /** The order of a list without a name, in place of the sort's (the drop-in: the API's). */
  filtersOrder?: SQL | null;
  /** A list without a name counts its companies up to this many (the drop-in: 10,000). */
  countLimit?: number | null;
};

/** A parsed URL request (src/search/request.ts) → the search. */
export function searchFromRequest(
  db: Db,
  r: SearchRequest,
  opts: Pick<
    CompanySearchInput,
    'hideFinancialData' | 'facets' | 'extraConditions' | 'person' | 'filtersOrder' | 'countLimit'
  > = {},
): Promise<Result<CompanySearchPage>> {
  return searchCompanies(db, {
    ...opts,
    q: r.query,
    filters: r.filters,
    sort: r.sort,
    order: r.order,
    page: r.page,
    perPage: r.pageSize,
    near: r.near,
  });
}

/**
 * The search behind every results page, the API, the export and saved searches. `q` a name, a
 * SIREN, a SIRET or a VAT number (or nothing, with filters or a point); pages of `perPage` rows
 * (20; 1000 at most for callers, 100 for URLs). Exact totals: a name ranks its 500 best matches
 * (`totalIsLowerBound` beyond), filters and points count every match and serve MAX_RESULT_ROWS.
 */
export async function searchCompanies(
  db: Db,
  input: CompanySearchInput,
): Promise<Result<CompanySearchPage>> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? PAGE_SIZE;
  const filters = input.filters ?? EMPTY_FILTERS;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_CALLER_PAGE_SIZE)
    return invalidField('per_page', `Nombre entier de 1 à ${MAX_CALLER_PAGE_SIZE}.`);
  if (!Number.isInteger(page) || page < 1 || (page - 1) * perPage >= MAX_RESULT_ROWS) {
    return failure(
      'INVALID_PAGE',
      `La page doit être un nombre entier entre 1 et ${Math.ceil(MAX_RESULT_ROWS / perPage)}.`,
      {
        fields: { page: [`Nombre entier de 1 à ${Math.ceil(MAX_RESULT_ROWS / perPage)}.`] },
      },
    );
  }
  const sort: SearchSort = input.sort ?? (input.near ? 'distance' : 'pertinence');
  if (sort === 'distance' && !input.near)
    return invalidField(
      'tri',
      'Le tri par distance demande un point (« autour » ou « lat » et « lon »).',
    );
  const resolved = await resolveScope(db, filters, input.near ?? null);
  if (!resolved.ok) return resolved;
  const { scope, near } = resolved.value;
  if (input.extraConditions) scope.extra = input.extraConditions;
  if (input.person) scope.person = input.person;
  const qText = input.q?.trim() ?? '';
  const hide = !!input.hideFinancialData;
  const base = { sort, order: input.order ?? naturalOrder(sort), near, place: null };
  if (!qText && scoped(filters, scope)) {
    return success({
      ...base,
      ...(await searchByFilters(
        db,
        filters,
        scope,
        page,
        perPage,
        base.sort,
        base.order,
        hide,
        input.filtersOrder ?? null,
        input.countLimit ?? null,
      )),
    });
  }
  const parsed = parseQuery(input.q);
  if (isQueryError(parsed)) return parsed;

  if (parsed.kind !== 'name') {
    const ranked = await identifierLookup(db, parsed, filters, scope);
    return success({
      ...base,
      ...(await pageOf(
        db,
        ranked,
        false,
        page,
        perPage,
        hide,
        new Map(),
        base,
        qText,
        parsed.kind,
        !!input.facets,
      )),
    });
  }
  // A person's SIRENs are read once, before the name's branches name them (readPersonSirens).
  const persons = personsOf(filters, scope);
  if (persons.length) scope.personSirens = await readPersonSirens(db, persons);
  // A name's ranked companies, in the asked order: the page.
  const namePage = async (found: Awaited<ReturnType<typeof rankName>>) =>
    pageOf(
      db,
      await sortRanked(db, found.ranked, sort, base.order, near),
      found.lowerBound,
      page,
      perPage,
      hide,
      found.companies,
      base,
      qText,
      'name',
      !!input.facets,
    );
  // « danone paris »: the place ends the query; its words before it searched in that place. When
  // nothing there matches, the whole query is searched as a name.
  const split = !near ? splitPlace(parsed.tokens) : null;
  if (split) {
    const rest = parseQuery(split.rest.join(' ') + ' ');
    if (!isQueryError(rest) && rest.kind === 'name') {
      const placeScope: ResolvedScope = { ...scope, communeLists: [...(scope.communeLists ?? [])] };
      if (split.place.kind === 'communes') placeScope.communeLists!.push(split.place.codes);
      else if (split.place.kind === 'postcode') placeScope.postcode = split.place.code;
      else placeScope.department = split.place.code;
      const found = await rankName(db, rest, filters, placeScope, perPage);
      if (found.ranked.length > 0) {
        return success({
          ...base,
          place: { label: split.place.label },
          ...(await namePage(found)),
        });
      }
    }
  }
  return success({
    ...base,
    ...(await namePage(await rankName(db, parsed, filters, scope, perPage))),
  });
}
