/**
 * Python's readings of a string, as the government search API (Python, pydantic) applies them:
 * `int`, `float`, `date.fromisoformat` and its `clean_str` list splitting. Pure.
 */

/** Python's `int(str)`: surrounding whitespace, a sign, digits with single underscores. */
export function pyInt(raw: string): bigint | null {
  const t = raw.trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(t)) return null;
  return BigInt(t.replace(/_/g, ''));
}

/** Python's `float(str)` (NaN refused as the API does); null when it is not a float. */
export function pyFloat(raw: string): number | null {
  if (raw.toLowerCase() === 'nan') return null;
  const t = raw.trim();
  const digits = String.raw`\d+(?:_\d+)*`;
  const re = new RegExp(
    `^[+-]?(?:(?:${digits}(?:\\.(?:${digits})?)?|\\.${digits})(?:[eE][+-]?${digits})?|inf|infinity|nan)$`,
    'i',
  );
  if (!re.test(t)) return null;
  const n = Number(t.replace(/_/g, '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
  return Number.isNaN(n) ? null : n;
}

/** `clean_str` then a split on commas: hyphens and spaces removed, upper case. */
export const cleanList = (raw: string) =>
  raw.replace(/-/g, ' ').replace(/ /g, '').toUpperCase().split(',');

/** Python's `date.fromisoformat` (3.12): calendar dates and ISO week dates, basic or extended. */
export function pyDate(raw: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
    const last = new Date(Date.UTC(2000, mo, 0)).getUTCDate();
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    if (d > (mo === 2 ? (leap ? 29 : 28) : last)) return null;
    return `${m[1]}-${m[2]}-${m[3]}`;
  }
  m = /^(\d{4})-?W(\d{2})(?:-?([1-7]))?$/.exec(raw);
  if (m && /^\d{4}(W\d{2}([1-7])?|-W\d{2}(-[1-7])?)$/.test(raw)) {
    const [y, w, d] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)];
    if (y < 1) return null;
    // Monday of week 1 is the Monday of the week holding 4 January.
    const jan4 = new Date(Date.UTC(0, 0, 4));
    jan4.setUTCFullYear(y);
    const monday1 = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
    const jan4Next = new Date(Date.UTC(0, 0, 4));
    jan4Next.setUTCFullYear(y + 1);
    const weeks =
      (jan4Next.getTime() - ((jan4Next.getUTCDay() + 6) % 7) * 86_400_000 - monday1.getTime()) /
      (7 * 86_400_000);
    if (w < 1 || w > weeks) return null;
    const day = new Date(monday1.getTime() + ((w - 1) * 7 + d - 1) * 86_400_000);
    const yy = String(day.getUTCFullYear()).padStart(4, '0');
    return `${yy}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}`;
  }
  return null;
}
