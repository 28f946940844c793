/**
 * The bytes of an export, batch after batch, as a web `ReadableStream` (pull: a batch is read from
 * the database only when the client has taken the previous one, so memory stays flat).
 *
 * CSV for French Excel: UTF-8 with a byte order mark (else Excel reads it as Windows-1252),
 * `;` between fields (Excel in French uses the comma as decimal separator, and opens `;` files
 * in columns on a double click), CRLF between records, dates as JJ/MM/AAAA, decimals with a
 * comma. A field is quoted when it holds `;`, `"`, a line break or surrounding spaces, with `"`
 * doubled (RFC 4180); line breaks inside a field become spaces, so one record is one line (the
 * browser's progress counts lines). A text field starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'` (formula injection, OWASP « CSV Injection »).
 *
 * XLSX with exceljs's streaming writer (no shared strings, rows committed as they come): real
 * dates and numbers, bold header, frozen first row.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { columnOf, type ExportColumnName, type ExportFormat, type ExportRow } from './export';

const encoder = new TextEncoder();
const BOM = '\uFEFF';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function frenchDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** One CSV field (see the module's comment). */
export function csvField(value: string | number | null, kind: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  let v = kind === 'date' ? frenchDate(value) : value.replace(/[\r\n]+/g, ' ');
  if (kind === 'text' && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[;"\n\r]|^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

function csvLine(cells: Array<string | number | null>, kinds: string[]): string {
  return cells.map((c, i) => csvField(c, kinds[i]!)).join(';') + '\r\n';
}

/** The CSV bytes of an export. */
export function csvStream(
  columns: ExportColumnName[],
  batches: AsyncIterable<ExportRow[]>,
): ReadableStream<Uint8Array> {
  const cols = columns.map(columnOf);
  const kinds = cols.map((c) => c.kind as string);
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(cols.map((c) => c.header), kinds)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = '';
      for (const row of next.value)
        text += csvLine(
          cols.map((c) => c.value(row)),
          kinds,
        );
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

const NUM_FORMATS: Record<string, string | undefined> = {
  date: 'dd/mm/yyyy',
  euros: '#,##0 "€"',
  integer: '#,##0',
};

function excelValue(v: string | number | null, kind: string): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (kind === 'date' && typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return v;
}

/** The XLSX bytes of an export: rows are written as their batch arrives. */
export function xlsxStream(
  columns: ExportColumnName[],
  batches: AsyncIterable<ExportRow[]>,
  meta: { title: string; createdAt: Date },
): ReadableStream<Uint8Array> {
  const cols = columns.map(columnOf);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Registre';
  wb.title = meta.title;
  wb.created = meta.createdAt;
  wb.modified = meta.createdAt;
  const ws = wb.addWorksheet('Entreprises', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => ({
    header: c.header,
    width: c.width,
    style: NUM_FORMATS[c.kind] ? { numFmt: NUM_FORMATS[c.kind] } : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  (async () => {
    for await (const batch of batches) {
      for (const row of batch)
        ws.addRow(cols.map((c) => excelValue(c.value(row), c.kind))).commit();
      // Let the zip stream drain before the next batch is read.
      if (out.writableNeedDrain)
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
