/**
 * Tables written as files a spreadsheet opens, streamed row by row: CSV as French spreadsheets
 * read it (UTF-8 with a byte-order mark, `;` between fields, CRLF) and XLSX (exceljs's streaming
 * writer: one sheet, a bold header row). Rows come from an async iterable, so a caller can write
 * each row as soon as it has it and a long table never sits whole in memory.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;
export type TabularFormat = 'csv' | 'xlsx';

export const TABULAR_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const quote = (v: Cell) => {
  if (v == null) return '';
  const s = typeof v === 'number' ? String(v).replace('.', ',') : v;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV record, with its CRLF. */
export const csvRecord = (cells: readonly Cell[]) => `${cells.map(quote).join(';')}\r\n`;

/** The CSV file of `header` then `rows`, as a byte stream. */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* lines() {
    yield encoder.encode(`\ufeff${csvRecord(header)}`);
    for await (const r of rows) yield encoder.encode(csvRecord(r));
  }
  return Readable.toWeb(Readable.from(lines())) as ReadableStream<Uint8Array>;
}

/** The XLSX workbook of one sheet (`sheet`), `header` then `rows`, as a byte stream. */
export function xlsxStream(
  sheet: string,
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.columns = header.map((h) => ({ header: h, width: Math.min(50, Math.max(12, h.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    for await (const r of rows) ws.addRow([...r]).commit();
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
