import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { establishments } from '@/db/schema';
import { selectList, type RawRow } from '@/db/raw-rows';
import {
  ESTABLISHMENT_COLUMNS,
  establishmentView,
  type EstablishmentRow,
  type EstablishmentView,
} from './establishment-view';
import { FRENCH_MONTHS } from '@/domain/dates';
import type { SourceRef } from './result';
import { departmentOfCommuneSql, distanceKmSql, inList } from '@/domain/sql-fragments';

export const ESTABLISHMENTS_PAGE_SIZE = 20;

export type EstablishmentFilter = 'all' | 'open' | 'closed';

export type EstablishmentPage = {
  items: EstablishmentView[];
  total: number;
  openCount: number;
  closedCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
  filter: EstablishmentFilter;
  /**
   * The company's own counts as its source states them, when they exceed what our table holds:
   * the list then shows part of the establishments ("4 établissements affichés sur 13 117").
   */
  stated: { total: number | null; open: number | null; source: SourceRef | null } | null;
};

export function parseEstablishmentFilter(value: string | null | undefined): EstablishmentFilter {
  return value === 'open' || value === 'closed' ? value : 'all';
}

export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** Head office first, then open ones, then by SIRET; counts per state for the filter tabs. */
export async function listEstablishments(
  db: Db,
  company: {
    siren: string;
    protected: boolean;
    isNaturalPerson: boolean;
    establishmentCounts?: {
      total: number | null;
      open: number | null;
      source: SourceRef | null;
    };
  },
  opts: { page?: number; filter?: EstablishmentFilter; pageSize?: number } = {},
): Promise<EstablishmentPage> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? ESTABLISHMENTS_PAGE_SIZE;
  const filter = opts.filter ?? 'all';
  const where =
    filter === 'open'
      ? sql`AND e.status <> 'F'`
      : filter === 'closed'
        ? sql`AND e.status = 'F'`
        : sql``;
  const [rows, counts] = await Promise.all([
    queryRows<EstablishmentRow>(
      db,
      sql`SELECT ${ESTABLISHMENT_COLUMNS} FROM establishments e
          WHERE e.siren = ${company.siren} ${where}
          ORDER BY e.is_head_office DESC, (e.status = 'F') ASC, e.siret ASC
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      { prepared: true },
    ),
    queryRows<{ open: number; closed: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status <> 'F')::int AS open,
                 count(*) FILTER (WHERE status = 'F')::int AS closed
          FROM establishments WHERE siren = ${company.siren}`,
      { prepared: true },
    ),
  ]);
  const openCount = counts[0]?.open ?? 0;
  const closedCount = counts[0]?.closed ?? 0;
  const total =
    filter === 'open' ? openCount : filter === 'closed' ? closedCount : openCount + closedCount;
  return {
    items: rows.map((r) => establishmentView(r, company)),
    total,
    openCount,
    closedCount,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    filter,
    stated: statedCounts(company.establishmentCounts, openCount, closedCount),
  };
}

function statedCounts(
  counts: { total: number | null; open: number | null; source: SourceRef | null } | undefined,
  open: number,
  closed: number,
): EstablishmentPage['stated'] {
  if (!counts || (counts.total == null && counts.open == null)) return null;
  const partial = (counts.total ?? 0) > open + closed || (counts.open ?? 0) > open;
  return partial ? counts : null;
}

const plural = (n: number, word: string) => `${word}${n > 1 ? 's' : ''}`;
const thousands = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, '\u00a0');

/**
 * What a list of establishments covers, against the total the registry states, with its source
 * and date: « 1 établissement dans nos données sur 19 déclarés au répertoire Sirene (source :
 * INSEE Sirene, données du 12 novembre 2026). » Printed in the file and on the product page, so
 * the buyer knows before paying that a list may be partial.
 */
export function establishmentsCoverage(
  listed: number,
  counts: { total: number | null; source: SourceRef | null } | null | undefined,
): string {
  const ours = `${thousands(listed)} ${plural(listed, 'établissement')} dans nos données`;
  if (counts?.total == null) {
    return `${ours} ; le nombre d’établissements déclarés au répertoire Sirene n’est pas connu.`;
  }
  const source = counts.source;
  const date = source?.date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(source.date) : null;
  const dated = date
    ? `, données du ${Number(date[3]) === 1 ? '1er' : Number(date[3])} ${FRENCH_MONTHS[Number(date[2]) - 1]} ${date[1]}`
    : '';
  return `${ours} sur ${thousands(counts.total)} ${plural(counts.total, 'déclaré')} au répertoire Sirene${source ? ` (source : ${source.label}${dated})` : ''}.`;
}

/**
 * An establishment as the drop-in API (src/drop-in/results.ts) reads it: the
 * pages' columns (ESTABLISHMENT_COLUMNS), with its SIREN, employer flag, position and SIRENE date.
 * Raw: the caller masks it by the diffusion rule (`diffusion`, the company's protection).
 */
export type EstablishmentDetailRow = EstablishmentRow &
  Pick<RawRow<typeof establishments>, 'siren' | 'employer' | 'latitude' | 'longitude'> & {
    /** `YYYY-MM-DDTHH:MM:SS`, as the government's API gives it. */
    sirene_updated_at: string | null;
  };

const DETAIL_COLUMNS = sql`${ESTABLISHMENT_COLUMNS}, ${selectList(establishments, 'e', [
  'siren',
  'employer',
  'latitude',
  'longitude',
])}, to_char(e.sirene_updated_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS sirene_updated_at`;

/** `values` as a text array parameter: one bound string, whatever the list's length. */

/** The establishments of these SIRETs (a SIRET we do not hold is left out), in no order. */
export async function getEstablishmentDetails(
  db: Db,
  sirets: string[],
): Promise<EstablishmentDetailRow[]> {
  if (sirets.length === 0) return [];
  return queryRows<EstablishmentDetailRow>(
    db,
    sql`SELECT ${DETAIL_COLUMNS} FROM establishments e
        WHERE ${inList(sql`e.siret`, sirets, 'char(14)')}`,
  );
}

/** A company's establishments by SIRET, `limit` from `offset` (the drop-in's pages of 100). */
export async function establishmentDetailsPage(
  db: Db,
  siren: string,
  offset: number,
  limit: number,
): Promise<EstablishmentDetailRow[]> {
  return queryRows<EstablishmentDetailRow>(
    db,
    sql`SELECT ${DETAIL_COLUMNS} FROM establishments e WHERE e.siren = ${siren}
        ORDER BY e.siret OFFSET ${offset} LIMIT ${limit}`,
  );
}

/**
 * How many establishments a company has: those we hold, or the number its source states when
 * larger (the drop-in's pages of 100 exist up to it).
 */
export async function establishmentTotal(db: Db, siren: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT greatest((SELECT count(*) FROM establishments WHERE siren = ${siren}),
      (SELECT coalesce(stated_establishments, 0) FROM companies WHERE siren = ${siren}))::int AS n`,
  );
  return row?.n ?? 0;
}

/** An area establishments are searched in: every condition given must hold. */
export type EstablishmentArea = {
  /** One postcode, or any of several. */
  postcode: string | string[] | null;
  /** INSEE commune codes. */
  communes: string[] | null;
  /** Department codes (`2A`, `971`): the commune code's first two, overseas three, characters. */
  departments: string[] | null;
  circle: { lat: number; lon: number; radiusKm: number } | null;
};

/**
 * The establishments that « match » each company: the SIRET it was found by when there is one,
 * else up to `limit` of its open establishments in the area, head office first, then by SIRET.
 * An establishment under partial diffusion shows neither its postcode nor its position
 * (maskAddress, src/domain/diffusion.ts): it is never found by them, only by its commune. With
 * no area condition, only the SIRETs' establishments.
 */
export async function matchingEstablishments(
  db: Db,
  sirens: string[],
  match: { sirets: string[]; area: EstablishmentArea },
  limit: number,
): Promise<Map<string, EstablishmentDetailRow[]>> {
  const out = new Map<string, EstablishmentDetailRow[]>();
  for (const r of await getEstablishmentDetails(db, match.sirets)) out.set(r.siren, [r]);
  const { postcode, communes, departments, circle } = match.area;
  const conditions = [];
  // Partial diffusion hides the postcode and the position (maskAddress): never matched by them.
  const postcodes = postcode === null ? [] : Array.isArray(postcode) ? postcode : [postcode];
  if (postcodes.length)
    conditions.push(sql`${inList(sql`e.postcode`, postcodes)} AND e.diffusion = 'O'`);
  if (communes?.length) conditions.push(inList(sql`e.commune_code`, communes));
  if (departments?.length)
    conditions.push(inList(departmentOfCommuneSql(sql`e.commune_code`), departments));
  if (circle) {
    const { lat, lon, radiusKm } = circle;
    conditions.push(sql`e.latitude IS NOT NULL AND e.diffusion = 'O'
      AND ${distanceKmSql(sql`e.latitude`, sql`e.longitude`, { lat, lon })} <= ${radiusKm}`);
  }
  const rest = sirens.filter((s) => !out.has(s));
  if (!conditions.length || !rest.length) return out;
  const rows = await queryRows<EstablishmentDetailRow & { n: number }>(
    db,
    sql`SELECT * FROM (
          SELECT ${DETAIL_COLUMNS},
                 row_number() OVER (PARTITION BY e.siren ORDER BY e.is_head_office DESC, e.siret) AS n
          FROM establishments e
          WHERE ${inList(sql`e.siren`, rest, 'char(9)')} AND coalesce(e.status, 'A') <> 'F'
            AND ${sql.join(conditions, sql` AND `)}) x
        WHERE x.n <= ${limit}
        ORDER BY x.siren, x.n`,
  );
  for (const r of rows) {
    const list = out.get(r.siren) ?? [];
    list.push(r);
    out.set(r.siren, list);
  }
  return out;
}
