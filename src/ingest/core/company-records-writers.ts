/**
 * The records a company has beside its identity, each replaced as its source publishes it: its
 * financial statements (ratios), its establishments’ collective agreements (IDCC), its labels and
 * its company-level agreement lists (recherche-entreprises).
 */
import type { FinancialQuality, SourceName } from '@/db/schema';
import { FINANCIAL_FIGURE_COLUMNS } from '@/db/shared-columns';
import type { Conn } from './conn';
import { TableWriter, type Counts } from './writer';

export type FinancialRow = {
  siren: string;
  closingDate: string;
  fiscalYear: number;
  accountsType: string;
  revenue: number | null;
  netResult: number | null;
  ebitda: number | null;
  ratios: Record<string, number | string | null>;
  source: SourceName;
  /** The source's own date for the row (ISO date). */
  sourceDate?: string | null;
  quality?: FinancialQuality[];
};

export function financialWriter(conn: Conn): { write(rows: FinancialRow[]): Promise<Counts> } {
  const writer = new TableWriter(conn, {
    table: 'financials',
    key: ['siren', 'closing_date', 'accounts_type', 'source'],
    columns: ['siren', 'closing_date', 'fiscal_year', ...FINANCIAL_FIGURE_COLUMNS],
    touchUpdatedAt: true,
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((f) => [
          f.siren,
          f.closingDate,
          f.fiscalYear,
          f.accountsType,
          f.revenue,
          f.netResult,
          f.ebitda,
          f.ratios,
          f.source,
          f.sourceDate ? f.sourceDate.slice(0, 10) : null,
          JSON.stringify(f.quality ?? []),
        ]),
      ),
  };
}

export type AgreementRow = {
  siret: string;
  idcc: string;
  month: string | null;
  updatedAt: string | null;
  /** Default 'idcc' (DSN declarations). */
  source?: SourceName;
};

/** SIRET → IDCC: the latest declaration month wins. */
export function agreementWriter(conn: Conn): { write(rows: AgreementRow[]): Promise<Counts> } {
  const writer = new TableWriter(conn, {
    table: 'establishment_agreements',
    key: ['siret', 'idcc'],
    columns: ['siret', 'idcc', 'siren', 'month', 'updated_at', 'source'],
    // A DSN declaration is never replaced by another source's mention of the same pair.
    newerWhen:
      "(EXCLUDED.source = t.source OR EXCLUDED.source = 'idcc') AND (t.month IS NULL OR EXCLUDED.month >= t.month)",
    dateIndex: 3,
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((a) => [
          a.siret,
          a.idcc,
          a.siret.slice(0, 9),
          a.month,
          a.updatedAt?.slice(0, 10) ?? null,
          a.source ?? 'idcc',
        ]),
      ),
  };
}

export type LabelRow = {
  siren: string;
  label: string;
  source: SourceName;
  sourceDate: string | null;
  detail: Record<string, unknown>;
};

/**
 * Labels and certifications of a company as one source lists them: the source's list for a
 * company replaces the one it gave before (a label it no longer gives is removed).
 */
export function labelWriter(conn: Conn): {
  write(sirens: string[], rows: LabelRow[], source: SourceName): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'company_labels',
    key: ['siren', 'label', 'source'],
    columns: ['siren', 'label', 'source', 'source_date', 'detail'],
  });
  return {
    async write(sirens, rows, source) {
      if (!sirens.length) return { inserted: 0, updated: 0, unchanged: 0 };
      const c = await writer.upsert(
        rows.map((r) => [r.siren, r.label, r.source, r.sourceDate?.slice(0, 10) ?? null, r.detail]),
      );
      await conn.query(
        `DELETE FROM company_labels WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[])
           AND NOT ((siren || '|' || label) = ANY(string_to_array($3, ',')))`,
        [source, sirens.join(','), rows.map((r) => `${r.siren}|${r.label}`).join(',')],
      );
      return c;
    },
  };
}

export type CompanyAgreementRow = {
  siren: string;
  idcc: string;
  source: SourceName;
  sourceDate: string | null;
};

/** Company-level IDCC lists (recherche-entreprises `complements.liste_idcc`), replaced per source. */
export function companyAgreementWriter(conn: Conn): {
  write(sirens: string[], rows: CompanyAgreementRow[], source: SourceName): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'company_agreements',
    key: ['siren', 'idcc', 'source'],
    columns: ['siren', 'idcc', 'source', 'source_date'],
  });
  return {
    async write(sirens, rows, source) {
      if (!sirens.length) return { inserted: 0, updated: 0, unchanged: 0 };
      const c = await writer.upsert(
        rows.map((r) => [r.siren, r.idcc, r.source, r.sourceDate?.slice(0, 10) ?? null]),
      );
      await conn.query(
        `DELETE FROM company_agreements WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[])
           AND NOT ((siren || '|' || idcc) = ANY(string_to_array($3, ',')))`,
        [source, sirens.join(','), rows.map((r) => `${r.siren}|${r.idcc}`).join(',')],
      );
      return c;
    },
  };
}
