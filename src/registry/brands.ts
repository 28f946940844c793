import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { SourceName } from '@/db/schema';
import { clean, sourceRef, type SourceRef } from './result';

export type BrandView = {
  applicationNumber: string;
  name: string | null;
  status: string | null;
  filingDate: string | null;
  registrationDate: string | null;
  expiryDate: string | null;
  classes: string | null;
  source: SourceRef;
};

export async function listBrands(db: Db, siren: string): Promise<BrandView[]> {
  const rows = await queryRows<{
    application_number: string;
    name: string | null;
    status: string | null;
    filing_date: string | null;
    publication_date: string | null;
    registration_date: string | null;
    expiry_date: string | null;
    classes: string | null;
  }>(
    db,
    sql`SELECT application_number, name, status, filing_date::text AS filing_date,
               publication_date::text AS publication_date,
               registration_date::text AS registration_date, expiry_date::text AS expiry_date, classes
        FROM brands WHERE siren = ${siren}
        ORDER BY filing_date DESC NULLS LAST, application_number DESC LIMIT 500`,
    { prepared: true },
  );
  return rows.map((r) => ({
    applicationNumber: r.application_number,
    name: clean(r.name),
    status: clean(r.status),
    filingDate: r.filing_date,
    registrationDate: r.registration_date,
    expiryDate: r.expiry_date,
    classes: clean(r.classes),
    source: sourceRef('inpi-marques', r.publication_date ?? r.filing_date),
  }));
}

export type AgreementView = {
  idcc: string;
  title: string;
  shortTitle: string | null;
  url: string | null;
  /** Establishments declaring it (DSN or the Annuaire's establishment lists); 0 if company-level only. */
  establishments: number;
  month: string | null;
  /** Every source that gives this IDCC for the company, each with its own date. */
  sources: SourceRef[];
  /** The first of `sources` (kept for older callers). */
  source: SourceRef;
};

/** IDCC 9999 is the DSN's code for « no collective agreement ». */
export const NO_AGREEMENT = '9999';

/** The metadata's titles carry markers ("___Sans convention collective___"): the plain title. */
export function agreementTitle(idcc: string, raw: string | null): string {
  if (idcc === NO_AGREEMENT) return 'Sans convention collective';
  const t = clean(raw?.replace(/^_+|_+$/g, '').replace(/_{2,}/g, ' ') ?? null);
  return t ?? `Convention collective IDCC ${idcc}`;
}

/**
 * Collective agreements of a company, merged from every source: DSN declarations per
 * establishment (Ministère du Travail), the establishments' lists and the company-level list of
 * the Annuaire des Entreprises. Each IDCC is credited to the sources that gave it.
 */
export async function listAgreements(db: Db, siren: string): Promise<AgreementView[]> {
  const rows = await queryRows<{
    idcc: string;
    source: string;
    title: string | null;
    short_title: string | null;
    url: string | null;
    n: number;
    month: string | null;
    d: string | null;
  }>(
    db,
    sql`SELECT a.idcc, a.source, ca.title, ca.short_title, ca.url, a.n, a.month, a.d
        FROM (
          SELECT idcc, source, count(*)::int AS n, max(month)::text AS month,
                 max(coalesce(updated_at, month))::text AS d
          FROM establishment_agreements WHERE siren = ${siren} GROUP BY idcc, source
          UNION ALL
          SELECT idcc, source, 0, NULL, max(source_date)::text
          FROM company_agreements WHERE siren = ${siren} GROUP BY idcc, source
        ) a LEFT JOIN collective_agreements ca ON ca.idcc = a.idcc
        ORDER BY a.idcc, a.source`,
    { prepared: true },
  );
  const byIdcc = new Map<string, AgreementView>();
  for (const r of rows) {
    const ref = sourceRef(r.source as SourceName, r.d);
    const cur = byIdcc.get(r.idcc);
    if (cur) {
      cur.establishments = Math.max(cur.establishments, r.n);
      cur.month = cur.month ?? r.month;
      if (!cur.sources.some((x) => x.source === ref.source)) cur.sources.push(ref);
      continue;
    }
    byIdcc.set(r.idcc, {
      idcc: r.idcc,
      title: agreementTitle(r.idcc, r.title),
      shortTitle: r.idcc === NO_AGREEMENT ? null : clean(r.short_title),
      url: clean(r.url),
      establishments: r.n,
      month: r.month,
      sources: [ref],
      source: ref,
    });
  }
  // DSN first (the employer's own declaration), then by IDCC; « none » last.
  return [...byIdcc.values()].sort(
    (a, b) =>
      Number(a.idcc === NO_AGREEMENT) - Number(b.idcc === NO_AGREEMENT) ||
      b.establishments - a.establishments ||
      a.idcc.localeCompare(b.idcc),
  );
}

/** The SIRETs that declare each collective agreement (IDCC order; SIRETs sorted, no repeat). */
export async function agreementSirets(
  db: Db,
  siren: string,
): Promise<Array<{ idcc: string; sirets: string[] }>> {
  return queryRows<{ idcc: string; sirets: string[] }>(
    db,
    sql`SELECT idcc, array_agg(DISTINCT siret ORDER BY siret) AS sirets
        FROM establishment_agreements WHERE siren = ${siren} GROUP BY idcc ORDER BY idcc`,
  );
}

/** Every collective agreement's title and Légifrance address (null when none), IDCC order. */
export async function listAgreementTitles(
  db: Db,
): Promise<Array<{ idcc: string; title: string; url: string | null }>> {
  return queryRows<{ idcc: string; title: string; url: string | null }>(
    db,
    sql`SELECT idcc, title, nullif(url, '') AS url FROM collective_agreements ORDER BY idcc`,
  );
}
