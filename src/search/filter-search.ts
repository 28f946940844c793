/** A search by filters or around a point, without a name (src/search/companies.ts). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { loadResults, type CompanySearchPage } from './company-results';
import type { SearchSort } from './filter-params';
import {
  countSql,
  filtersSql,
  type Circle,
  type ResolvedScope,
  type SearchFilters,
} from './filters';
import { orderSql } from './sorting';

/**
 * Search by filters (and around a point) without a name: the exact count, then the page in the
 * requested order. Nearest first reads growing circles (1/8, 1/4, 1/2 of the radius, then all):
 * the rows of a smaller circle, nearest first, are the nearest of the whole circle as soon as it
 * holds the page, so a dense city does not sort every company within 50 km.
 */
export async function searchByFilters(
  db: Db,
  filters: SearchFilters,
  scope: ResolvedScope,
  page: number,
  perPage: number,
  sort: SearchSort,
  order: 'asc' | 'desc',
  hideFinancialData: boolean,
  customOrder: SQL | null = null,
  countLimit: number | null = null,
): Promise<Omit<CompanySearchPage, 'sort' | 'order' | 'near' | 'place'>> {
  const where = sql`${filtersSql(filters, scope)} AND c.name IS NOT NULL`;
  const offset = (page - 1) * perPage;
  const circle = scope.circle ?? null;
  const countQuery = queryRows<{ n: number }>(db, countSql(filters, scope, countLimit));
  // Awaited below: should the page's query fail first, the count's own failure must not be left
  // unhandled (Node ends the process on an unhandled rejection).
  countQuery.catch(() => undefined);
  let rows: Array<{ siren: string }> = [];
  if (circle && sort === 'distance' && order === 'asc' && !customOrder) {
    for (const share of [1 / 8, 1 / 4, 1 / 2, 1]) {
      const inner: Circle = { ...circle, radiusKm: circle.radiusKm * share };
      rows = await queryRows<{ siren: string }>(
        db,
        sql`SELECT c.siren FROM search_companies c
          WHERE ${filtersSql(filters, { ...scope, circle: inner })} AND c.name IS NOT NULL
          ORDER BY ${orderSql(sort, order, circle)} LIMIT ${offset + perPage}`,
      );
      if (rows.length >= offset + perPage) break;
    }
    rows = rows.slice(offset);
  } else {
    rows = await queryRows<{ siren: string }>(
      db,
      sql`SELECT c.siren FROM search_companies c WHERE ${where}
        ORDER BY ${customOrder ?? orderSql(sort, order, circle)} LIMIT ${perPage} OFFSET ${offset}`,
    );
  }
  const [count] = await countQuery;
  const n = count?.n ?? 0;
  return {
    results: await loadResults(
      db,
      rows.map((r) => ({ siren: r.siren, matched: null })),
      hideFinancialData,
      undefined,
      circle ? { ...circle, commune: null } : null,
    ),
    page,
    perPage,
    total: n,
    totalIsLowerBound: false,
    totalPages: Math.ceil(n / perPage),
    query: '',
    queryKind: 'filters',
  };
}
