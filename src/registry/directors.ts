import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { directors } from '@/db/schema';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { DIRECTOR_MANDATE_COLUMNS } from '@/db/shared-columns';
import { directorRoleLabel } from '@/domain/legal-forms';
import { normalizeName } from '@/domain/person';
import { birthLabel } from '@/domain/dates';
import { slugify } from '@/domain/slug';
import { LISTABLE, personOpposed } from './opposition';
import { COMPANY_STATE, inList } from '@/domain/sql-fragments';
import type { CompanyState } from '@/domain/company-state';
import { clean, sourceRef, type SourceRef } from './result';
import { failure, success, type Result } from '@/lib/errors';

export { birthLabel };

export type Representative = {
  id: string;
  kind: 'person' | 'company';
  role: string;
  roleCode: string | null;
  /** "Antoine BERNARD DE SAINT AFFRIQUE" or the legal person's name. */
  name: string;
  firstNames: string | null;
  lastName: string | null;
  birth: { year: number; month: number | null; label: string } | null;
  nationality: string | null;
  /** The legal person's own SIREN, when the representative is a company. */
  companySiren: string | null;
  /** Whether that company is in our data: only then is it linked (never to a 404). */
  companyHeld: boolean;
  startDate: string | null;
  endDate: string | null;
  current: boolean;
  /** Profile link (/dirigeants/{id}/{slug}), only for people who can be told apart from homonyms. */
  profile: { id: string; slug: string } | null;
  source: SourceRef;
};

const DIRECTOR_FIELDS = [
  ...DIRECTOR_MANDATE_COLUMNS,
  'end_date',
  'person_key',
  'source',
  'source_date',
] as const satisfies readonly ColumnName<typeof directors>[];

/** One `directors` row as DIRECTOR_COLUMNS reads it (`d.`), typed by the schema. */
export type DirectorRow = Pick<RawRow<typeof directors>, (typeof DIRECTOR_FIELDS)[number]> & {
  /** The director company is in our data (set by the queries that join it). */
  director_held?: boolean | null;
};

export const DIRECTOR_COLUMNS = selectList(directors, 'd', DIRECTOR_FIELDS, [
  'start_date',
  'end_date',
  'source_date',
]);

function capitalise(words: string): string {
  return words
    .toLowerCase()
    .split(/([\s-]+)/)
    .map((w) => (w.trim() && !/^[\s-]+$/.test(w) ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join('');
}

export function personName(
  first: string | null,
  last: string | null,
  usage?: string | null,
): string {
  const f = clean(first);
  const l = clean(last);
  const u = clean(usage);
  const lastPart = [
    l?.toUpperCase(),
    u && u.toUpperCase() !== l?.toUpperCase() ? `(${u.toUpperCase()})` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    [f ? capitalise(f) : null, lastPart || null].filter(Boolean).join(' ') || 'Nom non renseigné'
  );
}

/** A person key carries a birth year-month: only then can homonyms be told apart. */
export function isDistinctPersonKey(key: string | null): key is string {
  return !!key && /\|\d{4}-\d{2}$/.test(key);
}

/** The columns a director's name and role are printed from (the search index keeps them too). */
export type DirectorLabelRow = Pick<
  DirectorRow,
  'kind' | 'role_code' | 'role_label' | 'last_name' | 'usage_name' | 'first_names' | 'company_name'
>;

/**
 * A director's name and role as every page prints them: the company page, the API and the search
 * results (which format the main director kept by the index with this same function).
 */
export function directorLabel(row: DirectorLabelRow): { name: string; role: string } {
  // A role the source does not give is said to be unstated, never invented.
  const role = clean(row.role_label) ?? directorRoleLabel(row.role_code) ?? ROLE_NOT_STATED;
  const name =
    row.kind === 'company'
      ? (clean(row.company_name) ?? 'Personne morale')
      : personName(row.first_names, row.last_name, row.usage_name);
  return { name, role };
}

export function representativeFromRow(row: DirectorRow): Representative {
  const kind = row.kind === 'company' ? 'company' : 'person';
  const { name, role } = directorLabel(row);
  const birth =
    kind === 'person' && row.birth_year
      ? {
          year: row.birth_year,
          month: row.birth_month ?? null,
          label: birthLabel(row.birth_year, row.birth_month)!,
        }
      : null;
  return {
    id: row.id,
    kind,
    role,
    roleCode: row.role_code,
    name,
    firstNames: kind === 'person' ? clean(row.first_names) : null,
    lastName: kind === 'person' ? clean(row.last_name) : null,
    birth,
    nationality: kind === 'person' ? clean(row.nationality) : null,
    companySiren: kind === 'company' ? row.director_siren : null,
    companyHeld: kind === 'company' && !!row.director_siren && row.director_held === true,
    startDate: row.start_date,
    endDate: row.end_date,
    current: !row.end_date,
    profile:
      kind === 'person' && isDistinctPersonKey(row.person_key)
        ? { id: row.id, slug: slugify(name) || 'dirigeant' }
        : null,
    source: sourceRef(row.source, row.source_date),
  };
}

/**
 * Spec section 6: the main director is picked by a priority list of role labels; with one
 * director, that one. Statutory auditors are never the main director.
 */
const PRIORITY: RegExp[] = [
  /pr[ée]sident.*directeur g[ée]n[ée]ral|^pdg$/,
  /directeur g[ée]n[ée]ral(?! d[ée]l[ée]gu)/,
  /^pr[ée]sident(?! du conseil de surveillance)/,
  /g[ée]rant/,
  /directeur g[ée]n[ée]ral d[ée]l[ée]gu/,
  /pr[ée]sident du conseil de surveillance|pr[ée]sident/,
  /administrateur/,
  /entrepreneur|exploitant/,
  /liquidateur|mandataire|administrateur judiciaire/,
  /dirigeant|repr[ée]sentant|associ[ée]/,
];
const NEVER_MAIN = /commissaire aux comptes|contr[ôo]leur/;
export const ROLE_NOT_STATED = 'Qualité non précisée';

export function directorPriority(role: string): number {
  const r = role.toLowerCase();
  if (NEVER_MAIN.test(r)) return Number.POSITIVE_INFINITY;
  const i = PRIORITY.findIndex((re) => re.test(r));
  return i === -1 ? PRIORITY.length : i;
}

/** Ranks that name a head of the company (not a board member, not an unstated role). */
export const MAIN_RANKS: ReadonlySet<number> = new Set([0, 1, 2, 3, 4, 5, 7, 8]);
/** Sources of director lists, best first: the read model uses the best one present. */
export const DIRECTOR_SOURCES = ['rne', 'recherche-entreprises', 'bodacc'] as const;

/** Position of a director in its source's list (`source:siren:n`): the source's own order. */
export function sourceOrder(id: string): number {
  const n = Number(id.slice(id.lastIndexOf(':') + 1));
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

/**
 * The main director, one rule for the company page, the API and the search results (the indexer
 * applies the same rule in SQL, `MAIN_DIRECTOR` in src/search/indexer.ts): among the current
 * directors of the best source present, statutory auditors aside, the one whose role ranks first;
 * ties go to the source's own order. A board member or an unstated role is never promoted to
 * main director when there are several (La Poste lists eleven « Administrateur » and no head):
 * then there is none, rather than an arbitrary one.
 */
export function pickMainDirector(reps: Representative[]): Representative | null {
  const current = reps.filter((r) => r.current);
  let pool = current.length ? current : reps;
  const best = DIRECTOR_SOURCES.find((src) => pool.some((r) => r.source.source === src));
  if (best) pool = pool.filter((r) => r.source.source === best);
  // Spec section 6: with one director, that one.
  if (pool.length === 1) return pool[0]!;
  let chosen: Representative | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const r of [...pool].sort((a, b) => sourceOrder(a.id) - sourceOrder(b.id))) {
    const rank = directorPriority(r.role);
    if (MAIN_RANKS.has(rank) && rank < bestRank) {
      chosen = r;
      bestRank = rank;
    }
  }
  return chosen;
}

/**
 * The company's representatives, people who asked to be hidden removed. A protected natural-person
 * company (the entrepreneur is the person) shows none.
 */
export async function listRepresentatives(
  db: Db,
  company: { siren: string; protected: boolean; isNaturalPerson: boolean },
): Promise<Representative[]> {
  if (company.protected && company.isNaturalPerson) return [];
  const rows = await queryRows<DirectorRow>(
    db,
    sql`SELECT ${DIRECTOR_COLUMNS},
               EXISTS (SELECT 1 FROM companies x WHERE x.siren = d.director_siren) AS director_held
        FROM directors d
        WHERE d.siren = ${company.siren}
          AND NOT ${personOpposed(sql`d.person_key`)}
        ORDER BY (d.end_date IS NOT NULL), d.kind DESC, d.last_name, d.company_name, d.id`,
    { prepared: true },
  );
  const reps = rows.map(representativeFromRow);
  return reps.sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return (
      directorPriority(a.role) - directorPriority(b.role) || a.name.localeCompare(b.name, 'fr')
    );
  });
}

export type Mandate = {
  siren: string;
  companyName: string;
  companySlug: string;
  companyActive: boolean;
  /** The company's state, as its page gives it. */
  companyState: CompanyState;
  role: string;
  startDate: string | null;
  endDate: string | null;
  current: boolean;
};

export type DirectorProfile = {
  id: string;
  personKey: string | null;
  name: string;
  slug: string;
  firstNames: string | null;
  lastName: string | null;
  birth: Representative['birth'];
  nationality: string | null;
  mandates: Mandate[];
  linkedCompanies: Array<{ siren: string; name: string; slug: string; via: string }>;
  source: SourceRef;
};

/** A director's profile, or INVALID_DIRECTOR_ID / DIRECTOR_NOT_FOUND. */
export type DirectorLookup = Result<DirectorProfile>;

/**
 * A person's profile: every mandate under the same person key (name and birth month-year, so
 * homonyms born another month are other people). A person without a birth month-year cannot be
 * told apart from homonyms: the profile then holds the one mandate of the id.
 */
export async function getDirectorProfile(db: Db, id: string): Promise<DirectorLookup> {
  // A control character (NUL) is no id, and PostgreSQL refuses it in a parameter.
  if (!id || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) {
    return failure('INVALID_DIRECTOR_ID', 'Identifiant de dirigeant invalide.');
  }
  const notFound = failure(
    'DIRECTOR_NOT_FOUND',
    'Aucun dirigeant ne correspond à cet identifiant.',
  );
  const [first] = await queryRows<DirectorRow & { hidden: boolean }>(
    db,
    sql`SELECT ${DIRECTOR_COLUMNS},
          ${personOpposed(sql`d.person_key`)} AS hidden
        FROM directors d WHERE d.id = ${id} AND d.kind <> 'company'`,
    { prepared: true },
  );
  if (!first || first.hidden) return notFound;
  const key = isDistinctPersonKey(first.person_key) ? first.person_key : null;
  const rows = await queryRows<DirectorRow & { c_name: string | null; c_state: CompanyState }>(
    db,
    sql`SELECT ${DIRECTOR_COLUMNS}, c.name AS c_name, ${COMPANY_STATE} AS c_state
        FROM directors d JOIN companies c ON c.siren = d.siren
        WHERE ${key ? sql`d.person_key = ${key}` : sql`d.id = ${id}`} AND ${LISTABLE}
        ORDER BY (d.end_date IS NOT NULL), d.start_date DESC NULLS LAST, c.name`,
    { prepared: true },
  );
  if (rows.length === 0) return notFound;
  const rep = representativeFromRow(first);
  const mandates: Mandate[] = rows.map((r) => {
    const companyName = clean(r.c_name) ?? clean(r.company_name) ?? r.siren;
    return {
      siren: r.siren,
      companyName,
      companySlug: slugify(companyName) || 'entreprise',
      companyActive: r.c_state === 'active',
      companyState: r.c_state,
      role: clean(r.role_label) ?? directorRoleLabel(r.role_code) ?? ROLE_NOT_STATED,
      startDate: r.start_date,
      endDate: r.end_date,
      current: !r.end_date,
    };
  });
  const sirens = [...new Set(mandates.map((m) => m.siren))];
  const linked = key
    ? await queryRows<{
        siren: string;
        name: string | null;
        via_first: string | null;
        via_last: string | null;
      }>(
        db,
        sql`SELECT DISTINCT ON (d2.siren) d2.siren, c.name, d1.first_names AS via_first, d1.last_name AS via_last
            FROM directors d1
            JOIN directors d2 ON d2.person_key = d1.person_key AND d2.siren <> d1.siren
            JOIN companies c ON c.siren = d2.siren
            WHERE ${inList(sql`d1.siren`, sirens, 'char(9)')}
              AND d1.person_key <> ${key} AND d1.person_key ~ '\\|[0-9]{4}-[0-9]{2}$'
              AND NOT ${inList(sql`d2.siren`, sirens, 'char(9)')}
              AND ${LISTABLE}
              AND NOT ${personOpposed(sql`d1.person_key`)}
            ORDER BY d2.siren
            LIMIT 30`,
      )
    : [];
  const name = rep.name;
  return success({
    id: first.id,
    personKey: key,
    name,
    slug: slugify(name) || 'dirigeant',
    firstNames: rep.firstNames,
    lastName: rep.lastName,
    birth: rep.birth,
    nationality: rep.nationality,
    mandates,
    linkedCompanies: linked.map((l) => {
      const n = clean(l.name) ?? l.siren;
      return {
        siren: l.siren,
        name: n,
        slug: slugify(n) || 'entreprise',
        via: personName(l.via_first, l.via_last),
      };
    }),
    source: rep.source,
  });
}

/** Normalised "LAST|FIRST|YYYY-MM" for a person typed in the opposition form. */
export function personKeyOf(
  lastName: string,
  firstNames: string,
  year: number,
  month: number,
): string {
  return `${normalizeName(lastName)}|${normalizeName(firstNames).split(' ')[0] ?? ''}|${year}-${String(month).padStart(2, '0')}`;
}
