/**
 * Search filters as SQL conditions on search_companies (aliased `c`). The URL parameters are
 * parsed by src/search/request.ts (shared with the client); here, the server side only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { SearchFilters } from './filter-params';
import { distanceKmSql, textArray } from '@/domain/sql-fragments';
import { boundingBox, cellRanges } from './geo/grid';
import { innerCountSql, splitCells } from './geo/cells';
import { resolveCommunes, resolveEpcis } from './geo/places';
import { labelCountSql } from './label-counts';
import { foldName } from './normalize';
import { EMPTY_FILTERS } from './filter-params';

export { EMPTY_FILTERS, type SearchFilters } from './filter-params';
export { filtersToParams, hasFilters, parseFilters } from './request';

/** What filtersSql answers when nothing filters (compared by identity). */
const NO_FILTER = sql`true`;

/** A circle: `rayon` km around a point. */
export type Circle = { lat: number; lon: number; radiusKm: number };

/**
 * What the server adds to the URL's filters: the communes' codes (each list a condition: the
 * `commune` filter, the EPCIs' members, a place read in the query), a postcode or a department
 * read in the query, and a circle around a point.
 */
export type ResolvedScope = {
  communeLists?: string[][];
  postcode?: string | null;
  department?: string | null;
  circle?: Circle | null;
  /** A caller's own condition on `c` (CompanySearchInput.extraConditions). */
  extra?: SQL | null;
  /** A person the companies must have (CompanySearchInput.person: the drop-in's `nom_personne`). */
  person?: PersonFilter | null;
  /**
   * The SIRENs of each person of personsOf, in its order, read first (a name's search): the
   * person conditions then name them (personCondition) instead of reading the person again.
   */
  personSirens?: readonly PersonSirens[] | null;
};

/**
 * A person's SIRENs read before a name's search (readPersonSirens), deduplicated; null when the
 * person has more than PERSON_SET_ROWS rows (each candidate is then checked by its SIREN).
 */
export type PersonSirens = readonly string[] | null;

/** Great-circle distance (km) from the circle's centre to the head office, in SQL. */
export function distanceSql(circle: Circle): SQL {
  return distanceKmSql(sql`c.latitude`, sql`c.longitude`, circle);
}

/** The circle's bounding box and exact distance, without the grid's ranges. */
function inCircleSql(circle: Circle): SQL {
  const box = boundingBox(circle.lat, circle.lon, circle.radiusKm);
  return sql`c.latitude BETWEEN ${box.minLat} AND ${box.maxLat}
    AND c.longitude BETWEEN ${box.minLon} AND ${box.maxLon}
    AND ${distanceSql(circle)} <= ${circle.radiusKm}::float8`;
}

/**
 * Head offices within the circle: one range of the (geo_cell, latitude, longitude) btree per grid
 * row, the bounding box, then the exact distance.
 */
export function circleSql(circle: Circle): SQL {
  const ranges = cellRanges(circle.lat, circle.lon, circle.radiusKm).map(
    ([a, b]) => sql`c.geo_cell BETWEEN ${a} AND ${b}`,
  );
  return sql`(${sql.join(ranges, sql` OR `)}) AND ${inCircleSql(circle)}`;
}

/** Nothing but labels required or refused: no other filter, nothing resolved, no point. */
function labelsOnly(f: SearchFilters, scope: ResolvedScope): boolean {
  if (scope.circle || scope.postcode || scope.department || scope.extra || scope.person)
    return false;
  if ((scope.communeLists?.length ?? 0) > 0) return false;
  return (Object.keys(EMPTY_FILTERS) as Array<keyof SearchFilters>).every(
    (k) =>
      k === 'labels' ||
      k === 'excludedLabels' ||
      JSON.stringify(f[k]) === JSON.stringify(EMPTY_FILTERS[k]),
  );
}

/**
 * The exact number of named companies matching the filters (the lists' total), or, with `limit`,
 * that number up to `limit` (the drop-in: the government API counts to 10,000 and no further).
 *
 * One label required, or one refused, and nothing else: from the per-label counts
 * (src/search/label-counts.ts), no row read; one required and some refused: its count less the
 * companies that carry it and a refused one (one read of the labels' GIN index). Within a circle, one count per grid row joined
 * laterally: each reads its range of the partial geo index alone (index-only scan, distance
 * computed from the index's latitude and longitude), where the rows' OR made the planner read
 * every matching table page through a bitmap (issue 27: 10 km around a point in Paris, 15,555
 * companies, 1.35 s cold and 0.2 s warm → 20 ms at 1 M, docs/SEARCH.md).
 */
export function countSql(
  f: SearchFilters,
  scope: ResolvedScope = {},
  limit: number | null = null,
): SQL {
  const circle = scope.circle;
  if (!circle) {
    const where = sql`${filtersSql(f, scope)} AND c.name IS NOT NULL`;
    // Up to the limit: the scan stops there (a broad filter reads 10,000 rows, not a million).
    const rows =
      limit === null
        ? sql`SELECT count(*)::int AS n FROM search_companies c WHERE ${where}`
        : sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM search_companies c WHERE ${where}
          LIMIT ${limit}) x`;
    const counted = labelsOnly(f, scope)
      ? labelCountSql(
          f.labels,
          f.excludedLabels,
          limit === null ? null : sql`SELECT n FROM (${rows}) r`,
        )
      : null;
    if (!counted) return rows;
    // The counts hold every company: up to the limit, as the rows' count stops there.
    return limit === null ? counted : sql`SELECT least(n, ${limit})::int AS n FROM (${counted}) k`;
  }
  const rest = filtersSql(f, { ...scope, circle: null });
  // A circle alone: the cells wholly inside come from the per-cell counts (src/search/geo/cells.ts),
  // only the edge cells are counted entry by entry.
  const { inner, edge } =
    rest === NO_FILTER
      ? splitCells(circle)
      : { inner: [], edge: cellRanges(circle.lat, circle.lon, circle.radiusKm) };
  const ints = (xs: number[]) => `{${xs.join(',')}}`;
  const edgeCount = sql`(SELECT coalesce(sum(x.n), 0)
    FROM unnest(${ints(edge.map((r) => r[0]))}::int[], ${ints(edge.map((r) => r[1]))}::int[]) AS r(lo, hi)
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM search_companies c
      WHERE c.geo_cell BETWEEN r.lo AND r.hi AND ${inCircleSql(circle)}
        AND ${rest} AND c.name IS NOT NULL) AS x)`;
  if (inner.length === 0) return sql`SELECT ${edgeCount}::int AS n`;
  return sql`SELECT (${innerCountSql(inner)} + ${edgeCount})::int AS n`;
}

/**
 * A person a list is filtered by: a director (search_directors), an élu of the collectivity
 * (elected_officials), or either. `words` are folded and must all be among the person's names;
 * births are kept to the month (src/domain/diffusion.ts), so the bounds are YYYYMM.
 */
export type PersonFilter = {
  words: readonly string[];
  bornFrom: number | null;
  bornTo: number | null;
  among: 'directors' | 'elected' | 'both';
};

/** The folded words of a name, as PersonFilter.words holds them. */
export const nameWords = (...parts: Array<string | null>): string[] =>
  foldName(parts.filter(Boolean).join(' ')).split(' ').filter(Boolean);

function birthBounds(alias: 'd' | 'e', p: PersonFilter): SQL[] {
  const ym = sql`(${sql.raw(alias)}.birth_year * 100 + coalesce(${sql.raw(alias)}.birth_month, 1))`;
  const out: SQL[] = [];
  if (p.bornFrom !== null) out.push(sql`${ym} >= ${p.bornFrom}`);
  if (p.bornTo !== null) out.push(sql`${ym} <= ${p.bornTo}`);
  return out;
}

/** A director of the company (names through the GIN-indexed tokens). */
function directorSql(p: PersonFilter): SQL {
  const parts: SQL[] = [sql`d.siren = c.siren`];
  if (p.words.length) parts.push(sql`d.tokens @> ${textArray([...p.words])}::text[]`);
  parts.push(...birthBounds('d', p));
  return sql`EXISTS (SELECT 1 FROM search_directors d WHERE ${sql.join(parts, sql` AND `)})`;
}

/**
 * The SIRENs of the collectivities where an élu sits (répertoire national des élus). The words
 * are read through elected_officials_words_idx (GIN, migration 0042), whose expression this is,
 * written as the index declares it: folding every élu's name (a regular expression per row, 20 µs)
 * cost a scan of the whole table.
 */
function electedSirens(p: PersonFilter): SQL {
  const parts: SQL[] = [sql`e.siren IS NOT NULL`];
  if (p.words.length)
    parts.push(
      sql`string_to_array(search_fold(e.last_name || ' ' || coalesce(e.first_names, '')), ' ') @> ${textArray([...p.words])}::text[]`,
    );
  parts.push(...birthBounds('e', p));
  return sql`SELECT e.siren FROM elected_officials e WHERE ${sql.join(parts, sql` AND `)}`;
}

/** The SIRENs of the companies a director matches (names through the GIN-indexed tokens). */
function directorSirens(p: PersonFilter): SQL {
  const parts: SQL[] = [];
  if (p.words.length) parts.push(sql`d.tokens @> ${textArray([...p.words])}::text[]`);
  parts.push(...birthBounds('d', p));
  return sql`SELECT d.siren FROM search_directors d WHERE ${parts.length ? sql.join(parts, sql` AND `) : sql`true`}`;
}

/**
 * The person condition: a director, an élu, or either (the government API's default). Either is
 * one semi-join on both sets (`IN (… UNION ALL …)`), never `EXISTS … OR IN …`: an OR of two
 * subqueries can only be checked row by row, and a list filtered by a person alone walked the
 * whole index (`nom_personne=martin` with a birth range, 0.35 to 0.8 s at 1 M) where the
 * semi-join reads the person's few companies by key.
 */
export function personSql(p: PersonFilter): SQL {
  if (p.among === 'directors') return directorSql(p);
  if (p.among === 'elected') return sql`c.siren IN (${electedSirens(p)})`;
  return sql`c.siren IN (${directorSirens(p)} UNION ALL ${electedSirens(p)})`;
}

/**
 * The person condition checked on one company by its SIREN: its directors
 * (search_directors_siren_idx) or its élus (elected_officials_siren_idx), a few rows each, then
 * the words and the birth range on them. Scalar subqueries, never pulled up into a join.
 */
function personProbeSql(p: PersonFilter): SQL {
  const words = textArray([...p.words]);
  const director = () => {
    const parts: SQL[] = [sql`d.siren = c.siren`];
    if (p.words.length) parts.push(sql`d.tokens @> ${words}::text[]`);
    parts.push(...birthBounds('d', p));
    return sql`(SELECT true FROM search_directors d WHERE ${sql.join(parts, sql` AND `)} LIMIT 1)`;
  };
  const elected = () => {
    const parts: SQL[] = [sql`e.siren = c.siren`];
    if (p.words.length)
      parts.push(
        sql`string_to_array(search_fold(e.last_name || ' ' || coalesce(e.first_names, '')), ' ') @> ${words}::text[]`,
      );
    parts.push(...birthBounds('e', p));
    return sql`(SELECT true FROM elected_officials e WHERE ${sql.join(parts, sql` AND `)} LIMIT 1)`;
  };
  if (p.among === 'directors') return sql`coalesce(${director()}, false)`;
  if (p.among === 'elected') return sql`coalesce(${elected()}, false)`;
  return sql`coalesce(${director()}, ${elected()}, false)`;
}

/**
 * The person filters of a search (a director, an élu, the drop-in's person), in the order of
 * ResolvedScope.personSirens.
 */
export function personsOf(f: SearchFilters, scope: ResolvedScope = {}): PersonFilter[] {
  const out: PersonFilter[] = [];
  if (f.electedName)
    out.push({ words: nameWords(f.electedName), bornFrom: null, bornTo: null, among: 'elected' });
  if (f.directorName)
    out.push({
      words: nameWords(f.directorName),
      bornFrom: f.directorBirthFrom === null ? null : f.directorBirthFrom * 100 + 1,
      bornTo: f.directorBirthTo === null ? null : f.directorBirthTo * 100 + 12,
      among: 'directors',
    });
  if (scope.person) out.push(scope.person);
  return out;
}

/**
 * Rows of a person's SIRENs read first at most (readPersonSirens): a person with more (a first
 * name alone at 29 M) has each of a name's candidates checked by its SIREN instead
 * (personProbeSql), work bounded by the name's candidates. Up to this many, reading them (a few
 * hundred pages of search_directors, stored by name) costs less than probing thousands of
 * candidates, and the planner, given the list, reads the person's companies by key when they are
 * fewer than the name's candidates.
 */
const PERSON_SET_ROWS = 10_000;

/**
 * Each person's SIRENs (personsOf's order), read once before a name's search; null for a person
 * with more than `rows` rows. As a semi-join in each branch of the name search (personSql), the
 * planner estimated « martin » born 1960–1970 at 22 SIRENs (a birth range on an expression gets
 * a default selectivity) where there were 1,195, drove from them and read each of their
 * companies by key, in two branches: 5,066 pages for `q=abdelkarim` at 1 M, 152 now (the list
 * read, 134 pages, then the name's one candidate looked up in it). Checked on each candidate by
 * its SIREN instead (personProbeSql for every person), a common name read 24,000 pages
 * (`q=sci`: 3,000 postings for a selective filter) where the planner, given the list, reads the
 * smaller side: the person's companies or the name's candidates (docs/DROP-IN.md).
 */
export async function readPersonSirens(
  db: Db,
  persons: readonly PersonFilter[],
  rows = PERSON_SET_ROWS,
): Promise<PersonSirens[]> {
  return Promise.all(
    persons.map(async (p) => {
      const sirens =
        p.among === 'directors'
          ? directorSirens(p)
          : p.among === 'elected'
            ? electedSirens(p)
            : sql`${directorSirens(p)} UNION ALL ${electedSirens(p)}`;
      const found = await queryRows<{ siren: string }>(
        db,
        sql`SELECT siren FROM (${sirens}) s LIMIT ${rows + 1}`,
      );
      return found.length > rows ? null : [...new Set(found.map((r) => r.siren))].sort();
    }),
  );
}

/** Person `i` of personsOf: as a set (personSql), or from its SIRENs read first. */
function personCondition(p: PersonFilter, i: number, scope: ResolvedScope): SQL {
  const read = scope.personSirens;
  if (!read) return personSql(p);
  const sirens = read[i];
  if (sirens === undefined) throw new Error(`personSirens: person ${i} not read`);
  if (sirens === null) return personProbeSql(p);
  return sql`c.siren IN (SELECT unnest(${textArray([...sirens])}::bpchar[]))`;
}

/**
 * Any establishment of the company in one of these postcodes (the government API's
 * `code_postal`, not only the head office's); a partially diffused establishment's postcode is
 * hidden, so never matched.
 */
export function anyEstablishmentPostcodeSql(postcodes: readonly string[]): SQL {
  return sql`EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren
    AND e.postcode = ANY(${textArray([...postcodes])}::text[]) AND e.diffusion = 'O')`;
}

/** The conditions together (AND); null when there are none. */
export function allOf(parts: readonly SQL[]): SQL | null {
  return parts.length ? sql.join([...parts], sql` AND `) : null;
}

/** Diffusible companies only (the government API's geo search serves no other). */
export const DIFFUSIBLE_ONLY = sql`c.diffusion = 'O'`;

/**
 * The government API's orders of a list (its Elasticsearch sorts, docs/DROP-IN.md): without words,
 * the most open establishments first (ties in SIREN order, as its stored answers show;
 * search_companies_open_idx reads it); around a point, where every score is equal, the active
 * before the ceased (`etat_administratif` ascending), then the most open establishments.
 */
export const BY_OPEN_ESTABLISHMENTS = sql`c.open_establishments DESC NULLS LAST, c.siren`;
export const ACTIVE_THEN_BY_OPEN_ESTABLISHMENTS = sql`c.status, c.open_establishments DESC NULLS LAST, c.siren`;

/** A bigint column's bound: whole euros, and never beyond the type (9.2 × 10¹⁸) nor a 500. */
const BIGINT_MAX = 9223372036854775807n;
function euros(x: number, round: (x: number) => number): string {
  if (!Number.isFinite(x)) return String(x > 0 ? BIGINT_MAX : -BIGINT_MAX - 1n);
  const v = BigInt(round(x));
  return String(v > BIGINT_MAX ? BIGINT_MAX : v < -BIGINT_MAX - 1n ? -BIGINT_MAX - 1n : v);
}

/**
 * `col = value` for one value (the planner then reads an index in its order: a department and a
 * NAF section sorted by size walk (department, naf_section, popularity) and stop at the page),
 * `col = ANY(values)` for several; `type` the column's (a char(1) compared with text[] would be
 * cast to text and leave its index).
 */
function oneOf(col: SQL, values: readonly string[], type: 'text' | 'bpchar' = 'text'): SQL {
  return values.length === 1
    ? sql`${col} = ${values[0]}`
    : sql`${col} = ANY(${textArray(values)}::${sql.raw(type)}[])`;
}

/** SQL conditions on search_companies aliased `c`; `sql\`true\`` when there are none. */
export function filtersSql(f: SearchFilters, scope: ResolvedScope = {}): SQL {
  const parts: SQL[] = [];
  if (f.departments.length) parts.push(oneOf(sql`c.department`, f.departments));
  if (f.activities.length) {
    const sections = f.activities.filter((a) => a.length === 1);
    const codes = f.activities.filter((a) => a.length > 1);
    // Only the non-empty sides: an empty `OR naf_code = ANY('{}')` kept the planner off the
    // (department, naf_section) index for the count.
    const sides: SQL[] = [];
    if (sections.length) sides.push(oneOf(sql`c.naf_section`, sections, 'bpchar'));
    if (codes.length) sides.push(oneOf(sql`c.naf_code`, codes));
    parts.push(sides.length === 1 ? sides[0]! : sql`(${sql.join(sides, sql` OR `)})`);
  }
  if (f.legalForms.length) {
    const patterns = f.legalForms.map((code) => `${code}%`);
    parts.push(sql`c.legal_form_code LIKE ANY(${textArray(patterns)}::text[])`);
  }
  if (f.headcountBands.length) parts.push(oneOf(sql`c.headcount_band`, f.headcountBands));
  if (f.categories.length) parts.push(oneOf(sql`c.category`, f.categories));
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.createdFrom) parts.push(sql`c.creation_date >= ${f.createdFrom}::date`);
  if (f.createdTo) parts.push(sql`c.creation_date <= ${f.createdTo}::date`);
  if (f.capitalMin !== null) parts.push(sql`c.capital_amount >= ${f.capitalMin}`);
  if (f.capitalMax !== null) parts.push(sql`c.capital_amount <= ${f.capitalMax}`);
  // Whole euros in the table (bigint): a bound with cents is rounded inwards, the same rows
  // (« ≥ 48.85 » is « ≥ 49 »), and the parameter stays a bigint the indexes can use.
  if (f.revenueMin !== null)
    parts.push(sql`c.revenue >= ${euros(f.revenueMin, Math.ceil)}::bigint`);
  if (f.revenueMax !== null)
    parts.push(sql`c.revenue <= ${euros(f.revenueMax, Math.floor)}::bigint`);
  if (f.netResultMin !== null)
    parts.push(sql`c.net_result >= ${euros(f.netResultMin, Math.ceil)}::bigint`);
  if (f.netResultMax !== null)
    parts.push(sql`c.net_result <= ${euros(f.netResultMax, Math.floor)}::bigint`);
  if (f.labels.length) parts.push(sql`c.labels @> ${textArray(f.labels)}::text[]`);
  if (f.excludedLabels.length)
    parts.push(sql`NOT (c.labels && ${textArray(f.excludedLabels)}::text[])`);
  if (f.collectivities.length) parts.push(oneOf(sql`c.colter_code`, f.collectivities));
  // The identifiers as `kind:identifier` in one GIN-indexed array (src/search/indexer.ts), read
  // first into the few SIRENs they name: each identifier is unique, so the column's statistics
  // hold no common element and the planner assumed 0.5 % of the companies matched, then walked the
  // popularity order for them (an unknown id_finess alone: 3.5 s at 5 M); `= ANY(ARRAY(…))` is
  // estimated at a handful of rows, read by key.
  for (const [kind, values] of [
    ['finess-geo', f.finess],
    ['uai', f.uai],
    ['rge', f.rge],
  ] as const)
    if (values.length) {
      const ids = textArray(values.map((v) => `${kind}:${v}`));
      parts.push(
        sql`c.label_ids && ${ids}::text[] AND c.siren = ANY(ARRAY(SELECT i.siren
          FROM search_companies i WHERE i.label_ids && ${ids}::text[]))`,
      );
    }
  if (f.contradictions)
    parts.push(sql`EXISTS (SELECT 1 FROM company_contradictions x WHERE x.siren = c.siren)`);
  if (f.place) {
    if (/^\d{5}$/.test(f.place)) parts.push(sql`c.postcode = ${f.place}`);
    else if (/^\d{2,3}$/.test(f.place)) parts.push(sql`c.department = ${f.place}`);
    else parts.push(sql`search_fold(c.commune_name) = ${foldName(f.place)}`);
  }
  // Communes and EPCIs: resolved by the caller (searchCompanies, which refuses unknown codes), or
  // here for the callers that pass no scope (export, saved searches): never silently dropped.
  const communeLists = scope.communeLists ?? [
    ...(f.communes.length ? [resolveCommunes(f.communes).codes] : []),
    ...(f.epcis.length ? [resolveEpcis(f.epcis).codes] : []),
  ];
  for (const codes of communeLists) parts.push(oneOf(sql`c.commune_code`, codes));
  if (scope.postcode) parts.push(sql`c.postcode = ${scope.postcode}`);
  if (scope.department) parts.push(sql`c.department = ${scope.department}`);
  if (f.idcc.length) parts.push(sql`c.idcc && ${textArray(f.idcc)}::text[]`);
  personsOf(f, scope).forEach((p, i) => parts.push(personCondition(p, i, scope)));
  if (scope.circle) parts.push(circleSql(scope.circle));
  if (scope.extra) parts.push(scope.extra);
  if (parts.length === 0) return NO_FILTER;
  return sql.join(parts, sql` AND `);
}
