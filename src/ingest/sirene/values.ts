/** Field-level parsing shared by the SIRENE files. Each returns the value or throws a reason. */
export class RowError extends Error {}

/** Empty and "[ND]" (not diffused under partial diffusion) become null. */
export function clean(v: string | undefined): string | null {
  if (v === undefined || v === '' || v === '[ND]') return null;
  return v;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits at [i, i+n) as a number, or -1. Hot path: one call per date of tens of millions of rows. */
function digitsAt(v: string, i: number, n: number): number {
  let x = 0;
  for (let k = i; k < i + n; k++) {
    const c = v.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    x = x * 10 + c;
  }
  return x;
}

export function isValidDate(v: string): boolean {
  if (v.length !== 10 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return false;
  const y = digitsAt(v, 0, 4);
  const mo = digitsAt(v, 5, 2);
  const d = digitsAt(v, 8, 2);
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]!) return false;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return false;
  return true;
}

export function date(v: string | undefined, column: string): string | null {
  const c = clean(v);
  if (c === null) return null;
  if (!isValidDate(c)) throw new RowError(`date invalide dans ${column} : « ${c} »`);
  return c;
}

const TS_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?)?$/;

export function timestamp(v: string | undefined, column: string): string | null {
  const c = clean(v);
  if (c === null) return null;
  // The usual INSEE form, 2024-03-22T15:40:57, checked without a regex.
  if (
    c.length === 19 &&
    c.charCodeAt(10) === 84 &&
    c.charCodeAt(13) === 58 &&
    c.charCodeAt(16) === 58
  ) {
    const h = digitsAt(c, 11, 2);
    const mi = digitsAt(c, 14, 2);
    const se = digitsAt(c, 17, 2);
    if (
      isValidDate(c.slice(0, 10)) &&
      h >= 0 &&
      h <= 23 &&
      mi >= 0 &&
      mi <= 59 &&
      se >= 0 &&
      se <= 59
    )
      return c;
    throw new RowError(`horodatage invalide dans ${column} : « ${c} »`);
  }
  const m = TS_RE.exec(c);
  if (
    !m ||
    !isValidDate(m[1]!) ||
    Number(m[2] ?? 0) > 23 ||
    Number(m[3] ?? 0) > 59 ||
    Number(m[4] ?? 0) > 59
  )
    throw new RowError(`horodatage invalide dans ${column} : « ${c} »`);
  return c.replace(' ', 'T');
}

export function year(v: string | undefined, column: string): number | null {
  const c = clean(v);
  if (c === null) return null;
  if (!/^\d{4}$/.test(c)) throw new RowError(`année invalide dans ${column} : « ${c} »`);
  return Number(c);
}

export function oneOf<T extends string>(
  v: string | undefined,
  allowed: readonly T[],
  column: string,
): T | null {
  const c = clean(v);
  if (c === null) return null;
  if (!(allowed as readonly string[]).includes(c))
    throw new RowError(
      `valeur inconnue dans ${column} : « ${c} » (attendu : ${allowed.join(', ')})`,
    );
  return c as T;
}

/** 'O'/'N' flags (ESS, société à mission, employeur). */
export function flag(v: string | undefined, column: string): boolean | null {
  const c = clean(v);
  if (c === null) return null;
  if (c === 'O') return true;
  if (c === 'N') return false;
  throw new RowError(`valeur inconnue dans ${column} : « ${c} » (attendu : O ou N)`);
}

export function bool(v: string | undefined, column: string): boolean | null {
  const c = clean(v);
  if (c === null) return null;
  if (c === 'true') return true;
  if (c === 'false') return false;
  throw new RowError(`valeur inconnue dans ${column} : « ${c} » (attendu : true ou false)`);
}

export function digits(v: string | undefined, length: number, column: string): string | null {
  const c = clean(v);
  if (c === null) return null;
  if (c.length !== length || !/^\d+$/.test(c))
    throw new RowError(`${column} mal formé : « ${c} » (${length} chiffres attendus)`);
  return c;
}
