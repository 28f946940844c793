/**
 * A user's saved searches: create, list (with their last matches), rename, change frequency,
 * delete. Every query is filtered by the session's user, so another user's saved search is
 * NOT_FOUND like a missing one. The saved query is the results URL's own parameters, read by the
 * results' reader (`parseSearchRequest`), so a saved search finds what its results page finds.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { savedSearches, type SavedSearchFrequency } from '@/db/schema/accounts';
import { failure, success, type Failure, type Result } from '@/lib/errors';
import { FILTER_PARAMS } from '@/search/filter-params';
import { hasFilters } from '@/search/filters';
import { isQueryError, parseQuery } from '@/search/query';
import { parseSearchRequest } from '@/search/request';
import { isFailure } from '@/lib/errors';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
} from './limits';
import { inList } from '@/domain/sql-fragments';

const QUERY_MAX_LENGTH = 2000;
/** Last matches shown per saved search in /mon-compte. */
const LAST_MATCHES = 5;

/** Parameters of a results URL that only present it (page, sort): dropped when saving. */
const PRESENTATION_PARAMS = new Set(['page', 'per_page', 'tri']);
const SEARCH_PARAMS = new Set<string>(['q', ...Object.values(FILTER_PARAMS)]);

export type SavedSearchView = {
  id: number;
  name: string;
  /** The results URL's parameters (`q=…&departement=…`): `/recherches-avancees/resultats?` + query. */
  query: string;
  frequency: SavedSearchFrequency;
  created_at: string;
  last_mailed_at: string | null;
  last_matches: Array<{ siren: string; name: string | null; found_at: string }>;
};

const invalid = (field: string, message: string): Failure =>
  failure('VALIDATION_FAILED', message, { fields: { [field]: [message] } });

/**
 * The saved form of a results URL's parameters: `q` and the filters, in a stable order; the
 * presentation parameters dropped; anything else refused (never a silently ignored filter). The
 * search must be one the results page can run.
 */
export function normalizeSavedQuery(raw: unknown): Result<string> {
  if (typeof raw !== 'string' || raw.trim() === '')
    return invalid('query', 'Indiquez la recherche à enregistrer.');
  if (raw.length > QUERY_MAX_LENGTH) return invalid('query', 'Cette recherche est trop longue.');
  const params = new URLSearchParams(raw.trim().replace(/^.*\?/, ''));
  const kept = new URLSearchParams();
  for (const [k, v] of [...params].sort(([a], [b]) => a.localeCompare(b))) {
    if (PRESENTATION_PARAMS.has(k) || v.trim() === '') continue;
    if (!SEARCH_PARAMS.has(k))
      return invalid('query', `Paramètre de recherche inconnu : « ${k.slice(0, 30)} ».`);
    kept.append(k, v.trim());
  }
  const search = parseSearchRequest(kept);
  if (isFailure(search)) return invalid('query', search.message);
  const q = search.query?.trim() ?? '';
  if (q) {
    const parsed = parseQuery(q);
    if (isQueryError(parsed)) return invalid('query', parsed.message);
  } else if (!search.filters || !hasFilters(search.filters)) {
    return invalid('query', 'Une recherche enregistrée a un nom, un numéro ou au moins un filtre.');
  }
  return success(kept.toString());
}

function cleanName(name: unknown): Result<string> {
  const v = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!v) return invalid('name', 'Donnez un nom à la recherche.');
  if (v.length > SAVED_SEARCH_NAME_MAX_LENGTH)
    return invalid(
      'name',
      `Le nom ne doit pas dépasser ${SAVED_SEARCH_NAME_MAX_LENGTH} caractères.`,
    );
  return success(v);
}

function cleanFrequency(v: unknown): Result<SavedSearchFrequency | undefined> {
  if (v === undefined || v === null || v === '') return success(undefined);
  return (SAVED_SEARCH_FREQUENCIES as readonly string[]).includes(v as string)
    ? success(v as SavedSearchFrequency)
    : invalid(
        'frequency',
        'Choisissez la fréquence : quotidienne (daily), hebdomadaire (weekly) ou aucune (none).',
      );
}

function idOf(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n < 2 ** 31 ? n : null;
}

const notFound = () => failure('NOT_FOUND', 'Cette recherche enregistrée n’existe pas.');

const iso = (v: string | Date | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

async function views(
  db: Db,
  rows: Array<typeof savedSearches.$inferSelect>,
): Promise<SavedSearchView[]> {
  if (rows.length === 0) return [];
  const matches = await queryRows<{
    saved_search_id: number;
    siren: string;
    name: string | null;
    found_at: string | Date;
  }>(
    db,
    sql`SELECT m.saved_search_id, m.siren, c.name, m.found_at FROM (
        SELECT m.*, row_number() OVER (PARTITION BY saved_search_id ORDER BY id DESC) AS n
        FROM saved_search_matches m
        WHERE ${inList(
          sql`saved_search_id`,
          rows.map((r) => r.id),
          'integer',
        )}) m
      LEFT JOIN search_companies c ON c.siren = m.siren
      WHERE m.n <= ${LAST_MATCHES} ORDER BY m.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    frequency: r.frequency,
    created_at: iso(r.createdAt)!,
    last_mailed_at: iso(r.lastMailedAt),
    last_matches: matches
      .filter((m) => Number(m.saved_search_id) === r.id)
      .map((m) => ({ siren: m.siren, name: m.name, found_at: iso(m.found_at)! })),
  }));
}

export async function savedSearchesOf(db: Db, userId: string): Promise<SavedSearchView[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
  return views(db, rows);
}

export async function createSavedSearch(
  db: Db,
  userId: string,
  input: { name: unknown; query: unknown; frequency?: unknown },
): Promise<Result<SavedSearchView>> {
  const name = cleanName(input.name);
  if (!name.ok) return name;
  const query = normalizeSavedQuery(input.query);
  if (!query.ok) return query;
  const frequency = cleanFrequency(input.frequency);
  if (!frequency.ok) return frequency;
  // Counted, then inserted: two saves at the same instant could each pass the last place; the
  // limit bounds a user's mail and matching work, one row more does not matter.
  const [have] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  if ((have?.n ?? 0) >= MAX_SAVED_SEARCHES)
    return failure(
      'SAVED_SEARCH_LIMIT',
      `Vous avez déjà ${MAX_SAVED_SEARCHES} recherches enregistrées : supprimez-en une pour en enregistrer une autre.`,
    );
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      name: name.value,
      query: query.value,
      frequency: frequency.value ?? 'daily',
    })
    .returning();
  return success((await views(db, [row!]))[0]!);
}

async function own(db: Db, userId: string, id: unknown) {
  const n = idOf(id);
  if (n === null) return null;
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, n), eq(savedSearches.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: unknown,
  input: { name?: unknown; frequency?: unknown },
): Promise<Result<SavedSearchView>> {
  const row = await own(db, userId, id);
  if (!row) return notFound();
  const set: Partial<typeof savedSearches.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = cleanName(input.name);
    if (!name.ok) return name;
    set.name = name.value;
  }
  const frequency = cleanFrequency(input.frequency);
  if (!frequency.ok) return frequency;
  if (frequency.value) set.frequency = frequency.value;
  if (Object.keys(set).length === 0) return success((await views(db, [row]))[0]!);
  const [updated] = await db
    .update(savedSearches)
    .set(set)
    .where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)))
    .returning();
  return success((await views(db, [updated!]))[0]!);
}

export async function deleteSavedSearch(
  db: Db,
  userId: string,
  id: unknown,
): Promise<Result<{ deleted: true }>> {
  const n = idOf(id);
  if (n === null) return notFound();
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, n), eq(savedSearches.userId, userId)))
    .returning();
  return gone.length ? success({ deleted: true }) : notFound();
}

/** The one-click unsubscribe of a mail: no more mails for this saved search. */
export async function stopSavedSearchMails(db: Db, id: number): Promise<void> {
  await db.update(savedSearches).set({ frequency: 'none' }).where(eq(savedSearches.id, id));
}
