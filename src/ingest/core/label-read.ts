/**
 * Reading a label source's file (src/ingest/<source>/, issue 39): its text in its own encoding,
 * an XLSX's first sheet, delimited rows (`;` or `,`, split by ./csv.ts), JSON records, dates, and
 * SIREN/SIRET cleaned the way the government search API does. labels.ts re-exports it.
 */
import {
  readXlsxRows,
  TABLE_LIMITS,
  TableLimit,
  TableUnreadable,
  type TableLimits,
} from '@/lib/tabular/xlsx-read';
import { CsvSplitter, type RecordSink } from './csv';
import { ImportError } from './errors';
import type { OpenedInput } from './input';
import { parseJson } from './json';

/**
 * The whole file's contents as text: UTF-8, or Latin-1 when it is not valid UTF-8 (the Culture
 * ministry's and FINESS's CSV are Latin-1). A BOM is dropped.
 */
export async function readSourceText(input: OpenedInput): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of input.stream as AsyncIterable<Buffer>) parts.push(chunk);
  const buf = Buffer.concat(parts);
  if (buf.length === 0) throw new ImportError(`Le fichier ${input.name} est vide.`);
  if (buf.subarray(0, 4096).includes(0))
    throw new ImportError(
      `Le fichier ${input.entryName ?? input.name} n'est pas un fichier texte : son contenu est binaire.`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A SIREN as the API cleans it: digits only, zero-padded to 9; a SIRET gives its first 9. */
export function cleanSiren(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const raw = String(v).trim();
  if (!raw || /e\+?\d/i.test(raw)) return null;
  const d = raw.replace(/\D/g, '');
  if (d.length === 14) return d.slice(0, 9);
  if (d.length === 0 || d.length > 9) return null;
  return d.padStart(9, '0');
}

/** A SIRET: 14 digits once non-digits are removed (zero-padded from 13, as Excel drops them). */
export function cleanSiret(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const raw = String(v).trim();
  if (/e\+?\d/i.test(raw)) return null;
  const d = raw.replace(/\D/g, '');
  if (d.length === 13) return d.padStart(14, '0');
  return d.length === 14 ? d : null;
}

export type DelimitedRow = { line: number; get(column: string): string | null; fields: string[] };

/**
 * The records of a small delimited text, blank lines left out, each with the line it starts on:
 * the imports' one CSV splitter (./csv.ts: RFC 4180 quotes, CRLF, newlines inside quotes; a quote
 * left open at the end of the file is an ImportError).
 */
function splitRecords(text: string, delimiter: string): Array<{ line: number; fields: string[] }> {
  const out: Array<{ line: number; fields: string[] }> = [];
  const splitter = new CsvSplitter(delimiter);
  const sink: RecordSink = (fields, line, raw) => {
    if (raw.trim()) out.push({ line, fields });
  };
  splitter.push(text, sink);
  splitter.end(sink);
  return out;
}

/**
 * A delimited file with a header line: `;` unless the header has more `,` (the API's processors
 * fall back the same way). `required` columns must be there (a clear message otherwise); names
 * are matched case-insensitively, spaces trimmed.
 */
export function delimited(
  text: string,
  name: string,
  required: string[],
): { header: string[]; rows: DelimitedRow[] } {
  const first = /^.*\S.*$/m.exec(text)?.[0] ?? '';
  const delimiter = (first.match(/,/g)?.length ?? 0) > (first.match(/;/g)?.length ?? 0) ? ',' : ';';
  const recs = splitRecords(text, delimiter);
  const head = recs.shift();
  if (!head) throw new ImportError(`Le fichier ${name} est vide.`);
  const header = head.fields.map((h) => h.trim());
  const index = new Map(header.map((h, i) => [h.toLowerCase(), i]));
  const missing = required.filter((r) => !index.has(r.toLowerCase()));
  if (missing.length)
    throw new ImportError(
      `Colonnes absentes de ${name} : ${missing.join(', ')}.\n  Trouvé : ${header.slice(0, 20).join(delimiter)}`,
    );
  const rows = recs.map(({ line, fields }) => ({
    line,
    fields,
    get(column: string) {
      const i = index.get(column.toLowerCase());
      const v = i === undefined ? undefined : fields[i]?.trim();
      return v ? v : null;
    },
  }));
  return { header, rows };
}

/** Rows without a header (FINESS): fields by position, after `skipLines` lines of metadata. */
export function positional(text: string, delimiter: string, skipLines = 0): DelimitedRow[] {
  return splitRecords(text, delimiter)
    .slice(skipLines)
    .map(({ line, fields }) => ({ line, fields, get: () => null }));
}

export const isoDay = (d: string | null | undefined): string | null => {
  const v = d?.slice(0, 10);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
};

/** `dd/mm/yyyy` → ISO; ISO dates and timestamps kept; anything else null. */
export function frenchDate(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(v.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : isoDay(v.trim());
}

/** A source file as text: an XLSX (by its name) as its first sheet from the header holding `xlsxHeader`. */
export async function readLabelFile(input: OpenedInput, xlsxHeader?: string[]): Promise<string> {
  const name = input.entryName ?? input.name;
  return xlsxHeader && /\.xlsx$/i.test(name) ? xlsxText(input, xlsxHeader) : readSourceText(input);
}

/** A JSON answer rather than a delimited file (its first character opens an array or object). */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/** The records of a JSON answer, the array itself or under one of `keys`, numbered from 1. */
export const jsonRows = (
  text: string,
  name: string,
  keys: string[],
): Array<Record<string, unknown> & { line: number }> =>
  jsonRecords(parseJson(text, name), keys, name).map((r, i) => ({ ...r, line: i + 1 }));

/**
 * The rows of a file published both as a JSON answer and as a delimited file, each read into the
 * same shape: `json.row` from a record (`json.fields`: a records API's `{fields: {…}}` unwrapped),
 * `csv.row` from a line holding the `csv.required` columns. `line` is the record's number.
 */
export function jsonOrDelimited<T>(
  text: string,
  name: string,
  json: { keys: string[]; fields?: boolean; row: (r: Record<string, unknown>) => T },
  csv: { required: string[]; row: (r: DelimitedRow) => T },
): Array<T & { line: number }> {
  if (looksLikeJson(text))
    return jsonRows(text, name, json.keys).map((r) => ({
      ...json.row(json.fields ? ((r.fields ?? r) as Record<string, unknown>) : r),
      line: r.line,
    }));
  return delimited(text, name, csv.required).rows.map((r) => ({ ...csv.row(r), line: r.line }));
}

/** The array of records of a JSON answer: the array itself, or under one of `keys`. */
export function jsonRecords(doc: unknown, keys: string[], name: string): Record<string, unknown>[] {
  if (Array.isArray(doc)) return doc as Record<string, unknown>[];
  if (doc && typeof doc === 'object')
    for (const k of keys) {
      const v = (doc as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as Record<string, unknown>[];
    }
  throw new ImportError(`${name} : liste attendue (${keys.map((k) => `« ${k} »`).join(' ou ')}).`);
}

export const str = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).trim() || null;

/**
 * Caps for the official XLSX lists (Egapro's index, some 100,000 rows a year of publication; the
 * DGCL's EPCI list, 1,300): Excel's own row limit, and room for the index's few dozen columns,
 * while a hostile workbook still costs at most a few hundred megabytes and a few minutes.
 */
export const LABEL_XLSX_LIMITS: TableLimits = {
  ...TABLE_LIMITS,
  inflatedBytes: 1024 * 1024 * 1024,
  partBytes: 768 * 1024 * 1024,
  rows: 1_048_576,
  cells: 20_000_000,
  sharedStrings: 5_000_000,
  timeMs: 10 * 60_000,
};

/**
 * The first sheet of an XLSX workbook as header + rows of text (Egapro's index, the DGCL's EPCI
 * list are published as XLSX), read by the capped reader. The header is the first row holding
 * every `required` column; empty rows are left out.
 */
export async function xlsxText(
  input: OpenedInput,
  required: string[],
  limits: TableLimits = LABEL_XLSX_LIMITS,
): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of input.stream as AsyncIterable<Buffer>) parts.push(chunk);
  let rows: string[][];
  try {
    rows = await readXlsxRows(Buffer.concat(parts), limits);
  } catch (e) {
    if (e instanceof TableLimit)
      throw new ImportError(
        `${input.name} dépasse ce qu'un classeur de la source peut contenir (${e.message}).`,
      );
    if (e instanceof TableUnreadable)
      throw new ImportError(`${input.name} n'est pas un classeur XLSX lisible (${e.message}).`);
    throw e;
  }
  const wanted = required.map((r) => r.toLowerCase());
  const start = rows.findIndex((values) => {
    const lower = values.map((v) => v.trim().toLowerCase());
    return wanted.every((r) => lower.includes(r));
  });
  if (start < 0) return '';
  return rows
    .slice(start)
    .filter((values) => values.some((v) => v !== ''))
    .map((values) => values.map((v) => `"${v.replace(/"/g, '""')}"`).join(';'))
    .join('\n');
}
