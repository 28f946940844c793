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
 * XLSX by a minimal streaming writer (xlsx-stream.ts): inline strings, real dates and numbers,
 * bold header, frozen first row.
 */
import { columnOf, type ExportColumnName, type ExportFormat, type ExportRow } from './export';
import { xlsxChunks } from './xlsx-stream';

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
        controller.enqueue(
          encoder.encode(
            BOM +
              csvLine(
                cols.map((c) => c.header),
                kinds,
              ),
          ),
        );
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

/** The XLSX bytes of an export: rows are written as their batch arrives (xlsx-stream.ts). */
export function xlsxStream(
  columns: ExportColumnName[],
  batches: AsyncIterable<ExportRow[]>,
): ReadableStream<Uint8Array> {
  const cols = columns.map(columnOf);
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => cols.map((c) => c.value(row)));
  }
  const chunks = xlsxChunks(
    cols.map((c) => ({ header: c.header, kind: c.kind, width: c.width })),
    rows(),
  );
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
