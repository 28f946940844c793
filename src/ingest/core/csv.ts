import { ImportError } from './errors';

export type CsvRecord = { line: number; fields: string[]; raw: string };
/** Receives one record: its fields, the 1-based line where it starts, and its text. */
export type RecordSink = (fields: string[], line: number, raw: string) => void;

/**
 * Splits text fed piece by piece into CSV records (RFC 4180: quoted fields with doubled quotes,
 * and newlines inside quotes), handing each to a callback as soon as it is complete: nothing is
 * held but the unfinished end of the last piece. Lines without a quote, the vast majority in
 * INSEE files, take a fast path. Line numbers start at `firstLine` (a piece of a file starts at
 * its own line).
 */
export class CsvSplitter {
  private carry = '';
  private lineNo: number;
  /** A record whose quotes are still open, and the line where it starts. */
  private pending: string | null = null;
  private pendingLine = 0;

  constructor(
    private readonly delimiter = ',',
    firstLine = 1,
  ) {
    this.lineNo = firstLine - 1;
  }

  /** Feeds the next piece of text; `sink` gets every record it completes. */
  push(chunk: string, sink: RecordSink): void {
    const text = this.carry ? this.carry + chunk : chunk;
    const delimiter = this.delimiter;
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      let line = text.charCodeAt(nl - 1) === 13 ? text.slice(start, nl - 1) : text.slice(start, nl);
      start = nl + 1;
      this.lineNo++;
      if (this.pending !== null) {
        line = `${this.pending}\n${line}`;
        this.pending = null;
      } else this.pendingLine = this.lineNo;
      if (line.length === 0) continue;
      if (line.indexOf('"') < 0) {
        sink(line.split(delimiter), this.pendingLine, line);
        continue;
      }
      const fields = parseQuoted(line, delimiter);
      if (fields === null) this.pending = line;
      else sink(fields, this.pendingLine, line);
    }
    this.carry = text.slice(start);
  }

  /** The end of the input: the last record when no newline closes it. */
  end(sink: RecordSink): void {
    let last = this.carry.endsWith('\r') ? this.carry.slice(0, -1) : this.carry;
    this.carry = '';
    if (this.pending !== null) last = last ? `${this.pending}\n${last}` : this.pending;
    else this.pendingLine = this.lineNo + 1;
    this.pending = null;
    if (!last.length) return;
    const fields =
      last.indexOf('"') < 0 ? last.split(this.delimiter) : parseQuoted(last, this.delimiter);
    if (fields === null) {
      throw new ImportError(
        `Ligne ${this.pendingLine} : guillemet ouvert jamais refermé jusqu'à la fin du fichier (fichier tronqué ?).`,
      );
    }
    sink(fields, this.pendingLine, last);
  }
}

/**
 * The records of a stream of text chunks, one batch per chunk (see CsvSplitter). `line` is the
 * 1-based line number where the record starts.
 */
export async function* csvRecords(
  chunks: AsyncIterable<string>,
  delimiter = ',',
  firstLine = 1,
): AsyncGenerator<CsvRecord[]> {
  const splitter = new CsvSplitter(delimiter, firstLine);
  let batch: CsvRecord[] = [];
  const sink: RecordSink = (fields, line, raw) => batch.push({ line, fields, raw });
  for await (const chunk of chunks) {
    splitter.push(chunk, sink);
    if (batch.length) {
      yield batch;
      batch = [];
    }
  }
  splitter.end(sink);
  if (batch.length) yield batch;
}

/** Parses one record with quotes; null when a quoted field is still open at the end. */
export function parseQuoted(line: string, delimiter: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (i < n && line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return null;
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Tolerate stray characters between the closing quote and the delimiter.
      const d = line.indexOf(delimiter, i);
      if (d < 0) {
        value += line.slice(i);
        out.push(value);
        return out;
      }
      value += line.slice(i, d);
      out.push(value);
      i = d + 1;
    } else {
      const d = line.indexOf(delimiter, i);
      if (d < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, d));
      i = d + 1;
    }
  }
}
