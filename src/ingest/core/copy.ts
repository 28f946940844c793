/** Encoding of values in PostgreSQL's COPY text format. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

export function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') return NEEDS_ESCAPE.test(v) ? escapeText(v) : v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (Array.isArray(v)) return copyValue(arrayLiteral(v as Array<string | null>));
  return copyValue(JSON.stringify(v));
}

function escapeText(s: string): string {
  return s.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** text[] literal: {"a","b"}. */
export function arrayLiteral(values: Array<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** One row; built with join so the result is a flat string, not a rope of small pieces. */
export function copyRow(values: unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = copyValue(values[i]);
  return `${parts.join('\t')}\n`;
}
