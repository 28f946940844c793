import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
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
  establishments: number;
  month: string | null;
  source: SourceRef;
};

/** Collective agreements the company's establishments declare (DSN), with their titles. */
export async function listAgreements(db: Db, siren: string): Promise<AgreementView[]> {
  const rows = await queryRows<{
    idcc: string;
    title: string | null;
    short_title: string | null;
    url: string | null;
    n: number;
    month: string | null;
  }>(
    db,
    sql`SELECT ea.idcc, ca.title, ca.short_title, ca.url, count(*)::int AS n,
               max(ea.month)::text AS month
        FROM establishment_agreements ea LEFT JOIN collective_agreements ca ON ca.idcc = ea.idcc
        WHERE ea.siren = ${siren}
        GROUP BY ea.idcc, ca.title, ca.short_title, ca.url
        ORDER BY n DESC, ea.idcc`,
    { prepared: true },
  );
  return rows.map((r) => ({
    idcc: r.idcc,
    title:
      clean(r.title) ??
      (r.idcc === '9999'
        ? 'Aucune convention collective déclarée'
        : `Convention collective IDCC ${r.idcc}`),
    shortTitle: clean(r.short_title),
    url: clean(r.url),
    establishments: r.n,
    month: r.month,
    source: sourceRef('idcc', r.month),
  }));
}
