/**
 * Company search: identifiers, then names. Candidate generation stays bounded whatever the words
 * (rarest word's postings read in popularity order, exact and prefix keys on btree, typo
 * corrections through the vocabulary only), then candidates are ranked here (rank.ts).
 * Design and figures: docs/SEARCH.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import type { RawRow } from '@/db/raw-rows';
import type { searchCompanies as searchCompaniesTable } from '@/db/schema';
import { formatSiren, formatSiret } from '@/domain/siren';
import { slugify } from '@/domain/slug';
import { companyStateLabel, type CompanyState } from '@/domain/company-state';
import { directorLabel, type DirectorLabelRow } from '@/registry/directors';
import { filtersSql, hasFilters, type SearchFilters, EMPTY_FILTERS } from './filters';
import { headcountBandLabel, legalFormLabel } from '@/domain/legal-forms';
import { nafLabel } from '@/domain/reference/naf';
import { allowedTypos, editDistance, LEGAL_FORM_WORDS, STOP_WORDS, textArray } from './normalize';
import { isQueryError, parseQuery, type ParsedQuery } from './query';
import { failure, success, type Result } from '@/lib/errors';
import { matchTier, scoreOf, type NameKind } from './rank';

export const PAGE_SIZE = 20;
/** Ranked candidates kept per query: pages beyond this are not served. */
export const MAX_RESULTS = 500;
export const MAX_PAGE = Math.ceil(MAX_RESULTS / PAGE_SIZE);

export type CompanyResult = {
  siren: string;
  sirenFormatted: string;
  name: string | null;
  sigle: string | null;
  nameHidden: boolean;
  url: string;
  /** The company page's state and its label (src/domain/company-state.ts). */
  state: CompanyState;
  stateLabel: string;
  legalForm: { code: string; label: string | null } | null;
  naf: { code: string; label: string | null } | null;
  headOffice: { siret: string | null; postcode: string | null; commune: string | null };
  creationDate: string | null;
  headcountBand: { code: string; label: string | null } | null;
  category: string | null;
  openEstablishments: number;
  /** The company page's main director, printed by the page's formatter. */
  mainDirector: { name: string; role: string } | null;
  finances?: { revenue: number | null; netResult: number | null; fiscalYear: number | null };
  /** Why it matched, when it is not the company's own name. */
  matched: {
    kind: Exclude<NameKind, 'name'> | 'establishment';
    label: string;
    siret: string | null;
  } | null;
};

export type CompanySearchPage = {
  results: CompanyResult[];
  page: number;
  perPage: number;
  total: number;
  /** True when more companies matched than the ranked set keeps. */
  totalIsLowerBound: boolean;
  totalPages: number;
  query: string;
  queryKind: ParsedQuery['kind'] | 'filters';
};

export type CompanySearchInput = {
  q: string | null;
  page?: number;
  perPage?: number;
  filters?: SearchFilters;
  hideFinancialData?: boolean;
};

type CandidateRow = {
  siren: string;
  siret: string | null;
  kind: NameKind;
  label: string;
  key: string;
  joined: string;
  raw: string;
  tokens: string[];
  status: string;
  popularity: number;
  /** The company's search_companies row (jsonb), when asked for: no query for the page then. */
  company: SearchCompanyRow | null;
};

/**
 * A search_companies row (`SELECT *`, or the candidates' jsonb copy), typed by the schema; the
 * bigints arrive as text from the driver and as numbers from jsonb.
 */
export type SearchCompanyRow = Omit<
  RawRow<typeof searchCompaniesTable>,
  'revenue' | 'net_result' | 'state' | 'main_director'
> & {
  revenue: string | number | null;
  net_result: string | number | null;
  state: CompanyState;
  main_director: DirectorLabelRow | null;
};

export async function searchCompanies(
  db: Db,
  input: CompanySearchInput,
): Promise<Result<CompanySearchPage>> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? PAGE_SIZE;
  const filters = input.filters ?? EMPTY_FILTERS;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    return failure('INVALID_PAGE', `La page doit être un nombre entier entre 1 et ${MAX_PAGE}.`);
  }
  const qText = input.q?.trim() ?? '';
  if (!qText && hasFilters(filters)) {
    return success(await searchByFilters(db, filters, page, perPage, !!input.hideFinancialData));
  }
  const parsed = parseQuery(input.q);
  if (isQueryError(parsed)) return parsed;

  let ranked: Array<{ siren: string; matched: CompanyResult['matched'] }>;
  let lowerBound = false;
  const companies = new Map<string, SearchCompanyRow>();
  if (parsed.kind !== 'name') {
    const rows = await identifierLookup(db, parsed, filters);
    ranked = rows.map((r) => ({
      siren: r.siren,
      matched: r.siret
        ? { kind: 'establishment', label: `SIRET ${formatSiret(r.siret)}`, siret: r.siret }
        : null,
    }));
  } else {
    const alts = await expandTokens(db, parsed);
    // Both decisions depend on the query, never on the page: every page ranks the same set, so
    // totals agree from one page to the next.
    const enough = Math.max(perPage, PAGE_SIZE);
    const phase2 = parsed.tokens.length >= 2 || tokenVariants(parsed, alts, 2).length > 0;
    // A word the vocabulary does not know (a typo), in no known joined pair, leaves (nearly)
    // nothing at the "all words" tier: phase 2 will be needed, so it is sent along with phase 1
    // (on PostgreSQL, another connection). Its rows are used under the same condition as before.
    const early = phase2 && parsed.tokens.some((t, i) => !isKnown(parsed, alts, t, i));
    const [cands, early2] = await Promise.all([
      nameCandidates(db, parsed, filters, alts, 1, enough, early),
      early ? nameCandidates(db, parsed, filters, alts, 2, enough, early) : Promise.resolve(null),
    ]);
    let all = cands;
    let scored = rankCandidates(parsed, cands);
    if (phase2 && scored.filter((r) => r.score >= 3000).length < enough) {
      all = [
        ...cands,
        ...(early2 ?? (await nameCandidates(db, parsed, filters, alts, 2, enough, early))),
      ];
      scored = rankCandidates(parsed, all);
    }
    for (const r of all) if (r.company) companies.set(r.siren, r.company);
    ranked = scored;
    lowerBound = ranked.length >= MAX_RESULTS;
  }
  const total = Math.min(ranked.length, MAX_RESULTS);
  const slice = ranked.slice((page - 1) * perPage, page * perPage);
  const results = await loadResults(db, slice, !!input.hideFinancialData, companies);
  return success({
    results,
    page,
    perPage,
    total,
    totalIsLowerBound: lowerBound,
    totalPages: Math.ceil(total / perPage),
    query: qText,
    queryKind: parsed.kind,
  });
}

async function identifierLookup(
  db: Db,
  q: Exclude<ParsedQuery, { kind: 'name' }>,
  filters: SearchFilters,
): Promise<Array<{ siren: string; siret: string | null }>> {
  const siren = q.kind === 'siret' ? q.siret.slice(0, 9) : q.siren;
  const siret = q.kind === 'siret' ? q.siret : null;
  return queryRows(
    db,
    sql`SELECT c.siren, e.siret FROM search_companies c
      LEFT JOIN establishments e ON e.siret = ${siret} AND e.siren = c.siren
      WHERE c.siren = ${siren} AND ${filtersSql(filters)}`,
  );
}

type NameQuery = Extract<ParsedQuery, { kind: 'name' }>;

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
async function expandTokens(db: Db, q: NameQuery): Promise<Alternatives> {
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
function likePrefix(word: string): string {
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
function isKnown(q: NameQuery, alts: Alternatives, t: string, i: number): boolean {
  const own = (w: string) => (alts.get(w) ?? []).some((a) => a.token === w);
  const prev = i > 0 ? q.tokens[i - 1]! + t : null;
  const next = i + 1 < q.tokens.length ? t + q.tokens[i + 1]! : null;
  return own(t) || (prev !== null && own(prev)) || (next !== null && own(next));
}

/** Alternative word lists to look up: the query, its split words joined, its significant words. */
function tokenVariants(
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

type Alternatives = Map<string, Array<{ token: string; frequency: number }>>;

/**
 * Phase 1: exact, joined, raw and prefix keys, and every word of the query (split words joined).
 * Phase 2, only when phase 1 found fewer all-words matches than the page needs: the query without
 * its legal-form and stop words, and the directors' names.
 */
async function nameCandidates(
  db: Db,
  q: NameQuery,
  filters: SearchFilters,
  alts: Alternatives,
  phase: 1 | 2,
  enough: number,
  withCompanies: boolean,
): Promise<CandidateRow[]> {
  // A query with an unknown word has few candidates: their search_companies rows come along and
  // the page needs no query of its own. Otherwise (hundreds of homonyms) the extra columns cost
  // more than the round trip they save.
  const company = withCompanies ? sql`to_jsonb(c)` : sql`NULL::jsonb`;
  const filtered = hasFilters(filters);
  const postingLimit = filtered ? 3000 : 1000;
  // Phase 1 reads the exact keys first; when they already give `enough` companies, the other
  // branches (the expensive ones: postings of common words) are skipped by a one-time filter.
  // Whatever else matched would rank below every exact match, so the page shows the same first
  // results; the total then counts the exact homonyms only (docs/SEARCH.md).
  // The joined key covers the folded one (equal folded keys have equal joined keys): one read
  // of the same rows fewer.
  const exact: SQL[] =
    phase === 2
      ? []
      : [
          sql`(SELECT id, siren FROM search_names WHERE joined = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 200)`,
          sql`(SELECT id, siren FROM search_names WHERE raw = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
        ];
  if (phase === 1 && q.raw !== q.joined) {
    exact.push(
      sql`(SELECT id, siren FROM search_names WHERE raw = ${q.raw} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
    );
  }
  const branches: SQL[] = [];
  // Filtered postings branches read the name and the company already: they give their rows
  // directly (UNION ALL; a name found twice is ranked once, rankCandidates keeps one per company).
  const rowBranches: SQL[] = [];
  if (phase === 1 && q.joined.length >= 3) {
    branches.push(
      sql`(SELECT id FROM search_names WHERE joined LIKE ${q.joined + '%'} ORDER BY joined USING ~<~ LIMIT 100)`,
    );
  }
  for (const variant of tokenVariants(q, alts, phase)) {
    const lists = variant.map((t) => alts.get(t) ?? []);
    if (lists.some((l) => l.length === 0)) continue;
    // Drive from the word whose alternatives are the rarest; check the others on the name.
    let driver = 0;
    const weight = (l: Array<{ frequency: number }>) => l.reduce((s, a) => s + a.frequency, 0);
    for (let i = 1; i < lists.length; i++)
      if (weight(lists[i]!) < weight(lists[driver]!)) driver = i;
    // A department filter is read from the (token, department, popularity) index: one bounded
    // read per department instead of scanning the word's postings for the few in the filter.
    const departments = filters.departments.length <= 6 ? filters.departments : [];
    const postings = sql.join(
      lists[driver]!.flatMap((a) =>
        departments.length
          ? departments.map(
              (d) =>
                sql`(SELECT name_id, popularity FROM search_postings WHERE token = ${a.token}
                  AND department = ${d} ORDER BY popularity DESC NULLS LAST LIMIT ${postingLimit})`,
            )
          : [
              sql`(SELECT name_id, popularity FROM search_postings WHERE token = ${a.token}
                ORDER BY popularity DESC NULLS LAST LIMIT ${postingLimit})`,
            ],
      ),
      sql` UNION ALL `,
    );
    // The other words are checked in the inverted index itself: a name's postings share its
    // popularity, so (word, popularity, name) is one probe of the index the driver is read from,
    // on pages that stay cached, instead of a read of the name's row anywhere in search_names.
    const others = lists
      .filter((_, i) => i !== driver)
      .map(
        // A scalar subquery, not EXISTS: PostgreSQL would turn EXISTS into a hash join over the
        // whole postings list of a common word (282,000 rows for "martin").
        (l) => sql`(SELECT true FROM search_postings o
          WHERE o.token = ANY(${textArray(l.map((a) => a.token))}::text[])
            AND o.popularity = p.popularity AND o.name_id = p.name_id LIMIT 1)`,
      );
    const matching = others.length
      ? sql`(SELECT name_id, popularity FROM (${postings}) p WHERE ${sql.join(others, sql` AND `)})`
      : sql`(${postings})`;
    // With filters, they are checked here, before the limit: a selective filter must not leave
    // the page empty because the first postings were all elsewhere.
    if (filtered)
      rowBranches.push(sql`(SELECT n.siren, n.siret, n.kind, n.label, n.key, NULL::text AS joined, n.raw,
          NULL::text[] AS tokens, c.status, c.popularity, ${company} AS company
        FROM ${matching} p JOIN search_names n ON n.id = p.name_id
        JOIN search_companies c ON c.siren = n.siren
        WHERE ${filtersSql(filters)} AND NOT (SELECT ok FROM enough)
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150)`);
    else
      branches.push(sql`(SELECT p.name_id AS id FROM ${matching} p
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150)`);
  }
  const directorBranch =
    phase === 2 && q.tokens.length >= 2
      ? sql`UNION ALL
        SELECT d.siren, NULL, 'director', concat_ws(' ', d.first_names, d.last_name), '', '', '',
          d.tokens, c.status, c.popularity, ${company} AS company
        FROM (SELECT siren, first_names, last_name, tokens FROM search_directors
              WHERE tokens @> ${textArray(q.tokens)}::text[] LIMIT 300) d
        JOIN search_companies c ON c.siren = d.siren
        WHERE ${filtersSql(filters)}`
      : sql``;
  const exactCte = exact.length
    ? filtered
      ? sql`SELECT e.id, e.siren FROM (${sql.join(exact, sql` UNION `)}) e
          JOIN search_companies c ON c.siren = e.siren WHERE ${filtersSql(filters)}`
      : sql.join(exact, sql` UNION `)
    : sql`SELECT NULL::bigint AS id, NULL::bpchar AS siren WHERE false`;
  const gated = branches.map((b) => sql`(SELECT id FROM ${b} b WHERE NOT (SELECT ok FROM enough))`);
  // A name's words and joined key are its folded key split and without spaces (indexer.ts): not
  // transferred (a text[] per row is the costliest column to parse), rebuilt here.
  const rows = await queryRows<CandidateRow>(
    db,
    sql`WITH exact AS MATERIALIZED (${exactCte}),
      enough AS MATERIALIZED (SELECT count(DISTINCT siren) >= ${enough} AS ok FROM exact),
      cand AS (SELECT id FROM exact ${gated.length ? sql`UNION ${sql.join(gated, sql` UNION `)}` : sql``})
      SELECT n.siren, n.siret, n.kind, n.label, n.key, NULL::text AS joined, n.raw,
        NULL::text[] AS tokens, c.status, c.popularity, ${company} AS company
      FROM cand JOIN search_names n ON n.id = cand.id JOIN search_companies c ON c.siren = n.siren
      WHERE ${filtersSql(filters)}
      ${sql.join(
        rowBranches.map((b) => sql`UNION ALL SELECT * FROM ${b} r`),
        sql` `,
      )}
      ${directorBranch}`,
  );
  for (const r of rows) {
    if (r.tokens === null) {
      r.tokens = r.key.split(' ');
      r.joined = r.key.replaceAll(' ', '');
    }
  }
  return rows;
}

/** Best match per company, then score order (rank.ts), ties by SIREN for stable pages. */
export function rankCandidates(
  q: NameQuery,
  rows: CandidateRow[],
): Array<{ siren: string; matched: CompanyResult['matched']; score: number }> {
  const best = new Map<string, { score: number; row: CandidateRow }>();
  for (const row of rows) {
    const m = matchTier(q, row);
    if (m.tier === 0) continue;
    const score = scoreOf(m, row.kind, row.status === 'A', Number(row.popularity));
    const prev = best.get(row.siren);
    if (!prev || score > prev.score) best.set(row.siren, { score, row });
  }
  return [...best.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .slice(0, MAX_RESULTS)
    .map(([siren, { score, row }]) => ({
      siren,
      score,
      matched: row.kind === 'name' ? null : { kind: row.kind, label: row.label, siret: row.siret },
    }));
}

async function searchByFilters(
  db: Db,
  filters: SearchFilters,
  page: number,
  perPage: number,
  hideFinancialData: boolean,
): Promise<CompanySearchPage> {
  const where = filtersSql(filters);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM search_companies c WHERE ${where} LIMIT ${MAX_RESULTS + 1}) x`,
  );
  const rows = await queryRows<{ siren: string }>(
    db,
    sql`SELECT c.siren FROM search_companies c WHERE ${where} AND c.name IS NOT NULL
      ORDER BY c.popularity DESC NULLS LAST, c.siren
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const n = Math.min(count?.n ?? 0, MAX_RESULTS);
  return {
    results: await loadResults(
      db,
      rows.map((r) => ({ siren: r.siren, matched: null })),
      hideFinancialData,
    ),
    page,
    perPage,
    total: n,
    totalIsLowerBound: (count?.n ?? 0) > MAX_RESULTS,
    totalPages: Math.ceil(n / perPage),
    query: '',
    queryKind: 'filters',
  };
}

function toNumber(v: string | number | null): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

async function loadResults(
  db: Db,
  slice: Array<{ siren: string; matched: CompanyResult['matched'] }>,
  hideFinancialData: boolean,
  preloaded?: Map<string, SearchCompanyRow>,
): Promise<CompanyResult[]> {
  if (slice.length === 0) return [];
  const bySiren = new Map<string, SearchCompanyRow>();
  const missing: string[] = [];
  for (const s of slice) {
    const row = preloaded?.get(s.siren);
    if (row) bySiren.set(s.siren, row);
    else missing.push(s.siren);
  }
  if (missing.length > 0) {
    const rows = await queryRows<SearchCompanyRow>(
      db,
      sql`SELECT * FROM search_companies WHERE siren = ANY(${textArray(missing)}::bpchar[])`,
    );
    for (const r of rows) bySiren.set(r.siren, r);
  }
  const out: CompanyResult[] = [];
  for (const s of slice) {
    const r = bySiren.get(s.siren);
    if (r) out.push(companyResultOf(r, s.matched, hideFinancialData));
  }
  return out;
}

/**
 * One results row as the results page shows it, from its search_companies row: the one mapping
 * (names and addresses hidden by the index, labels) that the results, the export and the saved
 * searches' mails share.
 */
export function companyResultOf(
  r: SearchCompanyRow,
  matched: CompanyResult['matched'],
  hideFinancialData: boolean,
): CompanyResult {
  const nameHidden = r.name === null;
  const result: CompanyResult = {
    siren: r.siren,
    sirenFormatted: formatSiren(r.siren),
    name: r.name,
    sigle: r.sigle,
    nameHidden,
    url: `/entreprises/${r.siren}/${slugify(r.name) || 'entreprise'}`,
    state: r.state,
    stateLabel: companyStateLabel(r.state, {
      ceasedDate: r.ceased_date,
      strikeOffDate: r.strike_off_date,
    }),
    legalForm: r.legal_form_code
      ? { code: r.legal_form_code, label: legalFormLabel(r.legal_form_code) }
      : null,
    naf: r.naf_code ? { code: r.naf_code, label: nafLabel(r.naf_code) } : null,
    headOffice: {
      siret: nameHidden ? null : r.head_office_siret,
      postcode: r.postcode,
      commune: r.commune_name,
    },
    creationDate: r.creation_date,
    headcountBand: r.headcount_band
      ? { code: r.headcount_band, label: headcountBandLabel(r.headcount_band) }
      : null,
    category: r.category,
    openEstablishments: r.open_establishments,
    mainDirector: r.main_director ? directorLabel(r.main_director) : null,
    matched,
  };
  if (!hideFinancialData) {
    result.finances = {
      revenue: toNumber(r.revenue),
      netResult: toNumber(r.net_result),
      fiscalYear: r.fiscal_year,
    };
  }
  return result;
}
