import { copyFields, rowHash } from '../core/copy';
import { CsvSplitter, type CsvRecord, type RecordSink } from '../core/csv';
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

/** A backslash, tab or line break: a record holding none needs no COPY escaping of its values. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const NEWLINE = 10;

/**
 * Validates, maps and encodes records one at a time as they are split, so that nothing of a
 * record outlives it but its COPY text (the garbage collector then only sees short-lived
 * objects). `add` is a RecordSink; `raw` must be the record's whole text when `rawIsRecord`.
 */
class RowEncoder {
  readonly out: EncodedRows = {
    lines: [],
    rows: 0,
    keys: [],
    dates: [],
    hashes: [],
    rejects: [],
    read: 0,
  };
  /** Untracked rows, without their newline: joined once at the end. */
  private readonly bodies: string[] = [];

  constructor(
    private readonly headerLength: number,
    private readonly map: RowMapper,
    private readonly opts: EncodeOptions,
    private readonly rawIsRecord: boolean,
  ) {}

  readonly add: RecordSink = (fields, line, raw) => {
    const out = this.out;
    out.read++;
    if (fields.length !== this.headerLength) {
      out.rejects.push({
        line,
        reason: `nombre de champs incorrect : ${fields.length} au lieu de ${this.headerLength}`,
        raw,
      });
      return;
    }
    let row: unknown[];
    try {
      row = this.map(fields);
    } catch (e) {
      if (e instanceof RowError) {
        out.rejects.push({ line, reason: e.message, raw });
        return;
      }
      throw e;
    }
    const body = copyFields(row, this.rawIsRecord && !NEEDS_ESCAPE.test(raw));
    // The hash of the encoded values and their newline (the stored hashes were taken that way).
    const hash = rowHash(body, NEWLINE);
    out.rows++;
    if (this.opts.track) {
      out.lines.push(`${body}\t${hash}\n`);
      out.keys.push(String(row[this.opts.keyIndex]));
      out.dates.push(this.opts.dateIndex >= 0 ? String(row[this.opts.dateIndex] ?? '') : '');
      out.hashes.push(hash);
    } else this.bodies.push(body, '\t', String(hash), '\n');
  };

  result(): EncodedRows {
    if (this.bodies.length) this.out.lines.push(this.bodies.join(''));
    return this.out;
  }
}

/** Validates, maps and encodes records (the header excluded). */
export function encodeRecords(
  records: CsvRecord[],
  headerLength: number,
  map: RowMapper,
  opts: EncodeOptions,
  rawIsRecord = false,
): EncodedRows {
  const encoder = new RowEncoder(headerLength, map, opts, rawIsRecord);
  for (const r of records) encoder.add(r.fields, r.line, r.raw);
  return encoder.result();
}

/**
 * Splits a piece of a CSV file that ends on a record boundary (the header excluded), and validates,
 * maps and encodes each record as it comes: the parse workers' loop.
 */
export function encodeCsvText(
  text: string,
  firstLine: number,
  headerLength: number,
  map: RowMapper,
  opts: EncodeOptions,
): EncodedRows {
  const encoder = new RowEncoder(headerLength, map, opts, true);
  const splitter = new CsvSplitter(',', firstLine);
  splitter.push(text, encoder.add);
  splitter.end(encoder.add);
  return encoder.result();
}
