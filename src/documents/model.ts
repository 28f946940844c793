/**
 * A generated document, independent of its format: generators build this model from the registry's
 * read models, and one renderer per format (pdf, docx, xlsx, csv) writes it. So every format of a
 * kind carries the same facts, the same sources and the same dates.
 */
import type { SourceRef } from '@/registry/result';
import {
  formatDecimal,
  formatEuros,
  formatInteger,
  formatLongDate,
  formatPercent,
  formatShortDate,
  formatSirenText,
  formatSiretText,
} from './format';

export type CellValue = string | number | null;

export type ColumnKind =
  'text' | 'date' | 'euros' | 'integer' | 'decimal' | 'percent' | 'siren' | 'siret';

export type Column = { label: string; kind?: ColumnKind; /** relative width */ width?: number };

export type Field = { label: string; value: string; source?: SourceRef | null };

export type TableBlock = {
  type: 'table';
  title?: string;
  /** Sheet name in the workbook (31 characters at most). */
  sheet: string;
  columns: Column[];
  rows: CellValue[][];
  /** Printed instead of an empty table. */
  empty: string;
  /** The table a CSV export holds (the first primary table, else the first table). */
  primary?: boolean;
  /** Where the rows come from, when one source holds for the whole table. */
  source?: SourceRef | null;
  /** Exported (CSV, XLSX) but not printed: a list the printed tables already show, split. */
  hiddenInPrint?: boolean;
};

export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; style?: 'normal' | 'note' | 'strong' }
  | { type: 'fields'; fields: Field[] }
  | { type: 'notice'; text: string }
  | { type: 'signature'; lines: string[] }
  | TableBlock;

export type DocumentModel = {
  kind: string;
  /** Printed at the top and in the file's metadata. */
  title: string;
  /** "DANONE — SIREN 552 032 534" */
  subtitle: string;
  /** What the document is about, for the metadata ("DANONE (552032534)"). */
  subject: string;
  /** Base of the file name, without extension: "liste-des-etablissements-552032534". */
  fileStem: string;
  blocks: Block[];
  /** Every source the document uses, printed at the end with its date. */
  sources: SourceRef[];
  /** Said in a box under the title: what this document is not. */
  notOfficial?: string;
  /** Letters and templates: no registry header block, a plain letter layout. */
  layout?: 'report' | 'letter';
};

export type RenderMeta = {
  orderNumber: string | null;
  generatedAt: Date;
  /** Our host, printed in the header ("registre.example.fr"). */
  site: string;
};

/** "INSEE Sirene, mise à jour du 12 novembre 2026" */
export function sourceText(ref: SourceRef | null | undefined): string {
  if (!ref) return '';
  return ref.date ? `${ref.label}, données du ${formatLongDate(ref.date)}` : ref.label;
}

/** Sources without duplicates (same source and date), in order of first use. */
export function uniqueSources(refs: Array<SourceRef | null | undefined>): SourceRef[] {
  const seen = new Set<string>();
  const out: SourceRef[] = [];
  for (const r of refs) {
    if (!r) continue;
    const key = `${r.source}|${r.date ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/** A cell as printed in PDF and Word. */
export function cellText(value: CellValue, kind: ColumnKind = 'text'): string {
  if (value == null || value === '') return '—';
  if (typeof value === 'number') {
    switch (kind) {
      case 'euros':
        return formatEuros(value);
      case 'percent':
        return formatPercent(value);
      case 'decimal':
        return formatDecimal(value);
      default:
        return formatInteger(value);
    }
  }
  switch (kind) {
    case 'date':
      return formatShortDate(value);
    case 'siren':
      return formatSirenText(value);
    case 'siret':
      return formatSiretText(value);
    default:
      return value;
  }
}

/**
 * Printed formats (PDF, Word) stop a table here: a 10,000-row list is 300 pages nobody reads, and
 * takes pdfkit 10 to 20 s. Spreadsheet formats carry every row.
 */
export const PRINT_MAX_ROWS = 1000;

export function printedRows(table: TableBlock): { rows: CellValue[][]; omitted: string | null } {
  if (table.rows.length <= PRINT_MAX_ROWS) return { rows: table.rows, omitted: null };
  return {
    rows: table.rows.slice(0, PRINT_MAX_ROWS),
    omitted: `Seules les ${PRINT_MAX_ROWS} premières lignes sur ${table.rows.length} sont imprimées : la liste complète figure dans les formats Excel (XLSX) et CSV de ce document.`,
  };
}

export function primaryTable(model: DocumentModel): TableBlock | null {
  const tables = model.blocks.filter((b): b is TableBlock => b.type === 'table');
  return tables.find((t) => t.primary) ?? tables[0] ?? null;
}
