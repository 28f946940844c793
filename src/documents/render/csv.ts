/**
 * CSV rendering by the site's one CSV writer (src/lib/tabular/csv.ts): the document's main table,
 * as French spreadsheets open it: UTF-8 with a byte-order mark, `;` between fields, dates
 * dd/mm/yyyy, decimal comma, no thousands separator, formula starts neutralised.
 */
import { csvText } from '@/lib/tabular/csv';
import { formatShortDate } from '../format';
import { primaryTable, type CellValue, type ColumnKind, type DocumentModel } from '../model';

function csvValue(v: CellValue, kind: ColumnKind | undefined): string {
  if (v == null) return '';
  if (typeof v === 'number') return String(v).replace('.', ',');
  return kind === 'date' ? formatShortDate(v) : v;
}

export function renderCsv(model: DocumentModel): Buffer {
  const table = primaryTable(model);
  const columns = table?.columns ?? [{ label: 'Information' }, { label: 'Valeur' }];
  const rows: string[][] = table
    ? table.rows.map((r) => r.map((v, i) => csvValue(v, table.columns[i]?.kind)))
    : model.blocks.flatMap((b) =>
        b.type === 'fields' ? b.fields.map((f) => [f.label, f.value]) : [],
      );
  const text = csvText([columns.map((c) => c.label), ...rows]);
  return Buffer.from(text, 'utf8');
}
