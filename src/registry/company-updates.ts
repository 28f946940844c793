import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { inList } from '@/domain/sql-fragments';

/** When a company's record changed, and how many establishments we hold for it. */
export type CompanyUpdates = {
  /** Our row's last change, `YYYY-MM-DDTHH:MM:SS`. */
  updatedAt: string | null;
  /** SIRENE's own date of the company's last change, same format. */
  sireneUpdatedAt: string | null;
  /** The date of the source of the RCS registration date (the RNE), as stored. */
  rneDate: string | null;
  /** Our establishments: all, and those not closed (a missing status counts as open). */
  establishments: { total: number; open: number };
};

/** The dates and establishment counts of these companies (the drop-in API's), by SIREN. */
export async function getCompanyUpdates(
  db: Db,
  sirens: string[],
): Promise<Map<string, CompanyUpdates>> {
  if (sirens.length === 0) return new Map();
  const rows = await queryRows<{
    siren: string;
    updated_at: string | null;
    sirene_updated_at: string | null;
    rne_date: string | null;
    total: number;
    open: number;
  }>(
    db,
    sql`SELECT c.siren,
          to_char(c.updated_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS updated_at,
          to_char(c.sirene_updated_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS sirene_updated_at,
          c.field_sources -> 'rcs_registration_date' ->> 'date' AS rne_date,
          (SELECT count(*)::int FROM establishments e WHERE e.siren = c.siren) AS total,
          (SELECT count(*)::int FROM establishments e WHERE e.siren = c.siren AND coalesce(e.status, 'A') <> 'F') AS open
        FROM companies c WHERE ${inList(sql`c.siren`, sirens, 'char(9)')}`,
  );
  return new Map(
    rows.map((r) => [
      r.siren,
      {
        updatedAt: r.updated_at,
        sireneUpdatedAt: r.sirene_updated_at,
        rneDate: r.rne_date,
        establishments: { total: r.total, open: r.open },
      },
    ]),
  );
}
