import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { SourceName } from '@/db/schema';
import { sourceRef, type SourceRef } from './result';

export type Ratio = {
  key: string;
  label: string;
  value: number;
  unit: 'eur' | 'percent' | 'days' | 'ratio';
};

export type FinancialYear = {
  fiscalYear: number;
  closingDate: string;
  accountsType: string | null;
  accountsTypeLabel: string | null;
  revenue: number | null;
  netResult: number | null;
  ebitda: number | null;
  /** Net result / revenue, in %, computed here. */
  netMargin: number | null;
  /** EBITDA / revenue, in %, as the source publishes it (marge_ebe) or computed. */
  ebitdaMargin: number | null;
  incomeStatement: Ratio[];
  balanceSheet: Ratio[];
  /** What was left out and why (a source quirk), printed under the table. */
  notes: string[];
  source: SourceRef;
};

const ACCOUNTS_TYPES: Record<string, string> = {
  K: 'Comptes consolidés',
  C: 'Comptes complets',
  S: 'Comptes simplifiés',
  B: 'Comptes de banque',
  A: "Comptes d'assurance",
};

/** Ratio names of the INPI/BCE "ratios_inpi_bce" dataset, with French labels and units. */
const INCOME: Record<string, [string, Ratio['unit']]> = {
  marge_brute: ['Marge brute', 'eur'],
  ebe: ['Excédent brut d’exploitation (EBE)', 'eur'],
  ebit: ["Résultat d'exploitation (EBIT)", 'eur'],
  marge_ebe: ['Marge d’EBE', 'percent'],
  resultat_courant_avant_impots_sur_ca: [
    'Résultat courant avant impôts / chiffre d’affaires',
    'percent',
  ],
  caf_sur_ca: ["Capacité d'autofinancement / chiffre d’affaires", 'percent'],
  couverture_des_interets: ['Couverture des intérêts', 'ratio'],
};
const BALANCE: Record<string, [string, Ratio['unit']]> = {
  autonomie_financiere: ['Autonomie financière', 'percent'],
  taux_d_endettement: ["Taux d'endettement", 'percent'],
  ratio_de_liquidite: ['Ratio de liquidité', 'ratio'],
  capacite_de_remboursement: ['Capacité de remboursement', 'ratio'],
  poids_bfr_exploitation_sur_ca: [
    "Besoin en fonds de roulement d'exploitation / chiffre d’affaires",
    'percent',
  ],
  poids_bfr_exploitation_sur_ca_jours: ["Besoin en fonds de roulement d'exploitation", 'days'],
  rotation_des_stocks_jours: ['Rotation des stocks', 'days'],
  credit_clients_jours: ['Crédit clients', 'days'],
};

function ratioList(
  ratios: Record<string, unknown>,
  table: Record<string, [string, Ratio['unit']]>,
): Ratio[] {
  const out: Ratio[] = [];
  for (const [key, [label, unit]] of Object.entries(table)) {
    const v = ratios[key];
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) out.push({ key, label, value: n, unit });
  }
  return out;
}

const pct = (num: number | null, den: number | null) =>
  num != null && den ? Math.round((num / den) * 1000) / 10 : null;

type Row = {
  fiscal_year: number;
  closing_date: string;
  accounts_type: string | null;
  revenue: string | number | null;
  net_result: string | number | null;
  ebitda: string | number | null;
  ratios: Record<string, unknown> | null;
  source: string;
  updated_at: string | null;
};

const num = (v: string | number | null) => (v == null ? null : Number(v));

/**
 * Published accounts by fiscal year, newest first. When a year has several accounts (consolidated
 * and company accounts), the consolidated ones are kept, as the source's own headline figures.
 */
export async function listFinancials(db: Db, siren: string): Promise<FinancialYear[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT fiscal_year, closing_date::text AS closing_date, accounts_type, revenue, net_result,
               ebitda, ratios, source, updated_at::text AS updated_at
        FROM financials WHERE siren = ${siren}
        ORDER BY fiscal_year DESC, (accounts_type = 'K') DESC, closing_date DESC`,
  );
  const seen = new Set<number>();
  const years: FinancialYear[] = [];
  for (const r of rows) {
    if (seen.has(r.fiscal_year)) continue;
    seen.add(r.fiscal_year);
    const ratios = { ...(r.ratios ?? {}) };
    const revenue = num(r.revenue);
    const netResult = num(r.net_result);
    let ebitda = num(r.ebitda);
    const notes: string[] = [];
    // Consolidated rows of the dataset sometimes carry the revenue in the EBITDA field (a 100 %
    // margin): not a real figure, so it is left out rather than shown.
    const bogusEbitda = ebitda != null && revenue != null && revenue !== 0 && ebitda === revenue;
    if (bogusEbitda) {
      ebitda = null;
      delete ratios.ebe;
      delete ratios.marge_ebe;
      notes.push(
        "L'excédent brut d'exploitation publié pour cet exercice est égal au chiffre d'affaires : la source ne le renseigne pas réellement, il n'est pas repris.",
      );
    }
    const publishedMargin = typeof ratios.marge_ebe === 'number' ? ratios.marge_ebe : null;
    years.push({
      fiscalYear: r.fiscal_year,
      closingDate: r.closing_date,
      accountsType: r.accounts_type,
      accountsTypeLabel: r.accounts_type
        ? (ACCOUNTS_TYPES[r.accounts_type] ?? r.accounts_type)
        : null,
      revenue,
      netResult,
      ebitda,
      netMargin: pct(netResult, revenue),
      ebitdaMargin: publishedMargin ?? pct(ebitda, revenue),
      incomeStatement: ratioList(ratios, INCOME),
      balanceSheet: ratioList(ratios, BALANCE),
      notes,
      source: sourceRef(r.source as SourceName, r.updated_at),
    });
  }
  return years;
}
