/**
 * What a typed query means: a SIREN, a SIRET, a VAT number, or a name. Pure.
 */
import { isSirenFormat, padSiren } from '@/domain/siren';
import { vatKey } from '@/domain/vat';
import { foldName, joinedKey, rawKey, tokensOf } from './normalize';
import { failure, type Failure } from '@/lib/errors';

export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 200;

export type ParsedQuery =
  | { kind: 'siren'; siren: string }
  | { kind: 'siret'; siret: string }
  | { kind: 'vat'; siren: string; keyValid: boolean }
  | {
      kind: 'name';
      text: string;
      key: string;
      joined: string;
      raw: string;
      tokens: string[];
      /** The last word may be unfinished (typed as the user goes). */
      lastIsPrefix: boolean;
    };

/** A query that cannot be searched: QUERY_TOO_SHORT, QUERY_TOO_LONG or QUERY_EMPTY. */
export type QueryError = Failure;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;

/** Removes control and invisible characters and collapses white space. */
export function cleanInput(input: string): string {
  return input.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** QUERY_TOO_LONG or QUERY_TOO_SHORT for a cleaned query, else null. */
function lengthError(text: string): QueryError | null {
  if (text.length > MAX_QUERY_LENGTH)
    return failure('QUERY_TOO_LONG', `La recherche est limitée à ${MAX_QUERY_LENGTH} caractères.`);
  if (text.length < MIN_QUERY_LENGTH)
    return failure(
      'QUERY_TOO_SHORT',
      `Saisissez au moins ${MIN_QUERY_LENGTH} caractères pour lancer la recherche.`,
    );
  return null;
}

export function parseQuery(input: string | null | undefined): ParsedQuery | QueryError {
  const text = cleanInput(input ?? '');
  const length = lengthError(text);
  if (length) return length;
  const compact = text.replace(/[\s.\u00a0-]/g, '');
  if (/^\d{14}$/.test(compact)) return { kind: 'siret', siret: compact };
  if (/^\d{7,9}$/.test(compact)) {
    const siren = padSiren(compact);
    if (isSirenFormat(siren)) return { kind: 'siren', siren };
  }
  const vat = /^FR([0-9A-Z]{2})(\d{9})$/i.exec(compact);
  if (vat) {
    const siren = vat[2]!;
    return { kind: 'vat', siren, keyValid: vatKey(siren) === vat[1] };
  }
  const key = foldName(text);
  const tokens = tokensOf(key);
  if (tokens.length === 0) {
    return failure(
      'QUERY_EMPTY',
      'Saisissez un nom, un numéro SIREN ou SIRET : la recherche ne contient ni lettre ni chiffre.',
    );
  }
  return {
    kind: 'name',
    text,
    key,
    joined: joinedKey(key),
    raw: rawKey(text),
    tokens,
    lastIsPrefix: !/[\s.,;!?)]$/.test(input ?? ''),
  };
}

export function isQueryError<T extends object>(value: T | QueryError): value is QueryError {
  return 'code' in value;
}

/** Director query: names in any order and an optional birth year. */
export type ParsedDirectorQuery = { tokens: string[]; birthYear: number | null; text: string };

export function parseDirectorQuery(
  input: string | null | undefined,
): ParsedDirectorQuery | QueryError {
  const text = cleanInput(input ?? '');
  const length = lengthError(text);
  if (length) return length;
  let birthYear: number | null = null;
  const words: string[] = [];
  for (const token of tokensOf(foldName(text))) {
    if (/^(19|20)\d{2}$/.test(token) && birthYear === null) birthYear = Number(token);
    else words.push(token);
  }
  if (words.length === 0) {
    return failure(
      'QUERY_EMPTY',
      'Saisissez le nom et, si vous le souhaitez, le prénom du dirigeant.',
    );
  }
  return { tokens: words, birthYear, text };
}
