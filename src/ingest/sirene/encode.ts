import { copyFields, rowHash } from '../core/copy';
import { CsvSplitter, type CsvRecord, type RecordSink } from '../core/csv';
import { RowError } from './values';

export type RowMapper = (fields: string[]) => unknown[];

/**
 * What is tracked per row in upsert mode: its key, its source date and its hash. `countOpen`: the
 * mapped row's SIREN and status positions; the encoder then counts each SIREN's open ('A') rows
 * as it goes (the open-establishment counters derived in the same pass as a stock load).
 */
export type EncodeOptions = {
  keyIndex: number;
  dateIndex: number;
  track: boolean;
  countOpen?: { sirenIndex: number; statusIndex: number };
};

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
  /**
   * With `countOpen`: each run of rows of one SIREN (in file order; a sorted file gives one run
   * per SIREN) and its open rows. Rejected rows are not counted.
   */
  countSirens?: string[];
  countOpen?: number[];
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
    const count = this.opts.countOpen;
    if (count) {
      const siren = String(row[count.sirenIndex]);
      const open = row[count.statusIndex] === 'A' ? 1 : 0;
      const sirens = (out.countSirens ??= []);
      const opens = (out.countOpen ??= []);
      if (sirens[sirens.length - 1] === siren) opens[opens.length - 1]! += open;
      else {
        sirens.push(siren);
        opens.push(open);
      }
    }
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
