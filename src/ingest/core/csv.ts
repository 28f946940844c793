import { ImportError } from './errors';

export type CsvRecord = { line: number; fields: string[]; raw: string };

/**
 * Splits text chunks into CSV records (RFC 4180: quoted fields with doubled quotes, and newlines
 * inside quotes). Lines without a quote, the vast majority in INSEE files, take a fast path.
 * `line` is the 1-based line number where the record starts (`firstLine` for the first line of
 * `chunks`, when they are a piece of a file).
 */
export async function* csvRecords(
  chunks: AsyncIterable<string>,
  delimiter = ',',
  firstLine = 1,
): AsyncGenerator<CsvRecord[]> {
  let carry = '';
  let lineNo = firstLine - 1;
  let pending: string | null = null; // a record whose quotes are still open
  let pendingLine = 0;
  for await (const chunk of chunks) {
    const text = carry + chunk;
    const batch: CsvRecord[] = [];
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      let line = text.slice(start, nl);
      start = nl + 1;
      lineNo++;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (pending !== null) {
        line = `${pending}\n${line}`;
        pending = null;
      } else pendingLine = lineNo;
      if (line.length === 0) continue;
      if (line.indexOf('"') < 0) {
        batch.push({ line: pendingLine, fields: line.split(delimiter), raw: line });
        continue;
      }
      const fields = parseQuoted(line, delimiter);
      if (fields === null) {
        pending = line;
        continue;
      }
      batch.push({ line: pendingLine, fields, raw: line });
    }
    carry = text.slice(start);
    if (batch.length) yield batch;
  }
  let last = carry.endsWith('\r') ? carry.slice(0, -1) : carry;
  if (pending !== null) last = last ? `${pending}\n${last}` : pending;
  else pendingLine = lineNo + 1;
  if (last.length) {
    const fields = last.indexOf('"') < 0 ? last.split(delimiter) : parseQuoted(last, delimiter);
    if (fields === null) {
      throw new ImportError(
        `Ligne ${pendingLine} : guillemet ouvert jamais refermé jusqu'à la fin du fichier (fichier tronqué ?).`,
      );
    }
    yield [{ line: pendingLine, fields, raw: last }];
  }
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
