/**
 * A name query's words as the search vocabulary knows them: each word's alternatives (itself, the
 * last word's completions, typo corrections through the vocabulary only), with an in-process
 * cache of the commonest words. Read by the name search (name-search.ts) and the directors'
 * search (directors.ts). Design and figures: docs/SEARCH.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { textArray } from '@/domain/sql-fragments';
import { allowedTypos, editDistance, LEGAL_FORM_WORDS, STOP_WORDS } from './normalize';
import type { ParsedQuery } from './query';

export type NameQuery = Extract<ParsedQuery, { kind: 'name' }>;

/**
 * Vocabulary entries of very common words (frequency at least COMMON_WORD_MIN), kept in process:
 * queries made of such words (SCI DUPONT, BOULANGERIE with filters) skip the vocabulary round
 * trip. An entry holds the word's frequency and, once read, its 4 commonest completions; a pair of
 * two common words holds its joined word's frequency, 0 when the vocabulary does not know it.
 * Entries live VOCABULARY_CACHE_MS at most (another process may rebuild the index) and are
 * dropped when this process rebuilds or updates the index (clearVocabularyCache). A stale
 * entry can only change which word drives the postings read, or a completion: never the tiers.
 */
export const COMMON_WORD_MIN = 1000;
const VOCABULARY_CACHE_MS = 60_000;
const VOCABULARY_CACHE_MAX = 20_000;
type CachedWord = {
  frequency: number;
  completions: Array<{ token: string; frequency: number }> | null;
  at: number;
};
let vocabularyCache = new WeakMap<object, Map<string, CachedWord>>();

/** Called by the indexer after a rebuild or an update. */
export function clearVocabularyCache(): void {
  vocabularyCache = new WeakMap();
}

function cachedWords(db: Db): Map<string, CachedWord> {
  let m = vocabularyCache.get(db);
  if (!m) vocabularyCache.set(db, (m = new Map()));
  return m;
}

type VocabularyRow = { q: string | null; token: string; frequency: number; src: string };

/** For each query word, the vocabulary words that may stand for it (itself, completions, typos). */
export async function expandTokens(db: Db, q: NameQuery): Promise<Alternatives> {
  const last = q.tokens[q.tokens.length - 1]!;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < q.tokens.length; i++) pairs.push(q.tokens[i]! + q.tokens[i + 1]!);
  const lookup = [...new Set([...q.tokens, ...pairs])];
  const completes = q.lastIsPrefix && last.length >= 2;
  const cache = cachedWords(db);
  const now = Date.now();
  const fresh = (w: string) => {
    const e = cache.get(w);
    return e && now - e.at < VOCABULARY_CACHE_MS ? e : undefined;
  };
  let rows: VocabularyRow[];
  const hit =
    q.tokens.every((t) => (fresh(t)?.frequency ?? 0) > 0) &&
    pairs.every((p) => fresh(p) !== undefined) &&
    (!completes || fresh(last)!.completions !== null);
  if (hit) {
    // Same rows as the query below would give: known words (no typo lookup), completions.
    rows = lookup
      .filter((w) => fresh(w)!.frequency > 0)
      .map((w) => ({ q: null, token: w, frequency: fresh(w)!.frequency, src: 'exact' }));
    if (completes)
      rows.push(...fresh(last)!.completions!.map((c) => ({ q: null, ...c, src: 'prefix' })));
  } else {
    rows = await vocabularyRows(db, q, lookup, completes);
    const known = new Map<string, number>();
    for (const r of rows) if (r.src === 'exact') known.set(r.token, Number(r.frequency));
    const common = (w: string) => (known.get(w) ?? 0) >= COMMON_WORD_MIN;
    if (cache.size > VOCABULARY_CACHE_MAX) cache.clear();
    for (const t of q.tokens) {
      if (!common(t)) continue;
      const completions =
        t === last && completes
          ? rows
              .filter((r) => r.src === 'prefix')
              .map((r) => ({ token: r.token, frequency: Number(r.frequency) }))
          : (fresh(t)?.completions ?? null);
      cache.set(t, { frequency: known.get(t)!, completions, at: now });
    }
    for (let i = 0; i + 1 < q.tokens.length; i++) {
      if (common(q.tokens[i]!) && common(q.tokens[i + 1]!))
        cache.set(pairs[i]!, { frequency: known.get(pairs[i]!) ?? 0, completions: null, at: now });
    }
  }
  const known = new Map<string, number>();
  const completions: Array<{ token: string; frequency: number }> = [];
  const typos = rows.filter((r) => r.src === 'typo');
  for (const r of rows) {
    if (r.src === 'exact') known.set(r.token, Number(r.frequency));
    else if (r.src === 'prefix')
      completions.push({ token: r.token, frequency: Number(r.frequency) });
  }
  const out = new Map<string, Array<{ token: string; frequency: number }>>();
  for (const t of q.tokens) {
    const alts: Array<{ token: string; frequency: number }> = [];
    if (known.has(t)) alts.push({ token: t, frequency: known.get(t)! });
    if (t === last && q.lastIsPrefix) alts.push(...completions);
    if (alts.length === 0 && allowedTypos(t) > 0) {
      alts.push(
        ...closest(
          t,
          typos.filter((r) => r.q === t),
        ),
      );
    }
    out.set(t, alts);
  }
  for (const p of pairs) if (known.has(p)) out.set(p, [{ token: p, frequency: known.get(p)! }]);
  return out;
}

/**
 * Known words, completions of the last word, and the neighbours of the words the vocabulary does
 * not know (and, for the last word, does not complete either): first and second halves (or
 * 3-letter ends) in one query. The trigram neighbours of a long word (7 letters and more, two
 * typos allowed), the costliest lookup (5 to 8 ms at 5 M: a GIN bitmap and ~1,000 heap pages),
 * are read afterwards and only for a word that has no candidate one typo away: every word one typo
 * away shares its first or its last 3 letters, so those reads already hold the closest words, and
 * the trigram neighbours (two typos, one at each end) could only have made up the list of 5.
 */
async function vocabularyRows(
  db: Db,
  q: NameQuery,
  lookup: string[],
  completes: boolean,
): Promise<VocabularyRow[]> {
  const last = q.tokens[q.tokens.length - 1]!;
  const typoCandidates = [...new Set(q.tokens.filter((t) => allowedTypos(t) > 0))];
  const rows = await queryRows<VocabularyRow>(
    db,
    sql`WITH known AS (
        SELECT token, frequency FROM search_vocabulary WHERE token = ANY(${textArray(lookup)}::text[])
      ), comp AS (
        ${
          completes
            ? sql`SELECT token, frequency FROM search_vocabulary
                WHERE token LIKE ${likePrefix(last)} AND token <> ${last}
                ORDER BY frequency DESC NULLS LAST LIMIT 4`
            : sql`SELECT NULL::text AS token, NULL::int AS frequency WHERE false`
        }
      )
      SELECT NULL AS q, token, frequency, 'exact' AS src FROM known
      UNION ALL SELECT NULL, token, frequency, 'prefix' FROM comp
      UNION ALL
      SELECT u.t, v.token, v.frequency, 'typo' FROM unnest(${textArray(typoCandidates)}::text[]) u(t)
      CROSS JOIN LATERAL (${typoLookup('search_vocabulary', sql`u.t`, false)}) v
      WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.token = u.t)
        AND NOT (u.t = ${completes ? last : ''} AND EXISTS (SELECT 1 FROM comp))`,
  );
  const known = new Set(rows.filter((r) => r.src === 'exact').map((r) => r.token));
  const completed = completes && rows.some((r) => r.src === 'prefix');
  const long = typoCandidates.filter(
    (t) =>
      t.length >= 7 &&
      !known.has(t) &&
      !(completed && t === last) &&
      !rows.some((r) => r.src === 'typo' && r.q === t && editDistance(t, r.token, 1) <= 1),
  );
  if (long.length === 0) return rows;
  const trigram = await queryRows<VocabularyRow>(
    db,
    sql`SELECT u.t AS q, v.token, v.frequency, 'typo' AS src
      FROM unnest(${textArray(long)}::text[]) u(t)
      CROSS JOIN LATERAL (SELECT token, frequency FROM search_vocabulary
        WHERE token % u.t ORDER BY similarity(token, u.t) DESC LIMIT 10) v`,
  );
  return [...rows, ...trigram];
}

/**
 * The candidates within the typos the word's length allows, closest then commonest: every word at
 * the smallest distance (up to 20), because a dense vocabulary has many words one letter apart
 * (TULUZI, TUBUZI, TUCUZI…) and the other words of the query pick the right one; farther words
 * only to make up 5.
 */
export function closest(
  word: string,
  candidates: Array<{ token: string; frequency: number }>,
): Array<{ token: string; frequency: number }> {
  const max = allowedTypos(word);
  return (
    candidates
      .map((r) => ({
        token: r.token,
        frequency: Number(r.frequency),
        d: editDistance(word, r.token, max),
      }))
      .filter((r) => r.d <= max && r.token !== word)
      .sort((a, b) => a.d - b.d || b.frequency - a.frequency || a.token.localeCompare(b.token))
      .filter((r, i, all) => i === 0 || r.token !== all[i - 1]!.token)
      // All the closest (up to 20), then farther ones only while fewer than 5: each kept word is
      // one more postings list to read.
      .filter((r, i, all) => i < 5 || (r.d === all[0]!.d && i < 20))
      .map(({ token, frequency }) => ({ token, frequency }))
  );
}

/** `LIKE` pattern for "starts with": the word's own `%`, `_` and `\` escaped. */
export function likePrefix(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

/**
 * The words that may be one or two typos away from `word` (an SQL text expression), as rows
 * (token, frequency); the caller checks the edit distance. One edit leaves either the first or
 * the second half of a word intact, so the words starting with its first half and those ending
 * with its second half (reverse index) hold every word one typo away; with two typos allowed
 * (7 letters and more), the words sharing the first or last three letters, and in the vocabulary
 * the closest trigram neighbours. Director surnames repeat (one row per mandate): their ranges are
 * read up to a bound, then made distinct.
 */
export function typoLookup(
  table: 'search_vocabulary' | 'search_directors',
  word: SQL,
  trigrams = true,
): SQL {
  const vocabulary = table === 'search_vocabulary';
  const t = sql.raw(table);
  const c = sql.raw(vocabulary ? 'token' : 'last_key');
  const f = sql.raw(vocabulary ? 'frequency' : '0');
  const head = sql`(CASE WHEN length(${word}) >= 7 THEN left(${word}, 3) ELSE left(${word}, length(${word}) / 2) END)`;
  const tail = sql`reverse(CASE WHEN length(${word}) >= 7 THEN right(${word}, 3) ELSE right(${word}, (length(${word}) + 1) / 2) END)`;
  // An edit changes the length by one at most: the window stays as narrow as the typos allowed.
  const slack = sql`(CASE WHEN length(${word}) >= 7 THEN 2 ELSE 1 END)`;
  const near = sql`length(${c}) BETWEEN length(${word}) - ${slack} AND length(${word}) + ${slack}`;
  const limit = vocabulary ? 3000 : 20000;
  const branches = [
    sql`(SELECT ${c} AS token, ${f} AS frequency FROM ${t}
      WHERE ${c} ~>=~ ${head} AND ${c} ~<~ (${head} || '~') AND ${near} LIMIT ${limit})`,
    sql`(SELECT ${c} AS token, ${f} AS frequency FROM ${t}
      WHERE reverse(${c}) ~>=~ ${tail} AND reverse(${c}) ~<~ (${tail} || '~') AND ${near} LIMIT ${limit})`,
  ];
  if (vocabulary && trigrams)
    branches.push(sql`(SELECT token, frequency FROM search_vocabulary
      WHERE length(${word}) >= 7 AND token % ${word} ORDER BY similarity(token, ${word}) DESC LIMIT 10)`);
  const all = sql.join(branches, sql` UNION ALL `);
  return vocabulary ? all : sql`SELECT DISTINCT token, frequency FROM (${all}) x`;
}

/** The vocabulary knows the word itself, or a joined pair it is part of. */
export function isKnown(q: NameQuery, alts: Alternatives, t: string, i: number): boolean {
  const own = (w: string) => (alts.get(w) ?? []).some((a) => a.token === w);
  const prev = i > 0 ? q.tokens[i - 1]! + t : null;
  const next = i + 1 < q.tokens.length ? t + q.tokens[i + 1]! : null;
  return own(t) || (prev !== null && own(prev)) || (next !== null && own(next));
}

/** Alternative word lists to look up: the query, its split words joined, its significant words. */
export function tokenVariants(
  q: NameQuery,
  alts: Map<string, Array<{ token: string; frequency: number }>>,
  phase: 1 | 2,
): string[][] {
  if (phase === 2) {
    const significant = q.tokens.filter((t) => !LEGAL_FORM_WORDS.has(t) && !STOP_WORDS.has(t));
    return significant.length > 0 && significant.length < q.tokens.length ? [significant] : [];
  }
  const variants: string[][] = [q.tokens];
  for (let i = 0; i + 1 < q.tokens.length; i++) {
    const pair = q.tokens[i]! + q.tokens[i + 1]!;
    if (alts.has(pair)) variants.push([...q.tokens.slice(0, i), pair, ...q.tokens.slice(i + 2)]);
  }
  return variants;
}

export type Alternatives = Map<string, Array<{ token: string; frequency: number }>>;
