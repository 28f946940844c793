/**
 * Name folding for search. The same rules exist in SQL (`search_fold` in drizzle/0006_search_functions.sql) so
 * that the index built by PostgreSQL and the query folded here agree; a test checks both on the
 * same strings. Pure, no I/O.
 */

/** Letters that unaccent() maps to more than a stripped accent. */
const LIGATURES: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

/** Elided articles and pronouns: "l'", "d'", "qu'"… are dropped before the word they join. */
const ELISION = /(^|[^a-z0-9])((l|d|qu|j|m|n|s|t|c)')+/g;
/** A stand-alone "l", "d" or "qu" (SIRENE often writes "L ENVIRONNEMENT" for "l'environnement"). */
const LONE_ELISION = / (l|d|qu)(?= )/g;

/** Lower case, accents off, apostrophes as ASCII. */
export function baseFold(input: string): string {
  let s = input
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  s = s.replace(/[œæßøłđı]/g, (c) => LIGATURES[c] ?? c);
  return s.replace(/['’‘`´]/g, "'");
}

/**
 * The folded key of a name: lower case, no accents, elisions removed, dots and other apostrophes
 * joined (S.A.R.L. → sarl, O'NEILL → oneill), any other punctuation a single space.
 */
export function foldName(input: string): string {
  let s = baseFold(input);
  s = s.replace(ELISION, '$1').replace(/['.]/g, '');
  s = ` ${s.replace(/[^a-z0-9]+/g, ' ')} `;
  return s.replace(LONE_ELISION, '').trim();
}

/** The key with every separator removed: TOTAL ENERGIES ↔ TOTALENERGIES, FIT LAB ↔ FITLAB. */
export function joinedKey(folded: string): string {
  return folded.replace(/ /g, '');
}

/** Letters and digits only, elisions kept: L'OREAL → loreal (a user may type it joined). */
export function rawKey(input: string): string {
  return baseFold(input).replace(/[^a-z0-9]+/g, '');
}

export function tokensOf(folded: string): string[] {
  if (!folded) return [];
  return [...new Set(folded.split(' ').filter(Boolean))];
}

/**
 * Words that say what kind of company it is rather than which one: a query may add them
 * ("danone sa") when the registered name does not carry them.
 */
export const LEGAL_FORM_WORDS = new Set([
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sci',
  'snc',
  'scop',
  'scp',
  'selarl',
  'selas',
  'gie',
  'gaec',
  'earl',
  'ei',
  'eirl',
  'se',
  'societe',
  'ste',
  'cie',
  'compagnie',
  'ets',
  'etablissements',
  'entreprise',
  'groupe',
  'association',
  'asso',
]);

export const STOP_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'et',
  'a',
  'au',
  'aux',
  'en',
  'sur',
]);

/** The words of a query worth requiring: legal-form and stop words only when nothing else is left. */
export function significantTokens(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !LEGAL_FORM_WORDS.has(t) && !STOP_WORDS.has(t));
  return kept.length > 0 ? kept : tokens;
}

/** Damerau-free Levenshtein distance, bounded: returns max+1 as soon as it exceeds max. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Two rows reused from call to call (thousands of calls per typo lookup): no allocation.
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 2);
    rowB = new Int32Array(b.length * 2 + 2);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length]!;
}
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Typos forgiven for a word of this length. */
export function allowedTypos(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 6) return 1;
  return 2;
}
