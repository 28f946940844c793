/**
 * The one writer of tables as files a spreadsheet opens (the search export, the API's batch
 * enrichment): rows come batch by batch from an async iterable and leave as a web
 * `ReadableStream` that pulls the next batch only when the client has taken the previous bytes,
 * so a long table never sits whole in memory (bench:export: the same peak for 1,000 and 10,000
 * rows).
 *
 * CSV by the site's one CSV field writer (src/lib/tabular/csv.ts: French Excel's conventions,
 * formula injection neutralised).
 *
 * XLSX by a minimal streaming writer (xlsx.ts): inline strings, real dates and numbers, bold
 * header, frozen first row.
 */
import { CSV_BOM, csvRecord, type Cell, type CellKind } from './csv';
import { xlsxChunks } from './xlsx';

export type { Cell, CellKind } from './csv';
export type TabularFormat = 'csv' | 'xlsx';
export type TabularColumn = { header: string; kind: CellKind; width: number };

export const TABULAR_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Text columns named by their headers, a width to fit each header. */
export function textColumns(
  headers: readonly string[],
  kinds: Partial<Record<string, CellKind>> = {},
): TabularColumn[] {
  return headers.map((header) => ({
    header,
    kind: kinds[header] ?? 'text',
    width: Math.min(50, Math.max(12, header.length + 4)),
  }));
}

const encoder = new TextEncoder();

type Batches = AsyncIterable<ReadonlyArray<readonly Cell[]>>;

/** A pull stream of the chunks of an async generator; cancelling it ends the generator. */
function pullStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
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

/** The CSV bytes of `columns`' header then the rows, one chunk per batch. */
export function csvStream(columns: readonly TabularColumn[], batches: Batches) {
  const kinds = columns.map((c) => c.kind);
  async function* chunks() {
    yield encoder.encode(
      CSV_BOM +
        csvRecord(
          columns.map((c) => c.header),
          columns.map(() => 'text'),
        ),
    );
    for await (const batch of batches) {
      let text = '';
      for (const row of batch) text += csvRecord(row, kinds);
      yield encoder.encode(text);
    }
  }
  return pullStream(chunks());
}

/** The XLSX bytes of one sheet named `sheet`: each batch deflated as it arrives. */
export function xlsxStream(sheet: string, columns: readonly TabularColumn[], batches: Batches) {
  return pullStream(xlsxChunks(sheet, columns, batches));
}

/** The stream of a table in `format`. */
export function tabularStream(
  format: TabularFormat,
  sheet: string,
  columns: readonly TabularColumn[],
  batches: Batches,
): ReadableStream<Uint8Array> {
  return format === 'csv' ? csvStream(columns, batches) : xlsxStream(sheet, columns, batches);
}

/** Rows given one by one, grouped by `size` (one deflate flush and one chunk per batch). */
export async function* inBatches<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const r of rows) {
    batch.push(r);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
