/**
 * Crawlable indexes (/index-entreprises, /index-dirigeants) and the sitemaps: lists of companies
 * and of directors by NAF class and by department, protected people left out.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { slugify } from '@/domain/slug';
import { personName } from './directors';
import { clean } from './result';
import { withStatementTimeout } from './timeout';
import { BAND_ORDER, LISTABLE, summaryFromRow, type CompanySummary } from './similar';

export const INDEX_PAGE_SIZE = 100;
export const SITEMAP_SIZE = 50_000;
/** An index page is a convenience for crawlers: past this, it says so rather than hang. */
export const INDEX_TIMEOUT_MS = 3_000;

export type IndexFilter = { nafCode?: string | null; department?: string | null };

/** Valid department code ("75", "2A", "971") or null. */
export function parseDepartment(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toUpperCase();
  return /^(\d{2}|2[AB]|97\d)$/.test(v) ? v : null;
}

/**
 * Active companies of a NAF class, largest first (index companies_similar_idx), or head offices
 * of a department in commune order (index establishments_head_office_commune_idx): both read in
 * index order, so a page costs the same at any scale.
 */
export async function listIndexCompanies(
  db: Db,
  f: IndexFilter,
  page: number,
): Promise<{ items: CompanySummary[]; hasNext: boolean }> {
  const offset = (page - 1) * INDEX_PAGE_SIZE;
  const rows = await withStatementTimeout(db, INDEX_TIMEOUT_MS, (tx) =>
    f.nafCode
      ? queryRows<Parameters<typeof summaryFromRow>[0]>(
          tx,
          sql`SELECT c.siren, c.name, c.naf_code, c.headcount_band, c.status, e.commune_name
            FROM companies c
            LEFT JOIN establishments e ON e.siret = (c.siren || c.head_office_nic)::char(14)
            WHERE c.naf_code = ${f.nafCode} AND c.status = 'A' AND ${LISTABLE} AND c.name IS NOT NULL
              ${f.department ? sql`AND e.commune_code LIKE ${`${f.department}%`}` : sql``}
            ORDER BY ${BAND_ORDER}, c.open_establishments DESC, c.siren
            LIMIT ${INDEX_PAGE_SIZE + 1} OFFSET ${offset}`,
        )
      : queryRows<Parameters<typeof summaryFromRow>[0]>(
          tx,
          sql`SELECT c.siren, c.name, c.naf_code, c.headcount_band, c.status, e.commune_name
            FROM establishments e
            JOIN companies c ON c.siren = e.siren AND c.head_office_nic = e.nic
            WHERE e.is_head_office AND e.commune_code LIKE ${`${f.department ?? ''}%`}
              AND c.status = 'A' AND ${LISTABLE} AND c.name IS NOT NULL
            ORDER BY e.commune_code, e.siret
            LIMIT ${INDEX_PAGE_SIZE + 1} OFFSET ${offset}`,
        ),
  );
  return {
    items: rows.slice(0, INDEX_PAGE_SIZE).map(summaryFromRow),
    hasNext: rows.length > INDEX_PAGE_SIZE,
  };
}

export type DirectorSummary = {
  id: string;
  name: string;
  slug: string;
  role: string;
  company: string;
};

const DISTINCT_PERSON = sql.raw(`d.kind = 'person' AND d.person_key ~ '\\|[0-9]{4}-[0-9]{2}$'
  AND NOT EXISTS (SELECT 1 FROM opposition_requests o WHERE o.person_key = d.person_key AND o.status <> 'rejected')`);

/**
 * Directors of the companies the company index lists, in the same index order (largest companies
 * of a class first, or head offices by commune), so a page reads a few hundred rows at any scale.
 * Only people who can be told apart from homonyms (birth month known) have a profile to link to.
 */
export async function listIndexDirectors(
  db: Db,
  f: IndexFilter,
  page: number,
): Promise<{ items: DirectorSummary[]; hasNext: boolean }> {
  const offset = (page - 1) * INDEX_PAGE_SIZE;
  type Row = {
    id: string;
    first_names: string | null;
    last_name: string | null;
    role_label: string | null;
    company: string | null;
  };
  const rows = await withStatementTimeout(db, INDEX_TIMEOUT_MS, (tx) =>
    f.nafCode
      ? queryRows<Row>(
          tx,
          sql`SELECT d.id, d.first_names, d.last_name, d.role_label, c.name AS company
            FROM companies c
            JOIN directors d ON d.siren = c.siren
            ${f.department ? sql`JOIN establishments e ON e.siret = (c.siren || c.head_office_nic)::char(14)` : sql``}
            WHERE c.naf_code = ${f.nafCode} AND c.status = 'A' AND ${LISTABLE} AND ${DISTINCT_PERSON}
              ${f.department ? sql`AND e.commune_code LIKE ${`${f.department}%`}` : sql``}
            ORDER BY ${BAND_ORDER}, c.open_establishments DESC, c.siren, d.id
            LIMIT ${INDEX_PAGE_SIZE + 1} OFFSET ${offset}`,
        )
      : queryRows<Row>(
          tx,
          sql`SELECT d.id, d.first_names, d.last_name, d.role_label, c.name AS company
            FROM establishments e
            JOIN companies c ON c.siren = e.siren AND c.head_office_nic = e.nic
            JOIN directors d ON d.siren = c.siren
            WHERE e.is_head_office AND e.commune_code LIKE ${`${f.department ?? ''}%`}
              AND c.status = 'A' AND ${LISTABLE} AND ${DISTINCT_PERSON}
            ORDER BY e.commune_code, e.siret, d.id
            LIMIT ${INDEX_PAGE_SIZE + 1} OFFSET ${offset}`,
        ),
  );
  return {
    items: rows.slice(0, INDEX_PAGE_SIZE).map((r) => {
      const name = personName(r.first_names, r.last_name);
      return {
        id: r.id,
        name,
        slug: slugify(name) || 'dirigeant',
        role: clean(r.role_label) ?? 'Dirigeant',
        company: clean(r.company) ?? '',
      };
    }),
    hasNext: rows.length > INDEX_PAGE_SIZE,
  };
}

/** Sitemap counts: how many files of at most 50,000 URLs each list needs. */
export async function sitemapCounts(db: Db): Promise<{ companies: number; directors: number }> {
  const [c] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM companies c WHERE ${LISTABLE} AND c.name IS NOT NULL`,
  );
  const [d] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT d.person_key)::int AS n FROM directors d WHERE ${DISTINCT_PERSON}`,
  );
  return {
    companies: Math.max(1, Math.ceil((c?.n ?? 0) / SITEMAP_SIZE)),
    directors: Math.max(1, Math.ceil((d?.n ?? 0) / SITEMAP_SIZE)),
  };
}

export async function sitemapCompanies(
  db: Db,
  chunk: number,
): Promise<Array<{ path: string; lastmod: string | null }>> {
  const rows = await queryRows<{ siren: string; name: string | null; updated_at: string | null }>(
    db,
    sql`SELECT c.siren, c.name, c.updated_at::date::text AS updated_at FROM companies c
        WHERE ${LISTABLE} AND c.name IS NOT NULL
        ORDER BY c.siren LIMIT ${SITEMAP_SIZE} OFFSET ${chunk * SITEMAP_SIZE}`,
  );
  return rows.map((r) => ({
    path: `/entreprises/${r.siren}/${slugify(clean(r.name)) || 'entreprise'}`,
    lastmod: r.updated_at,
  }));
}

export async function sitemapDirectors(
  db: Db,
  chunk: number,
): Promise<Array<{ path: string; lastmod: string | null }>> {
  const rows = await queryRows<{
    id: string;
    first_names: string | null;
    last_name: string | null;
    updated_at: string | null;
  }>(
    db,
    sql`SELECT DISTINCT ON (d.person_key) d.id, d.first_names, d.last_name, d.updated_at::date::text AS updated_at
        FROM directors d WHERE ${DISTINCT_PERSON}
        ORDER BY d.person_key, d.id LIMIT ${SITEMAP_SIZE} OFFSET ${chunk * SITEMAP_SIZE}`,
  );
  return rows.map((r) => ({
    path: `/dirigeants/${encodeURIComponent(r.id)}/${slugify(personName(r.first_names, r.last_name)) || 'dirigeant'}`,
    lastmod: r.updated_at,
  }));
}
