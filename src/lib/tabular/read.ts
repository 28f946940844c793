/**
 * Reads the first sheet of an uploaded table: a CSV (UTF-8 or Windows-1252, `;`, `,` or tab
 * between fields, quoted fields) or an XLSX workbook, told apart by their first bytes, never by
 * a name or a declared type. Anything else is UNSUPPORTED_MEDIA_TYPE. Both are read under the
 * same hard limits (TABLE_LIMITS: rows, columns, cells; for a workbook also the bytes inflated,
 * its entries, shared strings and time, src/lib/tabular/xlsx-read.ts): past one, PAYLOAD_TOO_LARGE
 * (413) at once; a workbook that cannot be read, VALIDATION_FAILED (422).
 */
import { failure, success, type Result } from '@/lib/errors';
import {
  readXlsxRows,
  TABLE_LIMITS,
  TableLimit,
  TableUnreadable,
  type TableLimits,
} from './xlsx-read';

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

/**
 * CSV records (RFC 4180 quoting), the delimiter guessed from the first line; throws TableLimit
 * as soon as a row, a column or a cell passes `limits`.
 */
export function parseCsv(text: string, limits: TableLimits = TABLE_LIMITS): string[][] {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    first.split(d).length > first.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let cells = 0;
  const endField = () => {
    if (row.length >= limits.columns) throw new TableLimit(`plus de ${limits.columns} colonnes`);
    if (++cells > limits.cells) throw new TableLimit(`plus de ${limits.cells} cellules`);
    if (field.length > limits.cellChars) throw new TableLimit('texte trop long');
    row.push(field);
    field = '';
  };
  const endRow = () => {
    if (rows.length >= limits.rows) throw new TableLimit(`plus de ${limits.rows} lignes`);
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    endField();
    endRow();
  }
  return rows;
}

const TOO_LARGE =
  'Ce fichier est trop volumineux pour être lu : envoyez au plus 1 000 SIREN, sur une seule feuille, au format CSV ou XLSX.';

/** The rows of an uploaded CSV or XLSX file (every cell as text), under `limits`. */
export async function readTable(
  bytes: Uint8Array,
  limits: TableLimits = TABLE_LIMITS,
): Promise<Result<TableRows>> {
  try {
    if (isZip(bytes)) return success({ kind: 'xlsx', rows: await readXlsxRows(bytes, limits) });
    if (!looksLikeText(bytes)) return failure('UNSUPPORTED_MEDIA_TYPE', NOT_A_TABLE);
    return success({ kind: 'csv', rows: parseCsv(decodeText(bytes), limits) });
  } catch (e) {
    if (e instanceof TableLimit) return failure('PAYLOAD_TOO_LARGE', `${TOO_LARGE} (${e.message})`);
    if (e instanceof TableUnreadable)
      return failure(
        'VALIDATION_FAILED',
        'Ce classeur Excel est illisible : enregistrez-le de nouveau au format XLSX.',
      );
    throw e;
  }
}
