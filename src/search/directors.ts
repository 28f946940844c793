/**
 * Director search: surname and first names in any order, an optional birth year. Mandates are
 * grouped into persons by name and birth month-year, so homonyms born at different dates stay
 * apart. Birth day is never stored nor shown.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { searchDirectors as searchDirectorsTable } from '@/db/schema';
import { formatSiren } from '@/domain/siren';
import { birthLabel } from '@/domain/dates';
import { slugify } from '@/domain/slug';
import { personName } from '@/registry/directors';
import { typoLookup } from './vocabulary';
import { allowedTypos, editDistance } from './normalize';
import { textArray } from '@/domain/sql-fragments';
import { isQueryError, parseDirectorQuery } from './query';
import type { CompanyState } from '@/domain/company-state';
import { failure, success, type Result } from '@/lib/errors';

export const DIRECTORS_PAGE_SIZE = 20;
const MAX_PERSONS = 500;

export type DirectorMandate = {
  siren: string;
  sirenFormatted: string;
  companyName: string;
  /** The company's state, as its page gives it. */
  companyState: CompanyState;
  role: string | null;
  url: string;
};

export type DirectorResult = {
  personKey: string;
  /** "Antoine BERNARD DE SAINT AFFRIQUE", as the director profile writes it. */
  displayName: string;
  /** The profile page, when a birth month and year tell this person apart from homonyms. */
  profileUrl: string | null;
  lastName: string;
  firstNames: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  /** "décembre 1964", "1964" or null: month and year only. */
  birthLabel: string | null;
  mandates: DirectorMandate[];
  mandateCount: number;
};

export type DirectorSearchPage = {
  results: DirectorResult[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  query: string;
};

const DIRECTOR_FIELDS = [
  'id',
  'person_key',
  'last_name',
  'first_names',
  'birth_year',
  'birth_month',
  'role_label',
  'last_key',
  'tokens',
  'popularity',
] as const satisfies readonly ColumnName<typeof searchDirectorsTable>[];
const DIRECTOR_COLUMNS = selectList(searchDirectorsTable, 'd', DIRECTOR_FIELDS);

/** A search_directors row with its company (search_companies). */
type Row = Pick<RawRow<typeof searchDirectorsTable>, (typeof DIRECTOR_FIELDS)[number]> & {
  siren: string;
  company_name: string;
  company_state: CompanyState;
  corrected?: boolean;
};

/** Mandates whose words contain one of the word lists (GIN), with the company they belong to. */
async function directorRows(db: Db, lists: string[][], year: number | null): Promise<Row[]> {
  const yearCond = year ? sql`AND d.birth_year = ${year}` : sql``;
  const anyList = sql.join(
    lists.map((l) => sql`d.tokens @> ${textArray(l)}::text[]`),
    sql` OR `,
  );
  const source =
    lists.length === 1 && lists[0]!.length === 1
      ? sql`(SELECT d.* FROM search_directors d WHERE d.last_key = ${lists[0]![0]} ${yearCond}
            ORDER BY d.popularity DESC NULLS LAST LIMIT 2000)
          UNION
          (SELECT d.* FROM search_directors d WHERE d.tokens @> ${textArray(lists[0]!)}::text[] ${yearCond} LIMIT 2000)`
      : sql`SELECT d.* FROM search_directors d WHERE (${anyList}) ${yearCond} LIMIT 3000`;
  return queryRows<Row>(
    db,
    sql`SELECT ${DIRECTOR_COLUMNS}, c.siren, c.name AS company_name, c.state AS company_state
      FROM (${source}) d JOIN search_companies c ON c.siren = d.siren
      WHERE c.name IS NOT NULL`,
  );
}

/** The query's word lists with one word replaced by a surname one typo away (3 closest per word). */
async function surnameTypoVariants(db: Db, tokens: string[]): Promise<string[][]> {
  const words = [...new Set(tokens.filter((t) => allowedTypos(t) > 0))];
  if (words.length === 0) return [];
  const near = await queryRows<{ q: string; token: string; frequency: number }>(
    db,
    sql`SELECT u.t AS q, v.token, v.frequency FROM unnest(${textArray(words)}::text[]) u(t)
      CROSS JOIN LATERAL (${typoLookup('search_directors', sql`u.t`)}) v`,
  );
  const variants: string[][] = [];
  for (const w of words) {
    const close = near
      .filter((r) => r.q === w && !r.token.includes(' ') && editDistance(w, r.token, 1) <= 1)
      .map((r) => r.token)
      .filter((t) => t !== w)
      .sort((a, b) => editDistance(w, a, 1) - editDistance(w, b, 1) || a.localeCompare(b))
      .slice(0, 3);
    for (const c of close) variants.push(tokens.map((t) => (t === w ? c : t)));
  }
  return variants;
}

export async function searchDirectors(
  db: Db,
  input: { name: string | null; page?: number },
): Promise<Result<DirectorSearchPage>> {
  const page = input.page ?? 1;
  const maxPage = Math.ceil(MAX_PERSONS / DIRECTORS_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1 || page > maxPage) {
    return failure('INVALID_PAGE', `La page doit être un nombre entier entre 1 et ${maxPage}.`);
  }
  const q = parseDirectorQuery(input.name);
  if (isQueryError(q)) return q;
  const year = q.birthYear;
  let rows = await directorRows(db, [q.tokens], year);
  if (rows.length === 0) {
    // Nobody under these exact words: one typo forgiven in a surname. Each word of 4 letters or
    // more is tried as a misspelt surname, replaced by the surnames one edit away.
    const variants = await surnameTypoVariants(db, q.tokens);
    if (variants.length > 0) rows = await directorRows(db, variants, year);
  }
  const persons = new Map<string, { rows: Row[]; score: number }>();
  const qSet = new Set(q.tokens);
  for (const r of rows) if (!r.last_key.split(' ').every((t) => qSet.has(t))) r.corrected = true;
  for (const r of rows) {
    const lastTokens = r.last_key.split(' ');
    // The surname fully typed weighs more than a first name that happens to match.
    const surnameTyped = !r.corrected && lastTokens.every((t) => qSet.has(t)) ? 100 : 0;
    const score = surnameTyped + Number(r.popularity);
    const p = persons.get(r.person_key);
    if (!p) persons.set(r.person_key, { rows: [r], score });
    else {
      p.rows.push(r);
      p.score = Math.max(p.score, score) + 1;
    }
  }
  const ranked = [...persons.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .slice(0, MAX_PERSONS);
  const total = ranked.length;
  const slice = ranked.slice((page - 1) * DIRECTORS_PAGE_SIZE, page * DIRECTORS_PAGE_SIZE);
  const results: DirectorResult[] = slice.map(([personKey, { rows: rs }]) => {
    const first = rs[0]!;
    const seen = new Set<string>();
    const mandates: DirectorMandate[] = [];
    for (const r of rs.sort((a, b) => Number(b.popularity) - Number(a.popularity))) {
      if (seen.has(r.siren)) continue;
      seen.add(r.siren);
      mandates.push({
        siren: r.siren,
        sirenFormatted: formatSiren(r.siren),
        companyName: r.company_name,
        companyState: r.company_state,
        role: r.role_label,
        url: `/entreprises/${r.siren}/${slugify(r.company_name) || 'entreprise'}`,
      });
    }
    const displayName = personName(first.first_names, first.last_name);
    return {
      personKey,
      displayName,
      profileUrl:
        first.birth_year && first.birth_month
          ? `/dirigeants/${encodeURIComponent(first.id)}/${slugify(displayName) || 'dirigeant'}`
          : null,
      lastName: first.last_name,
      firstNames: first.first_names,
      birthYear: first.birth_year,
      birthMonth: first.birth_month,
      birthLabel: birthLabel(first.birth_year, first.birth_month),
      mandates: mandates.slice(0, 10),
      mandateCount: mandates.length,
    };
  });
  return success({
    results,
    page,
    perPage: DIRECTORS_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / DIRECTORS_PAGE_SIZE),
    query: q.text,
  });
}
