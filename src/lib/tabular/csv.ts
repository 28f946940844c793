/**
 * The site's one CSV field writer, for every export: the server's streamed tables
 * (src/lib/tabular/write.ts: the search export, the batch enrichment), the orders export, the
 * documents' CSV, the press kit's figures, and the followed-list export built in the browser
 * (src/ui/account/ListsTab.tsx), so it imports nothing of Node.
 *
 * CSV for French Excel: UTF-8 with a byte order mark (else Excel reads it as Windows-1252), `;`
 * between fields, CRLF between records, dates as JJ/MM/AAAA, decimals with a comma. A field is
 * quoted when it holds `;`, `"`, a line break or surrounding spaces, with `"` doubled (RFC 4180);
 * line breaks inside a field become spaces, so one record is one line. Any text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (formula injection, OWASP
 * « CSV Injection »): a company named `@SAADANA` or `=HYPERLINK(…)` is text in the spreadsheet.
 */

export type Cell = string | number | null;
/** How a column's values are written: dates (ISO in, JJ/MM/AAAA or an Excel date out), amounts. */
export type CellKind = 'text' | 'date' | 'euros' | 'integer';

export const CSV_BOM = '\uFEFF';

function frenchDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** One CSV field (see the module's comment). */
export function csvField(value: Cell | undefined, kind: CellKind = 'text'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  let v = kind === 'date' ? frenchDate(value) : value.replace(/[\r\n]+/g, ' ');
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[;"\n\r]|^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** One CSV record, with its CRLF; `kinds` by column (text when absent). */
export function csvRecord(cells: readonly Cell[], kinds: readonly CellKind[] = []): string {
  return cells.map((c, i) => csvField(c, kinds[i])).join(';') + '\r\n';
}

/** A whole small table as CSV text, byte order mark first. */
export function csvText(rows: ReadonlyArray<readonly Cell[]>, kinds: readonly CellKind[] = []) {
  return CSV_BOM + rows.map((r) => csvRecord(r, kinds)).join('');
}
