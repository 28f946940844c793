/**
 * The SQL twins of rules the site also applies in TypeScript, one fragment each, so that the
 * registry's reads, the search and its index compute them alike on both databases: the
 * great-circle distance, the department of a commune, a company's state, and the one way to
 * pass a list of texts.
 * Fragments only (Drizzle's `sql`): no connection, no I/O.
 */
import { Column, is, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from './geo';

/**
 * Great-circle distance in km (haversine) from a row's position to a point, as `distanceKm` of
 * src/search/geo/grid.ts computes it; clamped so that rounding never asks asin of more than 1.
 */
export function distanceKmSql(
  latitude: SQL,
  longitude: SQL,
  point: { lat: number; lon: number },
): SQL {
  const { lat, lon } = point;
  return sql`(${2 * EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${lon}::float8) / 2), 2)))))`;
}

/**
 * The department of a commune code (COG), as `departmentOfCommune` of
 * src/domain/reference/departments.ts: 3 characters overseas (97x), else 2 (2A and 2B for
 * Corsica); NULL for NULL.
 */
export function departmentOfCommuneSql(commune: SQL): SQL {
  return sql`(CASE WHEN ${commune} LIKE '97%' THEN left(${commune}, 3) ELSE left(${commune}, 2) END)`;
}

/**
 * A list of texts as one PostgreSQL array literal, passed as one parameter
 * (`= ANY(${textArray(x)}::text[])`, `unnest(…)`, `@>`): Drizzle would otherwise spread a JS array
 * into a list of parameters, one per value, and a long list would pass the protocol's limit.
 * `inList` and `listOf` below write the cast with it.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The values of a list: texts, or integers (`{1,2,3}`, no quoting needed). */
export type ListValues = readonly string[] | readonly number[];

function arrayLiteral(values: ListValues): string {
  if (values.every((v): v is number => typeof v === 'number')) {
    if (!values.every(Number.isSafeInteger)) throw new Error('listOf: integers only');
    return `{${values.join(',')}}`;
  }
  return textArray(values as readonly string[]);
}

/**
 * The one way to pass a list to SQL: one parameter, an array of `type` (`$1::char(9)[]`), for
 * `unnest(…)`, `@>` or `= ANY(…)` (`inList`), on PGlite and PostgreSQL alike, whatever its length.
 * The type is the column's own (`char(9)` for a SIREN, `char(14)` for a SIRET) so that the
 * comparison uses its index.
 */
export function listOf(values: ListValues, type: string): SQL {
  if (!/^[a-z][a-z0-9_ ]*(\(\d+\))?$/.test(type)) throw new Error(`listOf: type ${type}`);
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** A serial column's values are of the integer type under it. */
const SERIAL: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};

/**
 * `target = ANY(list)`: a column (of a Drizzle table, whose SQL type it takes) or an expression
 * (`type` then, `text` unless told) among `values`, the list passed as one parameter (`listOf`).
 * An empty list matches nothing.
 */
export function inList(target: Column | SQL, values: ListValues, type?: string): SQL {
  const t =
    type ?? (is(target, Column) ? (SERIAL[target.getSQLType()] ?? target.getSQLType()) : 'text');
  return sql`(${target} = ANY(${listOf(values, t)}))`;
}

/** A source gave the company a state or an identity (`known` of companyState), on `companies c`. */
const STATE_KNOWN = `(c.sirene_updated_at IS NOT NULL
  OR coalesce(jsonb_typeof(c.field_sources -> 'status'), 'null') <> 'null'
  OR coalesce(jsonb_typeof(c.field_sources -> 'name'), 'null') <> 'null')`;

/**
 * `stateOf` of src/registry/company.ts in SQL (the twin of src/domain/company-state.ts), on
 * `companies c`: 'active', 'ceased', 'struck-off' or 'unknown', for the search
 * index and the lists that keep active companies only (an empty record is never active). A test
 * compares the search results with the page on every company of the sample.
 */
export const COMPANY_STATE = sql.raw(`(CASE
  WHEN c.rcs_strike_off_date IS NOT NULL AND (c.status = 'C' OR NOT ${STATE_KNOWN}) THEN 'struck-off'
  WHEN NOT ${STATE_KNOWN} THEN 'unknown'
  WHEN c.status = 'C' THEN 'ceased'
  ELSE 'active' END)`);

/** `companies c` is active in the page's sense. */
export const ACTIVE_COMPANY = sql.raw(`(c.status = 'A' AND ${STATE_KNOWN})`);
