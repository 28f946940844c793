import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import {
  ESTABLISHMENT_COLUMNS,
  establishmentView,
  type EstablishmentRow,
  type EstablishmentView,
} from './company';
import { FRENCH_MONTHS } from '@/domain/dates';
import type { SourceRef } from './result';

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
