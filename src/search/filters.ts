/**
 * Search filters as SQL conditions on search_companies (aliased `c`). The URL parameters are
 * parsed by src/search/request.ts (shared with the client); here, the server side only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from './filter-params';
import { boundingBox, cellRanges, EARTH_RADIUS_KM } from './geo/grid';
import { resolveCommunes, resolveEpcis } from './geo/places';
import { foldName, textArray } from './normalize';

export { EMPTY_FILTERS, type SearchFilters } from './filter-params';
export { filtersToParams, hasFilters, parseFilters } from './request';

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
};

/** Great-circle distance (km) from the circle's centre to the head office, in SQL. */
export function distanceSql(circle: Circle): SQL {
  const lat = circle.lat;
  const lon = circle.lon;
  return sql`(${2 * EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lon}::float8) / 2), 2)))))`;
}

/**
 * Head offices within the circle: one range of the (geo_cell, latitude, longitude) btree per grid
 * row, the bounding box, then the exact distance.
 */
export function circleSql(circle: Circle): SQL {
  const ranges = cellRanges(circle.lat, circle.lon, circle.radiusKm).map(
    ([a, b]) => sql`c.geo_cell BETWEEN ${a} AND ${b}`,
  );
  const box = boundingBox(circle.lat, circle.lon, circle.radiusKm);
  return sql`(${sql.join(ranges, sql` OR `)}) AND c.latitude BETWEEN ${box.minLat} AND ${box.maxLat}
    AND c.longitude BETWEEN ${box.minLon} AND ${box.maxLon}
    AND ${distanceSql(circle)} <= ${circle.radiusKm}::float8`;
}

/** SQL conditions on search_companies aliased `c`; `sql\`true\`` when there are none. */
export function filtersSql(f: SearchFilters, scope: ResolvedScope = {}): SQL {
  const parts: SQL[] = [];
  if (f.departments.length)
    parts.push(sql`c.department = ANY(${textArray(f.departments)}::text[])`);
  if (f.activities.length) {
    const sections = f.activities.filter((a) => a.length === 1);
    const codes = f.activities.filter((a) => a.length > 1);
    // Only the non-empty sides: an empty `OR naf_code = ANY('{}')` kept the planner off the
    // (department, naf_section) index for the count.
    const sides: SQL[] = [];
    if (sections.length) sides.push(sql`c.naf_section = ANY(${textArray(sections)}::text[])`);
    if (codes.length) sides.push(sql`c.naf_code = ANY(${textArray(codes)}::text[])`);
    parts.push(sides.length === 1 ? sides[0]! : sql`(${sql.join(sides, sql` OR `)})`);
  }
  if (f.legalForms.length) {
    const patterns = f.legalForms.map((code) => `${code}%`);
    parts.push(sql`c.legal_form_code LIKE ANY(${textArray(patterns)}::text[])`);
  }
  if (f.headcountBands.length)
    parts.push(sql`c.headcount_band = ANY(${textArray(f.headcountBands)}::text[])`);
  if (f.categories.length) parts.push(sql`c.category = ANY(${textArray(f.categories)}::text[])`);
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.createdFrom) parts.push(sql`c.creation_date >= ${f.createdFrom}::date`);
  if (f.createdTo) parts.push(sql`c.creation_date <= ${f.createdTo}::date`);
  if (f.capitalMin !== null) parts.push(sql`c.capital_amount >= ${f.capitalMin}`);
  if (f.capitalMax !== null) parts.push(sql`c.capital_amount <= ${f.capitalMax}`);
  if (f.revenueMin !== null) parts.push(sql`c.revenue >= ${f.revenueMin}`);
  if (f.revenueMax !== null) parts.push(sql`c.revenue <= ${f.revenueMax}`);
  if (f.netResultMin !== null) parts.push(sql`c.net_result >= ${f.netResultMin}`);
  if (f.netResultMax !== null) parts.push(sql`c.net_result <= ${f.netResultMax}`);
  if (f.labels.length) parts.push(sql`c.labels @> ${textArray(f.labels)}::text[]`);
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
  for (const codes of communeLists)
    parts.push(sql`c.commune_code = ANY(${textArray(codes)}::text[])`);
  if (scope.postcode) parts.push(sql`c.postcode = ${scope.postcode}`);
  if (scope.department) parts.push(sql`c.department = ${scope.department}`);
  if (f.idcc.length) parts.push(sql`c.idcc && ${textArray(f.idcc)}::text[]`);
  if (f.directorName) {
    const tokens = foldName(f.directorName).split(' ').filter(Boolean);
    const birth: SQL[] = [];
    if (f.directorBirthFrom !== null) birth.push(sql`AND d.birth_year >= ${f.directorBirthFrom}`);
    if (f.directorBirthTo !== null) birth.push(sql`AND d.birth_year <= ${f.directorBirthTo}`);
    parts.push(sql`EXISTS (SELECT 1 FROM search_directors d WHERE d.siren = c.siren
      AND d.tokens @> ${textArray(tokens)}::text[] ${sql.join(birth, sql` `)})`);
  }
  if (scope.circle) parts.push(circleSql(scope.circle));
  if (parts.length === 0) return sql`true`;
  return sql.join(parts, sql` AND `);
}
