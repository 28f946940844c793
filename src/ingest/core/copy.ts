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
  return `${copyFields(values, false)}\n`;
}

/**
 * One row's values in COPY text, tab-separated, without the newline (a flat string). `plain` says
 * the caller knows no string value holds a backslash, tab or line break (the record they come
 * from holds none), which spares a test per value.
 */
export function copyFields(values: unknown[], plain: boolean): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    parts[i] =
      v === null
        ? '\\N'
        : typeof v === 'string' && (plain || !NEEDS_ESCAPE.test(v))
          ? v
          : copyValue(v);
  }
  return parts.join('\t');
}

/**
 * 53-bit hash of a string (cyrb53): the fingerprint of a row's encoded values, stored beside it so
 * a re-import can tell an unchanged row without sending it to the database. Not cryptographic: it
 * only compares a row with its own previous version (a false match has odds of about 2^-53).
 */
export function rowHash(s: string, then = -1): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  // `then`: one more character, as if appended (hashes a row and its newline without a copy).
  if (then >= 0) {
    h1 = Math.imul(h1 ^ then, 2654435761);
    h2 = Math.imul(h2 ^ then, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
