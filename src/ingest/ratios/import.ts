/**
 * Published accounts ratios (INPI/BCE, OpenDataSoft dataset ratios_inpi_bce): one record per
 * company, closing date and accounts type. Revenue, net result and EBITDA get their own columns;
 * every other ratio is kept under its own name in `ratios`.
 */
import { parseSiren } from '@/domain/siren';
import { node, str, type Node } from '../bodacc/notice';
import { odsRecords } from '../bodacc/ods';
import { ImportError } from '../core/errors';
import { financialWriter, type FinancialRow } from '../core/company-records-writers';
import { readJson } from '../core/json';
import type { Importer } from '../core/run';
import { isValidDate } from '../sirene/values';
import { CoverageTracker } from '../core/coverage';

const OWN = new Set([
  'siren',
  'date_cloture_exercice',
  'chiffre_d_affaires',
  'resultat_net',
  'ebe',
  'type_bilan',
  'confidentiality',
]);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

/** Euro amounts of a ratios record: the fields a unit slip (thousands for euros) can affect. */
export const AMOUNT_FIELDS: Array<
  [field: string, column: 'revenue' | 'netResult' | 'ebitda' | null]
> = [
  ['chiffre_d_affaires', 'revenue'],
  ['resultat_net', 'netResult'],
  ['ebe', 'ebitda'],
  ['ebit', null],
  ['marge_brute', null],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Unit check across one company's series (same accounts type): an amount about a thousand times
 * smaller than the same amount in the series' other years was published in thousands of euros
 * (Danone's 2019 consolidated revenue: 25,287,000 for 25.287 bn €). It is multiplied by 1,000
 * and the row says so (quality `unit-thousands`, with the published value). Then two consecutive
 * years with the same revenue and net result are flagged `same-as-previous-year`: a copy of the
 * previous year, not two measurements.
 */
export function checkSeries(rows: FinancialRow[]): void {
  const series = new Map<string, FinancialRow[]>();
  for (const r of rows) {
    const k = `${r.siren}|${r.accountsType}|${r.source}`;
    series.set(k, [...(series.get(k) ?? []), r]);
  }
  for (const list of series.values()) {
    list.sort((a, b) => a.closingDate.localeCompare(b.closingDate));
    for (const [field, column] of AMOUNT_FIELDS) {
      const value = (r: FinancialRow): number | null =>
        column
          ? r[column]
          : typeof r.ratios[field] === 'number'
            ? (r.ratios[field] as number)
            : null;
      for (const r of list) {
        const v = value(r);
        if (v === null || v === 0) continue;
        const others = list
          .filter((o) => o !== r)
          .map(value)
          .filter((x): x is number => x !== null && x !== 0)
          .map(Math.abs);
        if (others.length < 2) continue;
        const ratio = median(others) / Math.abs(v);
        if (ratio < 300 || ratio > 3000) continue;
        const fixed = v * 1000;
        (r.quality ??= []).push({ code: 'unit-thousands', field, published: v });
        if (column) r[column] = fixed;
        else r.ratios[field] = fixed;
      }
    }
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      if (b.fiscalYear === a.fiscalYear + 1 && b.revenue !== null && b.revenue === a.revenue)
        (b.quality ??= []).push({
          code: 'same-as-previous-year',
          field: 'chiffre_d_affaires',
          published: b.revenue,
        });
    }
  }
}

export function readRatio(
  f: Node,
  recordDate: string | null = null,
): FinancialRow | { reason: string } {
  const siren = parseSiren(str(f.siren));
  if (!siren) return { reason: `SIREN absent ou mal formé : « ${str(f.siren) ?? ''} »` };
  const closing = str(f.date_cloture_exercice);
  if (!closing || !isValidDate(closing))
    return { reason: `date de clôture absente ou invalide : « ${closing ?? ''} »` };
  const ratios: FinancialRow['ratios'] = {};
  for (const [k, v] of Object.entries(f)) {
    if (OWN.has(k)) continue;
    if (typeof v === 'number' || typeof v === 'string' || v === null) ratios[k] = v;
  }
  return {
    siren,
    closingDate: closing,
    fiscalYear: Number(closing.slice(0, 4)),
    accountsType: str(f.type_bilan) ?? '',
    revenue: num(f.chiffre_d_affaires),
    netResult: num(f.resultat_net),
    ebitda: num(f.ebe),
    ratios,
    source: 'inpi-ratios',
    sourceDate: recordDate,
    quality: [],
  };
}

/** The record's own date: `record_timestamp` (API v1) or `_timestamp`/`record_timestamp` of v2. */
function recordDateOf(r: Node): string | null {
  const t = str(r.record_timestamp) ?? str(r._timestamp) ?? str(node(r.record)?.timestamp);
  return t && isValidDate(t.slice(0, 10)) ? t.slice(0, 10) : null;
}

export const ratiosImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    const doc = await readJson(ctx.input);
    const records = odsRecords(doc);
    const raw = node(doc) ?? {};
    const envelopes = Array.isArray(raw.records)
      ? (raw.records as unknown[])
      : Array.isArray(raw.results)
        ? (raw.results as unknown[])
        : Array.isArray(doc)
          ? (doc as unknown[])
          : [];
    if (!records.length)
      throw new ImportError(`${ctx.input.name} ne contient aucun enregistrement de ratios.`);
    const rows: FinancialRow[] = [];
    records.forEach((r, i) => {
      ctx.read++;
      const row = readRatio(node(r) ?? {}, recordDateOf(node(envelopes[i]) ?? {}));
      if ('reason' in row) ctx.reject(i + 1, row.reason);
      else rows.push(row);
    });
    checkSeries(rows);
    const coverage = new CoverageTracker('inpi-ratios');
    for (const r of rows) coverage.see(r.sourceDate);
    await coverage.save(ctx.conn);
    ctx.count('financials', await financialWriter(ctx.conn).write(rows));
  },
};
