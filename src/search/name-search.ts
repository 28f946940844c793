/**
 * A name's candidates and their ranking: candidate generation stays bounded whatever the words
 * (rarest word's postings read in popularity order, exact and prefix keys on btree, typo
 * corrections through the vocabulary only, vocabulary.ts), then candidates are ranked here
 * (rank.ts). Design and figures: docs/SEARCH.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { textArray } from '@/domain/sql-fragments';
import {
  MAX_RESULTS,
  PAGE_SIZE,
  type CompanyResult,
  type Ranked,
  type SearchCompanyRow,
} from './company-results';
import { filtersSql, type ResolvedScope, type SearchFilters } from './filters';
import { departmentOfCommune } from './geo/places';
import { matchTier, scoreOf, type NameKind } from './rank';
import { scoped } from './scope';
import {
  expandTokens,
  isKnown,
  likePrefix,
  tokenVariants,
  type Alternatives,
  type NameQuery,
} from './vocabulary';

/** One collator: `localeCompare(…, 'fr')` builds one per call (milliseconds each). */
const FRENCH = new Intl.Collator('fr');

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

/** The ranked companies of a name (at most MAX_RESULTS), best first. */
export async function rankName(
  db: Db,
  parsed: NameQuery,
  filters: SearchFilters,
  scope: ResolvedScope,
  perPage: number,
): Promise<{ ranked: Ranked; lowerBound: boolean; companies: Map<string, SearchCompanyRow> }> {
  const companies = new Map<string, SearchCompanyRow>();
  // A person with no company (read first, src/search/filters.ts): no candidate can match.
  if (scope.personSirens?.some((s) => s?.length === 0))
    return { ranked: [], lowerBound: false, companies };
  const alts = await expandTokens(db, parsed);
  // Both decisions depend on the query, never on the page: every page ranks the same set, so
  // totals agree from one page to the next.
  const enough = Math.max(Math.min(perPage, 100), PAGE_SIZE);
  const phase2 = parsed.tokens.length >= 2 || tokenVariants(parsed, alts, 2).length > 0;
  // A word the vocabulary does not know (a typo), in no known joined pair, leaves (nearly)
  // nothing at the "all words" tier: phase 2 will be needed, so it is sent along with phase 1
  // (on PostgreSQL, another connection). Its rows are used under the same condition as before.
  const early = phase2 && parsed.tokens.some((t, i) => !isKnown(parsed, alts, t, i));
  const where: Where = { filters, scope };
  const [cands, early2] = await Promise.all([
    nameCandidates(db, parsed, where, alts, 1, enough, early),
    early ? nameCandidates(db, parsed, where, alts, 2, enough, early) : Promise.resolve(null),
  ]);
  let all = cands;
  let scored = rankCandidates(parsed, cands);
  if (phase2 && scored.filter((r) => r.score >= 3000).length < enough) {
    all = [
      ...cands,
      ...(early2 ?? (await nameCandidates(db, parsed, where, alts, 2, enough, early))),
    ];
    scored = rankCandidates(parsed, all);
  }
  for (const r of all) if (r.company) companies.set(r.siren, r.company);
  return { ranked: scored, lowerBound: scored.length >= MAX_RESULTS, companies };
}

/**
 * Phase 1: exact, joined, raw and prefix keys, and every word of the query (split words joined).
 * Phase 2, only when phase 1 found fewer all-words matches than the page needs: the query without
 * its legal-form and stop words, and the directors' names.
 */
type Where = { filters: SearchFilters; scope: ResolvedScope };

/**
 * A name's columns that the candidates carry: read where the name is found (its key's index
 * scan already visits the row), not looked up again by id.
 */
const NAME_COLUMNS_OF_N = sql.raw(
  'n.id, n.siren, n.siret, n.kind, n.label, n.key, n.raw, n.department',
);
const NAME_COLUMNS = sql.raw('id, siren, siret, kind, label, key, raw, department');
/**
 * A name's joined key: its folded key without the spaces. Not a column (issue 40: 35 M names),
 * the expression of search_names_joined_idx, written as the index declares it so that the
 * planner reads that index.
 */
const JOINED_KEY = sql.raw(`replace(key, ' ', '')`);

async function nameCandidates(
  db: Db,
  q: NameQuery,
  where: Where,
  alts: Alternatives,
  phase: 1 | 2,
  enough: number,
  withCompanies: boolean,
): Promise<CandidateRow[]> {
  // A query with an unknown word has few candidates: their search_companies rows come along and
  // the page needs no query of its own. Otherwise (hundreds of homonyms) the extra columns cost
  // more than the round trip they save.
  const company = withCompanies ? sql`to_jsonb(c)` : sql`NULL::jsonb`;
  const { filters, scope } = where;
  const filtered = scoped(filters, scope);
  const conditions = filtersSql(filters, scope);
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
          sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE ${JOINED_KEY} = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 200)`,
          sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE raw = ${q.joined} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
        ];
  if (phase === 1 && q.raw !== q.joined) {
    exact.push(
      sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE raw = ${q.raw} ORDER BY popularity DESC NULLS LAST LIMIT 100)`,
    );
  }
  const branches: SQL[] = [];
  // Filtered postings branches read the name and the company already: they give their rows
  // directly (UNION ALL; a name found twice is ranked once, rankCandidates keeps one per company).
  const rowBranches: SQL[] = [];
  if (phase === 1 && q.joined.length >= 3) {
    branches.push(
      sql`(SELECT ${NAME_COLUMNS} FROM search_names WHERE ${JOINED_KEY} LIKE ${likePrefix(q.joined)} ORDER BY ${JOINED_KEY} USING ~<~ LIMIT 100)`,
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
    // A commune or a place in the query narrows the read to its department(s) likewise.
    const implied = [
      ...new Set([
        ...(scope.department ? [scope.department] : []),
        ...(scope.communeLists?.[0] ?? []).map(departmentOfCommune),
      ]),
    ];
    const wanted = filters.departments.length ? filters.departments : implied;
    const departments = wanted.length <= 6 ? wanted : [];
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
        WHERE ${conditions} AND NOT (SELECT ok FROM enough)
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150)`);
    else
      branches.push(sql`(SELECT ${NAME_COLUMNS_OF_N} FROM (SELECT p.name_id FROM ${matching} p
        ORDER BY p.popularity DESC NULLS LAST LIMIT 150) p JOIN search_names n ON n.id = p.name_id)`);
  }
  const directorBranch =
    phase === 2 && q.tokens.length >= 2
      ? sql`UNION ALL
        SELECT d.siren, NULL, 'director', concat_ws(' ', d.first_names, d.last_name), '', '', '',
          d.tokens, c.status, c.popularity, ${company} AS company
        FROM (SELECT siren, first_names, last_name, tokens FROM search_directors
              WHERE tokens @> ${textArray(q.tokens)}::text[] LIMIT 300) d
        JOIN search_companies c ON c.siren = d.siren
        WHERE ${conditions}`
      : sql``;
  // The departments a matching company must be in (a department filter, a place read in the
  // query, communes): the same condition as `conditions`, on the name's copy of its head office's
  // department (indexer.ts), so that names read by key that the filters leave out (most of the
  // 100 joined-key prefixes) are dropped before their company row is read.
  const departmentSets: string[][] = [
    ...(filters.departments.length ? [filters.departments] : []),
    ...(scope.department ? [[scope.department]] : []),
    ...(scope.communeLists ?? []).map((codes) => [...new Set(codes.map(departmentOfCommune))]),
  ];
  const inDepartments = departmentSets.length
    ? sql.join(
        departmentSets.map((d) => sql`n.department = ANY(${textArray(d)}::text[])`),
        sql` AND `,
      )
    : sql`true`;
  const exactCte = exact.length
    ? filtered
      ? sql`SELECT n.* FROM (${sql.join(exact, sql` UNION `)}) n
          JOIN search_companies c ON c.siren = n.siren WHERE ${inDepartments} AND ${conditions}`
      : sql.join(exact, sql` UNION `)
    : sql`SELECT NULL::bigint AS id, NULL::bpchar AS siren, NULL::bpchar AS siret, NULL::text AS kind,
        NULL::text AS label, NULL::text AS key, NULL::text AS raw, NULL::text AS department WHERE false`;
  const gated = branches.map((b) => sql`(SELECT * FROM ${b} b WHERE NOT (SELECT ok FROM enough))`);
  // A name's words and joined key are its folded key split and without spaces (indexer.ts): not
  // transferred (a text[] per row is the costliest column to parse), rebuilt here.
  const rows = await queryRows<CandidateRow>(
    db,
    sql`WITH exact AS MATERIALIZED (${exactCte}),
      enough AS MATERIALIZED (SELECT count(DISTINCT siren) >= ${enough} AS ok FROM exact),
      cand AS (SELECT * FROM exact ${gated.length ? sql`UNION ${sql.join(gated, sql` UNION `)}` : sql``})
      SELECT n.siren, n.siret, n.kind, n.label, n.key, NULL::text AS joined, n.raw,
        NULL::text[] AS tokens, c.status, c.popularity, ${company} AS company
      FROM cand n JOIN search_companies c ON c.siren = n.siren
      WHERE ${inDepartments} AND ${conditions}
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

/**
 * Best match per company, then score order (rank.ts); equal scores by size and activity
 * (popularity: open establishments, headcount band, category, active), then by name, the SIREN
 * last only to keep pages stable.
 */
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
    .sort(
      (a, b) =>
        b[1].score - a[1].score ||
        Number(b[1].row.popularity) - Number(a[1].row.popularity) ||
        FRENCH.compare(a[1].row.label, b[1].row.label) ||
        a[0].localeCompare(b[0]),
    )
    .slice(0, MAX_RESULTS)
    .map(([siren, { score, row }]) => ({
      siren,
      score,
      matched: row.kind === 'name' ? null : { kind: row.kind, label: row.label, siret: row.siret },
    }));
}
