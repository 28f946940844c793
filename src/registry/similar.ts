import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { headcountBandLabel } from '@/domain/legal-forms';
import { slugify } from '@/domain/slug';
import { type CompanyProfile } from './company';
import { ACTIVE_COMPANY } from '@/domain/sql-fragments';
import { LISTABLE } from './opposition';
import { clean } from './result';
import { withStatementTimeout } from './timeout';

export type CompanySummary = {
  siren: string;
  name: string;
  slug: string;
  nafCode: string | null;
  headcountLabel: string | null;
  communeName: string | null;
  active: boolean;
};

/** Headcount bands sort as text ('53' > '01'); 'NN' (no employee) goes last. */
export const BAND_ORDER = sql.raw(
  `CASE WHEN c.headcount_band ~ '^[0-9]{2}$' THEN c.headcount_band END DESC NULLS LAST`,
);

type Row = {
  siren: string;
  name: string | null;
  naf_code: string | null;
  headcount_band: string | null;
  commune_name: string | null;
  status: string;
};

export function summaryFromRow(r: Row): CompanySummary {
  const name = clean(r.name) ?? r.siren;
  return {
    siren: r.siren,
    name,
    slug: slugify(name) || 'entreprise',
    nafCode: r.naf_code,
    headcountLabel: headcountBandLabel(r.headcount_band),
    communeName: clean(r.commune_name),
    active: r.status !== 'C',
  };
}

/**
 * Active companies of the same NAF class, in the same department, largest first. An optional
 * section: bounded by a statement timeout so that a slow plan costs the page this section, never
 * its response time.
 */
export async function listSimilarCompanies(
  db: Db,
  profile: Pick<CompanyProfile, 'siren' | 'naf' | 'headOffice'>,
  limit = 6,
  timeoutMs = 150,
): Promise<CompanySummary[]> {
  const naf = profile.naf.code;
  if (!naf) return [];
  const dept = profile.headOffice?.address.departmentCode;
  const rows = await withStatementTimeout(db, timeoutMs, (tx) =>
    queryRows<Row>(
      tx,
      sql`SELECT c.siren, c.name, c.naf_code, c.headcount_band, e.commune_name, c.status
        FROM companies c
        LEFT JOIN establishments e ON e.siret = (c.siren || c.head_office_nic)::char(14)
        WHERE c.naf_code = ${naf} AND ${ACTIVE_COMPANY} AND c.siren <> ${profile.siren}
          AND ${LISTABLE}
          ${dept ? sql`AND e.commune_code LIKE ${`${dept}%`}` : sql``}
        ORDER BY ${BAND_ORDER}, c.open_establishments DESC, c.siren
        LIMIT ${limit}`,
    ),
  );
  return rows.map(summaryFromRow);
}
