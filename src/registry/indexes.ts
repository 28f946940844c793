/**
 * Crawlable indexes (/index-entreprises, /index-dirigeants) and the sitemaps: lists of companies
 * and of directors by NAF class and by department, protected people left out.
 */
import { ACTIVE_COMPANY } from '@/domain/sql-fragments';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { slugify } from '@/domain/slug';
import { personName } from './directors';
import { clean } from './result';
import { withStatementTimeout } from './timeout';
import { LISTABLE, personOpposed } from './opposition';
import { BAND_ORDER, summaryFromRow, type CompanySummary } from './similar';

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
            WHERE c.naf_code = ${f.nafCode} AND ${ACTIVE_COMPANY} AND ${LISTABLE} AND c.name IS NOT NULL
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
              AND ${ACTIVE_COMPANY} AND ${LISTABLE} AND c.name IS NOT NULL
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

const DISTINCT_PERSON = sql`${sql.raw(`d.kind = 'person' AND d.person_key ~ '\\|[0-9]{4}-[0-9]{2}$'`)}
  AND NOT ${personOpposed(sql`d.person_key`)}`;

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
            WHERE c.naf_code = ${f.nafCode} AND ${ACTIVE_COMPANY} AND ${LISTABLE} AND ${DISTINCT_PERSON}
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
              AND ${ACTIVE_COMPANY} AND ${LISTABLE} AND ${DISTINCT_PERSON}
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

/**
 * Sitemaps without OFFSET: a file is a key range, read in index order, so the last file of a
 * 29M-company registry costs what the first does.
 * - Companies: SIREN ranges of SIREN_RANGE numbers (primary key). The Luhn key makes one number
 *   in ten a valid SIREN, so a range holds at most 40,000 of them, under the 50,000 URLs a sitemap
 *   may list. The index lists the ranges that hold a company (a loose index scan: one probe per
 *   range, 2,500 at most).
 * - Directors: ranges of a hash of the person key (index directors_sitemap_idx, migration 0007).
 *   The number of ranges follows the size of the table (planner estimate, ≥ one row per person)
 *   and is written in the file name (`dirigeants-<ranges>-<n>.xml`), so a file keeps its meaning
 *   when the table grows and the index is recomputed.
 */
export const SIREN_RANGE = 400_000;
const SIREN_SPACE = 1_000_000_000;
const PERSONS_PER_FILE = 40_000;
const HASH_SPACE = 2 ** 31;
const PERSON_HASH = sql.raw(`(hashtext(d.person_key)::bigint & 2147483647)`);

export type SitemapFile =
  { kind: 'entreprises'; range: number } | { kind: 'dirigeants'; ranges: number; range: number };

export function sitemapFileName(f: SitemapFile): string {
  return f.kind === 'entreprises'
    ? `entreprises-${f.range}.xml`
    : `dirigeants-${f.ranges}-${f.range}.xml`;
}

/** "entreprises-3.xml", "dirigeants-12-3.xml" → the file, or null if no such file can exist. */
export function parseSitemapFile(file: string): SitemapFile | null {
  const c = /^entreprises-(\d{1,4})\.xml$/.exec(file);
  if (c) {
    const range = Number(c[1]);
    return range < SIREN_SPACE / SIREN_RANGE ? { kind: 'entreprises', range } : null;
  }
  const d = /^dirigeants-(\d{1,5})-(\d{1,5})\.xml$/.exec(file);
  if (!d) return null;
  const ranges = Number(d[1]);
  const range = Number(d[2]);
  return ranges >= 1 && ranges <= SITEMAP_SIZE && range < ranges
    ? { kind: 'dirigeants', ranges, range }
    : null;
}

/** Every sitemap file the index lists. */
export async function sitemapFiles(db: Db): Promise<SitemapFile[]> {
  const ranges = await queryRows<{ range: number }>(
    db,
    sql`WITH RECURSIVE r(siren) AS (
          (SELECT siren FROM companies ORDER BY siren LIMIT 1)
          UNION ALL
          SELECT (SELECT c.siren FROM companies c
                  WHERE c.siren >= lpad(((r.siren::bigint / ${SIREN_RANGE} + 1) * ${SIREN_RANGE})::text, 9, '0')::char(9)
                  ORDER BY c.siren LIMIT 1)
          FROM r WHERE r.siren IS NOT NULL)
        SELECT (siren::bigint / ${SIREN_RANGE})::int AS range FROM r
        WHERE siren IS NOT NULL AND siren::bigint < ${SIREN_SPACE}`,
  );
  const [estimate] = await queryRows<{ n: number }>(
    db,
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'directors'::regclass`,
  );
  let rows = estimate?.n ?? -1;
  if (!(rows > 0)) {
    // Never analysed (a new database): count. Small by nature, since analysis follows big loads.
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM directors WHERE kind = 'person'`,
    );
    rows = c?.n ?? 0;
  }
  const directorRanges = Math.min(SITEMAP_SIZE, Math.max(1, Math.ceil(rows / PERSONS_PER_FILE)));
  return [
    ...ranges.map((r): SitemapFile => ({ kind: 'entreprises', range: r.range })),
    ...Array.from({ length: directorRanges }, (_, range): SitemapFile => ({
      kind: 'dirigeants',
      ranges: directorRanges,
      range,
    })),
  ];
}

const sirenBound = (n: number) => String(n).padStart(9, '0');

type SitemapCompanyRow = { siren: string; name: string | null; updated_at: string | null };

const sitemapCompanyUrl = (r: SitemapCompanyRow) => ({
  path: `/entreprises/${r.siren}/${slugify(clean(r.name)) || 'entreprise'}`,
  lastmod: r.updated_at,
});

export async function sitemapCompanies(
  db: Db,
  range: number,
): Promise<Array<{ path: string; lastmod: string | null }>> {
  const lo = range * SIREN_RANGE;
  const hi = lo + SIREN_RANGE;
  const rows = await queryRows<SitemapCompanyRow>(
    db,
    sql`SELECT c.siren, c.name, c.updated_at::date::text AS updated_at FROM companies c
        WHERE c.siren >= ${sirenBound(lo)}::char(9)
          ${hi < SIREN_SPACE ? sql`AND c.siren < ${sirenBound(hi)}::char(9)` : sql``}
          AND ${LISTABLE} AND c.name IS NOT NULL
        ORDER BY c.siren LIMIT ${SITEMAP_SIZE}`,
  );
  return rows.map(sitemapCompanyUrl);
}

/**
 * The sitemap entries of these companies (those a sitemap lists: the same rule and path as
 * `sitemapCompanies`), by SIREN: what a day of changes patches into the stored files.
 */
export async function sitemapCompanyEntries(
  db: Db,
  sirens: readonly string[],
): Promise<Map<string, { path: string; lastmod: string | null }>> {
  const out = new Map<string, { path: string; lastmod: string | null }>();
  if (sirens.length === 0) return out;
  const rows = await queryRows<SitemapCompanyRow>(
    db,
    sql`SELECT c.siren, c.name, c.updated_at::date::text AS updated_at FROM companies c
        WHERE c.siren = ANY(${`{${sirens.join(',')}}`}::bpchar[])
          AND ${LISTABLE} AND c.name IS NOT NULL`,
  );
  for (const r of rows) out.set(r.siren, sitemapCompanyUrl(r));
  return out;
}

export async function sitemapDirectors(
  db: Db,
  ranges: number,
  range: number,
): Promise<Array<{ path: string; lastmod: string | null }>> {
  const lo = Math.floor((range * HASH_SPACE) / ranges);
  const hi = Math.floor(((range + 1) * HASH_SPACE) / ranges);
  const rows = await queryRows<{
    id: string;
    first_names: string | null;
    last_name: string | null;
    updated_at: string | null;
  }>(
    db,
    sql`SELECT DISTINCT ON (d.person_key) d.id, d.first_names, d.last_name, d.updated_at::date::text AS updated_at
        FROM directors d
        WHERE ${PERSON_HASH} >= ${lo}::bigint AND ${PERSON_HASH} < ${hi}::bigint AND ${DISTINCT_PERSON}
        ORDER BY d.person_key, d.id LIMIT ${SITEMAP_SIZE}`,
  );
  return rows.map((r) => ({
    path: `/dirigeants/${encodeURIComponent(r.id)}/${slugify(personName(r.first_names, r.last_name)) || 'dirigeant'}`,
    lastmod: r.updated_at,
  }));
}
