/**
 * SIREN (9 digits) and SIRET (14 digits) identifiers: padding, format and Luhn key.
 * Pure functions, no I/O.
 */
export type Siren = string & { readonly __brand: 'Siren' };
export type Siret = string & { readonly __brand: 'Siret' };

/** La Poste's establishments do not follow the Luhn rule: their digits sum to a multiple of 5. */
export const LA_POSTE_SIREN = '356000000';

/** Left-pads a company number with zeros to 9 digits; spaces (as BODACC prints them) are dropped. */
export function padSiren(input: string | number): string {
  const digits = String(input).replace(/[\s\u00a0]/g, '');
  return digits.padStart(9, '0');
}

/**
 * The Luhn sum of `digits`: every second digit from the right doubled, starting with the last
 * one when `keyless` (the key digit is still to come), else with the one before it.
 */
function luhnSum(digits: string, keyless: boolean): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === (keyless ? 0 : 1)) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export function luhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** Appends the Luhn key digit to make a valid identifier. */
export function withLuhnKey(body: string): string {
  return body + String((10 - (luhnSum(body, true) % 10)) % 10);
}

/** True when the value is 9 digits (no key check: a few old INSEE numbers fail Luhn). */
export function isSirenFormat(value: string): value is Siren {
  return /^\d{9}$/.test(value);
}

export function isSiretFormat(value: string): value is Siret {
  return /^\d{14}$/.test(value);
}

/** A SIREN typed by a user: 9 digits and a valid Luhn key. */
export function isValidSiren(value: string): value is Siren {
  return isSirenFormat(value) && luhnValid(value);
}

/** A SIRET: 14 digits, Luhn key valid, or La Poste's sum-of-digits rule. */
export function isValidSiret(value: string): value is Siret {
  if (!isSiretFormat(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN)) {
    if (luhnValid(value)) return true;
    let sum = 0;
    for (const c of value) sum += c.charCodeAt(0) - 48;
    return sum % 5 === 0;
  }
  return luhnValid(value);
}

/** Parses user or upstream input into a SIREN, or null. Accepts spaces and fewer than 9 digits. */
export function parseSiren(input: string | null | undefined): Siren | null {
  if (input == null) return null;
  const compact = input.replace(/[\s\u00a0.]/g, '');
  if (!/^\d{1,9}$/.test(compact)) return null;
  const padded = padSiren(compact);
  return isSirenFormat(padded) ? padded : null;
}

export function parseSiret(input: string | null | undefined): Siret | null {
  if (input == null) return null;
  const compact = input.replace(/[\s\u00a0.]/g, '');
  if (!/^\d{14}$/.test(compact)) return null;
  return compact as Siret;
}

/** "123 456 789" */
export function formatSiren(siren: string): string {
  return `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6, 9)}`;
}

/** "123 456 789 00012" */
export function formatSiret(siret: string): string {
  return `${formatSiren(siret.slice(0, 9))} ${siret.slice(9)}`;
}

/**
 * A SIREN from a URL, decoded already (never decoded again here): left-padded to 9 digits, then
 * checked (format and Luhn key).
 */
export function validateSiren(
  input: string,
): { ok: true; siren: string } | { ok: false; message: string } {
  const siren = parseSiren(input);
  if (!siren || !isSirenFormat(siren)) {
    return { ok: false, message: 'Le numéro SIREN doit comporter 9 chiffres.' };
  }
  // La Poste (356000000) passes Luhn; a handful of historical INSEE numbers do not, so the key
  // is only enforced on numbers that are not in the base (see getCompanyProfile).
  return { ok: true, siren };
}
