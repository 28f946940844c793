/** Field-level parsing shared by the SIRENE files. Each returns the value or throws a reason. */
export class RowError extends Error {}

/** Empty and "[ND]" (not diffused under partial diffusion) become null. */
export function clean(v: string | undefined): string | null {
  if (v === undefined || v === '' || v === '[ND]') return null;
  return v;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isValidDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]!) return false;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return false;
  return y >= 1000;
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
