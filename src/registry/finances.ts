import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { financials, type SourceName } from '@/db/schema';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { FINANCIAL_FIGURE_COLUMNS } from '@/db/shared-columns';
import { sourceRef, type SourceRef } from './result';

export type Ratio = {
  key: string;
  label: string;
  value: number;
  unit: 'eur' | 'percent' | 'days' | 'ratio';
};

export type FinancialYear = {
  /** Consolidated (group) accounts or the company's own accounts: never mixed in one series. */
  series: 'consolidated' | 'company' | 'unspecified';
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
  /**
   * Checks this year fails or was corrected for: 'unit-thousands' (published in thousands, shown
   * in euros), 'same-as-previous-year' (a copy of the previous year), 'held-back' (a value or
   * ratio failing a sanity rule, not shown).
   */
  flags: Array<'unit-thousands' | 'same-as-previous-year' | 'held-back'>;
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

const FINANCIAL_FIELDS = [
  'fiscal_year',
  'closing_date',
  ...FINANCIAL_FIGURE_COLUMNS,
] as const satisfies readonly ColumnName<typeof financials>[];
const FINANCIAL_COLUMNS = selectList(financials, 'f', FINANCIAL_FIELDS, [
  'closing_date',
  'source_date',
]);

/** A `financials` row as FINANCIAL_COLUMNS reads it; bigints arrive as text from the driver. */
type Row = Omit<
  Pick<RawRow<typeof financials>, (typeof FINANCIAL_FIELDS)[number]>,
  'revenue' | 'net_result' | 'ebitda'
> & {
  revenue: string | number | null;
  net_result: string | number | null;
  ebitda: string | number | null;
};

const num = (v: string | number | null) => (v == null ? null : Number(v));

/**
 * Published accounts by fiscal year, newest first, each tagged with its series (consolidated or
 * company accounts); one row per year and series.
 */
export async function listFinancials(db: Db, siren: string): Promise<FinancialYear[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${FINANCIAL_COLUMNS} FROM financials f WHERE f.siren = ${siren}
        ORDER BY f.fiscal_year DESC, (f.accounts_type = 'K') DESC, f.closing_date DESC`,
    { prepared: true },
  );
  const seen = new Set<string>();
  const years: FinancialYear[] = [];
  for (const r of rows) {
    const series: FinancialYear['series'] =
      r.accounts_type === 'K' ? 'consolidated' : r.accounts_type ? 'company' : 'unspecified';
    if (seen.has(`${r.fiscal_year}|${series}`)) continue;
    seen.add(`${r.fiscal_year}|${series}`);
    const ratios = { ...(r.ratios ?? {}) };
    const revenue = num(r.revenue);
    let netResult = num(r.net_result);
    let ebitda = num(r.ebitda);
    const notes: string[] = [];
    // A large company never closes on a result of exactly 0 EUR: the dataset writes 0 for "not
    // given" in some rows.
    if (netResult === 0 && revenue != null && Math.abs(revenue) >= 1_000_000) {
      netResult = null;
      notes.push(
        "Un résultat net de 0 € publié avec un chiffre d'affaires important signifie que la source ne le renseigne pas : il est affiché comme non publié.",
      );
    }
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
    const flags: FinancialYear['flags'] = [];
    const nf = new Intl.NumberFormat('fr-FR');
    for (const q of r.quality ?? []) {
      if (q.code === 'unit-thousands' && q.field === 'chiffre_d_affaires') {
        flags.push('unit-thousands');
        notes.push(
          `Exercice ${r.fiscal_year} : la source publie un chiffre d'affaires de ${nf.format(q.published ?? 0)}, exprimé en milliers d'euros et non en euros (les autres exercices le montrent) ; il est affiché converti en euros.`,
        );
      } else if (q.code === 'unit-thousands' && !flags.includes('unit-thousands')) {
        flags.push('unit-thousands');
        notes.push(
          `Exercice ${r.fiscal_year} : certains montants sont publiés en milliers d'euros par la source ; ils sont affichés convertis en euros.`,
        );
      } else if (q.code === 'same-as-previous-year') {
        flags.push('same-as-previous-year');
        notes.push(
          `Exercice ${r.fiscal_year} : le chiffre d'affaires publié est identique à celui de l'exercice précédent, ce qui indique une reprise des chiffres de l'année d'avant par la source plutôt qu'une nouvelle mesure ; à lire avec prudence.`,
        );
      }
    }
    // Ratios a sanity rule rejects: a percentage beyond ±1,000 %, a duration beyond ten years.
    for (const [key, [, unit]] of Object.entries({ ...INCOME, ...BALANCE })) {
      const v = ratios[key];
      if (typeof v !== 'number') continue;
      if ((unit === 'percent' && Math.abs(v) > 1000) || (unit === 'days' && Math.abs(v) > 3650)) {
        delete ratios[key];
        if (!flags.includes('held-back')) flags.push('held-back');
      }
    }
    const publishedMargin = typeof ratios.marge_ebe === 'number' ? ratios.marge_ebe : null;
    let netMargin = pct(netResult, revenue);
    // A group's net result cannot exceed its revenue; a single company's (a holding receiving
    // dividends) may, but not tenfold. Beyond that one of the two figures is wrong: no ratio.
    if (
      netMargin !== null &&
      (Math.abs(netMargin) > 1000 || (series === 'consolidated' && Math.abs(netMargin) > 100))
    ) {
      netMargin = null;
      if (!flags.includes('held-back')) flags.push('held-back');
    }
    if (flags.includes('held-back'))
      notes.push(
        `Exercice ${r.fiscal_year} : des ratios publiés ne passent pas nos contrôles de vraisemblance (marge ou ratio hors de toute plage possible) ; ils ne sont pas affichés.`,
      );
    years.push({
      series,
      fiscalYear: r.fiscal_year,
      closingDate: r.closing_date,
      accountsType: r.accounts_type,
      accountsTypeLabel: r.accounts_type
        ? (ACCOUNTS_TYPES[r.accounts_type] ?? r.accounts_type)
        : null,
      revenue,
      netResult,
      ebitda,
      netMargin,
      ebitdaMargin: publishedMargin ?? pct(ebitda, revenue),
      incomeStatement: ratioList(ratios, INCOME),
      balanceSheet: ratioList(ratios, BALANCE),
      notes,
      flags,
      source: sourceRef(r.source as SourceName, r.source_date),
    });
  }
  return years;
}

export type FinancialSeries = {
  kind: FinancialYear['series'];
  label: string;
  years: FinancialYear[];
};

/** Company accounts first (what every company files), then the group's consolidated accounts. */
export function splitSeries(years: FinancialYear[]): FinancialSeries[] {
  const out: FinancialSeries[] = [];
  const company = years.filter((y) => y.series === 'company');
  const consolidated = years.filter((y) => y.series === 'consolidated');
  if (company.length) out.push({ kind: 'company', label: 'Comptes sociaux', years: company });
  if (consolidated.length)
    out.push({ kind: 'consolidated', label: 'Comptes consolidés du groupe', years: consolidated });
  const unspecified = years.filter((y) => y.series === 'unspecified');
  if (unspecified.length)
    out.push({
      kind: 'unspecified',
      label: 'Chiffres publiés sans type de comptes',
      years: unspecified,
    });
  return out;
}

/**
 * One series for comparisons and headline figures, never a mix of years from different series:
 * the company's own accounts when it files them, else the consolidated ones, else the figures
 * published without an accounts type. `series` on each year says which.
 */
export function headlineYears(years: FinancialYear[]): FinancialYear[] {
  for (const kind of ['company', 'consolidated', 'unspecified'] as const) {
    const list = years.filter((y) => y.series === kind);
    if (list.length) return [...list].sort((a, b) => b.fiscalYear - a.fiscalYear);
  }
  return [];
}
