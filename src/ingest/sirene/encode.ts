import { copyRow, rowHash } from '../core/copy';
import type { CsvRecord } from '../core/csv';
import { RowError } from './values';

export type RowMapper = (fields: string[]) => unknown[];

/** What is tracked per row in upsert mode: its key, its source date and its hash. */
export type EncodeOptions = { keyIndex: number; dateIndex: number; track: boolean };

/** A piece of a file, validated and encoded for COPY (in this thread or a parse worker). */
export type EncodedRows = {
  /**
   * COPY text rows, each ending with its hash column and a newline: one string per row when rows
   * are tracked (the upsert picks the changed ones), else one string for the whole piece.
   */
  lines: string[];
  rows: number;
  keys: string[];
  dates: string[];
  hashes: number[];
  rejects: Array<{ line: number; reason: string; raw: string }>;
  /** Records read (rejected ones included). */
  read: number;
};

/** Validates, maps and encodes records (the header excluded). */
export function encodeRecords(
  records: CsvRecord[],
  headerLength: number,
  map: RowMapper,
  opts: EncodeOptions,
): EncodedRows {
  const out: EncodedRows = {
    lines: [],
    rows: 0,
    keys: [],
    dates: [],
    hashes: [],
    rejects: [],
    read: records.length,
  };
  let text = '';
  for (const rec of records) {
    if (rec.fields.length !== headerLength) {
      out.rejects.push({
        line: rec.line,
        reason: `nombre de champs incorrect : ${rec.fields.length} au lieu de ${headerLength}`,
        raw: rec.raw,
      });
      continue;
    }
    let row: unknown[];
    try {
      row = map(rec.fields);
    } catch (e) {
      if (e instanceof RowError) {
        out.rejects.push({ line: rec.line, reason: e.message, raw: rec.raw });
        continue;
      }
      throw e;
    }
    const encoded = copyRow(row);
    const hash = rowHash(encoded);
    const line = `${encoded.slice(0, -1)}\t${hash}\n`;
    out.rows++;
    if (opts.track) {
      out.lines.push(line);
      out.keys.push(String(row[opts.keyIndex]));
      out.dates.push(opts.dateIndex >= 0 ? String(row[opts.dateIndex] ?? '') : '');
      out.hashes.push(hash);
    } else text += line;
  }
  if (!opts.track && text) out.lines.push(text);
  return out;
}
