/**
 * The orders of a results list: the natural direction of each sort, a ranked list (a name, an
 * identifier) re-sorted in process, and the ORDER BY of a list read by filters (the export reads
 * the same).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { textArray } from '@/domain/sql-fragments';
import type { CompanySearchPage, Ranked } from './company-results';
import type { SearchSort } from './filter-params';
import { distanceSql, type Circle } from './filters';
import { distanceKm } from './geo/grid';
import { foldName } from './normalize';

export function naturalOrder(sort: SearchSort): 'asc' | 'desc' {
  return sort === 'nom' || sort === 'distance' ? 'asc' : 'desc';
}

/** A ranked list in another order than relevance (ties keep the relevance order). */
export async function sortRanked(
  db: Db,
  ranked: Ranked,
  sort: SearchSort,
  order: 'asc' | 'desc',
  near: CompanySearchPage['near'],
): Promise<Ranked> {
  if (sort === 'pertinence' || ranked.length < 2) return ranked;
  const rows = await queryRows<{
    siren: string;
    name: string | null;
    creation_date: string | null;
    popularity: number;
    revenue: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    sql`SELECT siren, name, creation_date, popularity, revenue, latitude, longitude FROM search_companies
      WHERE siren = ANY(${textArray(ranked.map((r) => r.siren))}::bpchar[])`,
  );
  const by = new Map(rows.map((r) => [r.siren, r]));
  const key = (siren: string): string | number | null => {
    const r = by.get(siren);
    if (!r) return null;
    switch (sort) {
      case 'nom':
        return r.name === null ? null : foldName(r.name);
      case 'creation':
        return r.creation_date;
      case 'taille':
        return Number(r.popularity);
      case 'ca':
        return r.revenue === null ? null : Number(r.revenue);
      default:
        return near && r.latitude !== null && r.longitude !== null
          ? distanceKm(near, { lat: Number(r.latitude), lon: Number(r.longitude) })
          : null;
    }
  };
  const keyed = ranked.map((r, i) => ({ r, i, k: key(r.siren) }));
  const dir = order === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    // Unknown values last, whatever the order.
    if (a.k === null || b.k === null) return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
    const c =
      typeof a.k === 'number' && typeof b.k === 'number'
        ? a.k - b.k
        : String(a.k) < String(b.k)
          ? -1
          : String(a.k) > String(b.k)
            ? 1
            : 0;
    return c * dir || a.i - b.i;
  });
  return keyed.map((x) => x.r);
}

/** ORDER BY of a search by filters; NULLS LAST whatever the direction, the SIREN last. */
/** The ORDER BY of a results list (search_companies aliased `c`): the export reads the same. */
export function orderSql(sort: SearchSort, order: 'asc' | 'desc', circle: Circle | null): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  switch (sort) {
    case 'nom':
      return sql`search_fold(c.name) ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'creation':
      return sql`c.creation_date ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'ca':
      return sql`c.revenue ${dir} NULLS LAST, c.popularity DESC NULLS LAST, c.siren`;
    case 'distance':
      return circle
        ? sql`${distanceSql(circle)} ${dir}, c.popularity DESC NULLS LAST, c.siren`
        : sql`c.popularity DESC NULLS LAST, c.siren`;
    default:
      // pertinence and taille: size and activity (popularity), then the open establishments.
      return sql`c.popularity ${dir} NULLS LAST, c.open_establishments ${dir}, c.siren`;
  }
}
