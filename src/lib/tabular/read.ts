/**
 * Reads the first sheet of an uploaded table: a CSV (UTF-8 or Windows-1252, `;`, `,` or tab
 * between fields, quoted fields) or an XLSX workbook, told apart by their first bytes, never by
 * a name or a declared type. Anything else is UNSUPPORTED_MEDIA_TYPE; a workbook that cannot be
 * read, or that would expand past MAX_UNZIPPED_BYTES, is VALIDATION_FAILED.
 */
import type ExcelJS from 'exceljs';
import { failure, success, type Result } from '@/lib/errors';

/** A workbook is a zip: its declared expanded size is checked before it is opened. */
const MAX_UNZIPPED_BYTES = 40 * 1024 * 1024;

export type TableRows = { kind: 'csv' | 'xlsx'; rows: string[][] };

const NOT_A_TABLE =
  'Ce fichier n’est ni un CSV ni un classeur Excel (XLSX) : envoyez une liste de SIREN dans l’un de ces formats.';

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Text, not a binary file: no NUL and no other control byte but tab, CR, LF, form feed. */
function looksLikeText(b: Uint8Array): boolean {
  const n = Math.min(b.length, 64 * 1024);
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) return false;
  }
  return true;
}

function decodeText(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(b);
  }
}

/** CSV records (RFC 4180 quoting), the delimiter guessed from the first line. */
export function parseCsv(text: string): string[][] {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    first.split(d).length > first.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The sum of the sizes a zip's central directory declares, or null when it cannot be read. */
function declaredUnzippedBytes(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) !== 0x06054b50) continue;
    const entries = view.getUint16(i + 10, true);
    let at = view.getUint32(i + 16, true);
    let total = 0;
    for (let e = 0; e < entries; e++) {
      if (at + 46 > b.length || view.getUint32(at, true) !== 0x02014b50) return null;
      total += view.getUint32(at + 24, true);
      at +=
        46 +
        view.getUint16(at + 28, true) +
        view.getUint16(at + 30, true) +
        view.getUint16(at + 32, true);
    }
    return total;
  }
  return null;
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v == null) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    return '';
  }
  return String(v);
};

/** The rows of an uploaded CSV or XLSX file (every cell as text). */
export async function readTable(bytes: Uint8Array): Promise<Result<TableRows>> {
  if (isZip(bytes)) {
    const size = declaredUnzippedBytes(bytes);
    if (size === null || size > MAX_UNZIPPED_BYTES)
      return failure(
        'VALIDATION_FAILED',
        'Ce classeur Excel est illisible ou trop volumineux une fois décompressé.',
      );
    // Loaded on first use: the spreadsheet library is large and most processes never read one.
    const excel = (await import('exceljs')).default;
    const wb = new excel.Workbook();
    try {
      await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    } catch {
      return failure(
        'VALIDATION_FAILED',
        'Ce classeur Excel est illisible : enregistrez-le de nouveau au format XLSX.',
      );
    }
    const ws = wb.worksheets[0];
    const rows: string[][] = [];
    ws?.eachRow({ includeEmpty: true }, (row, n) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows[n - 1] = values.map((v) => cellText(v as ExcelJS.CellValue));
    });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    return success({ kind: 'xlsx', rows });
  }
  if (!looksLikeText(bytes)) return failure('UNSUPPORTED_MEDIA_TYPE', NOT_A_TABLE);
  return success({ kind: 'csv', rows: parseCsv(decodeText(bytes)) });
}
