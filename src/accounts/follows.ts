import 'server-only';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, queryRows, runStatement, statement, type Db } from '@/db/client';
import {
  companySnapshots,
  followedCompanies,
  followedLists,
  type AlertMode,
} from '@/db/schema/accounts';
import { companies } from '@/db/schema/registry';
import { isValidSiren, parseSiren } from '@/domain/siren';
import { failure, success, type Failure, type Result } from '@/lib/errors';
import { ensureSnapshots } from './alerts/record';
import { LIST_NAME_MAX_LENGTH, MAX_SIRENS_PER_CALL } from './limits';
import { inList } from '@/domain/sql-fragments';

/**
 * Followed lists (spec section 7 "Following"). Every function takes the user's id and touches
 * only that user's lists: another user's list is NOT_FOUND, exactly like a list that does not
 * exist.
 */
export const DEFAULT_LIST_NAME = 'Mes entreprises suivies';
export const ALERT_MODES: readonly AlertMode[] = ['immediate', 'daily', 'none'];

export type FollowedList = {
  id: number;
  name: string;
  alert_mode: AlertMode;
  created_at: string;
  companies: string[];
};

export type FollowedCompany = {
  siren: string;
  name: string | null;
  status: 'active' | 'ceased' | 'unknown';
  followed_at: string;
  last_change_at: string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export async function listsOf(db: Db, userId: string): Promise<FollowedList[]> {
  const lists = await db
    .select()
    .from(followedLists)
    .where(eq(followedLists.userId, userId))
    .orderBy(asc(followedLists.id));
  if (!lists.length) return [];
  const rows = await db
    .select({ listId: followedCompanies.listId, siren: followedCompanies.siren })
    .from(followedCompanies)
    .where(
      inList(
        followedCompanies.listId,
        lists.map((l) => l.id),
      ),
    )
    .orderBy(asc(followedCompanies.createdAt));
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    alert_mode: l.alertMode,
    created_at: iso(l.createdAt),
    companies: rows.filter((r) => r.listId === l.id).map((r) => r.siren),
  }));
}

function listIdOf(listId: unknown): number | null {
  const id = typeof listId === 'number' ? listId : Number(String(listId ?? ''));
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

async function ownList(db: Db, userId: string, listId: unknown) {
  const id = listIdOf(listId);
  if (id === null) return null;
  const [list] = await db
    .select()
    .from(followedLists)
    .where(and(eq(followedLists.id, id), eq(followedLists.userId, userId)))
    .limit(1);
  return list ?? null;
}

const listNotFound = () => failure('NOT_FOUND', 'Cette liste n’existe pas.');

/** One list with its companies: name, status and date of the last change we know of. */
export async function getList(
  db: Db,
  userId: string,
  listId: unknown,
): Promise<Result<FollowedList & { company_details: FollowedCompany[] }>> {
  const list = await ownList(db, userId, listId);
  if (!list) return listNotFound();
  const rows = await queryRows<{
    siren: string;
    name: string | null;
    status: string | null;
    followed_at: string | Date;
    last_change_at: string | Date | null;
  }>(
    db,
    sql`SELECT f.siren, c.name, c.status, f.created_at AS followed_at,
          (SELECT max(e.created_at) FROM company_events e WHERE e.siren = f.siren) AS last_change_at
        FROM followed_companies f LEFT JOIN companies c ON c.siren = f.siren
        WHERE f.list_id = ${list.id}
        ORDER BY f.created_at, f.siren`,
  );
  return success({
    id: list.id,
    name: list.name,
    alert_mode: list.alertMode,
    created_at: iso(list.createdAt),
    companies: rows.map((r) => r.siren),
    company_details: rows.map((r) => ({
      siren: r.siren,
      name: r.name,
      status: r.status === 'A' ? 'active' : r.status === 'C' ? 'ceased' : 'unknown',
      followed_at: iso(r.followed_at),
      last_change_at: r.last_change_at ? iso(r.last_change_at) : null,
    })),
  });
}

function cleanName(name: unknown): Result<string> {
  const v = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!v) {
    return failure('VALIDATION_FAILED', 'Donnez un nom à la liste.', {
      fields: { name: ['Donnez un nom à la liste.'] },
    });
  }
  if (v.length > LIST_NAME_MAX_LENGTH) {
    const m = `Le nom ne doit pas dépasser ${LIST_NAME_MAX_LENGTH} caractères.`;
    return failure('VALIDATION_FAILED', m, { fields: { name: [m] } });
  }
  return success(v);
}

function cleanAlertMode(mode: unknown): Result<AlertMode | undefined> {
  if (mode === undefined || mode === null || mode === '') return success(undefined);
  return ALERT_MODES.includes(mode as AlertMode)
    ? success(mode as AlertMode)
    : failure('VALIDATION_FAILED', 'Fréquence des alertes inconnue.', {
        fields: { alert_mode: ['Choisissez : immédiate, quotidienne ou aucune.'] },
      });
}

const nameTaken = () =>
  failure('CONFLICT', 'Vous avez déjà une liste de ce nom.', {
    fields: { name: ['Vous avez déjà une liste de ce nom.'] },
  });

export async function createList(
  db: Db,
  userId: string,
  input: { name: unknown; alert_mode?: unknown },
): Promise<Result<FollowedList>> {
  const name = cleanName(input.name);
  if (!name.ok) return name;
  const mode = cleanAlertMode(input.alert_mode);
  if (!mode.ok) return mode;
  const [row] = await db
    .insert(followedLists)
    .values({ userId, name: name.value, alertMode: mode.value ?? 'daily' })
    .onConflictDoNothing()
    .returning();
  if (!row) return nameTaken();
  return success({
    id: row.id,
    name: row.name,
    alert_mode: row.alertMode,
    created_at: iso(row.createdAt),
    companies: [],
  });
}

export async function updateList(
  db: Db,
  userId: string,
  listId: unknown,
  input: { name?: unknown; alert_mode?: unknown },
): Promise<Result<FollowedList>> {
  const list = await ownList(db, userId, listId);
  if (!list) return listNotFound();
  const set: Partial<typeof followedLists.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = cleanName(input.name);
    if (!name.ok) return name;
    set.name = name.value;
  }
  const mode = cleanAlertMode(input.alert_mode);
  if (!mode.ok) return mode;
  if (mode.value) set.alertMode = mode.value;
  if (Object.keys(set).length) {
    try {
      await db.update(followedLists).set(set).where(eq(followedLists.id, list.id));
    } catch {
      return nameTaken();
    }
  }
  const lists = await listsOf(db, userId);
  return success(lists.find((l) => l.id === list.id)!);
}

export async function deleteList(db: Db, userId: string, listId: unknown): Promise<Result<null>> {
  const list = await ownList(db, userId, listId);
  if (!list) return listNotFound();
  await db.delete(followedLists).where(eq(followedLists.id, list.id));
  return success(null);
}

/** A `sirens` value: an array (or a comma-separated string) of valid SIRENs, at most 500. */
export function parseSirens(value: unknown): Result<string[]> {
  const raw = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[,;\s]+/).filter(Boolean)
      : null;
  if (!raw || raw.length === 0) {
    return failure('VALIDATION_FAILED', 'Indiquez au moins un numéro SIREN.', {
      fields: { sirens: ['Indiquez au moins un numéro SIREN.'] },
    });
  }
  if (raw.length > MAX_SIRENS_PER_CALL) {
    return failure('PAYLOAD_TOO_LARGE', `Au plus ${MAX_SIRENS_PER_CALL} entreprises à la fois.`);
  }
  const out = new Set<string>();
  for (const v of raw) {
    const s = typeof v === 'string' || typeof v === 'number' ? parseSiren(String(v)) : null;
    if (!s || !isValidSiren(s)) {
      return failure('INVALID_SIREN', `Numéro SIREN invalide : ${String(v).slice(0, 20)}.`);
    }
    out.add(s);
  }
  return success([...out]);
}

export function parseOneSiren(value: unknown): Result<string> {
  const s = typeof value === 'string' ? parseSiren(value) : null;
  return s && isValidSiren(s) ? success(s) : failure('INVALID_SIREN');
}

async function knownSirens(db: Db, sirens: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ siren: companies.siren })
    .from(companies)
    .where(inList(companies.siren, sirens));
  return new Set(rows.map((r) => r.siren));
}

/**
 * Adds or removes companies of one of the user's lists (the list checked first, then the SIRENs),
 * and reads the list back. `change` may refuse with a failure.
 */
async function changeCompanies(
  db: Db,
  userId: string,
  listId: unknown,
  parse: () => Result<string[]>,
  change: (listId: number, sirens: string[]) => Promise<Failure | undefined>,
): Promise<Result<FollowedList>> {
  const list = await ownList(db, userId, listId);
  if (!list) return listNotFound();
  const sirens = parse();
  if (!sirens.ok) return sirens;
  const refused = await change(list.id, sirens.value);
  if (refused) return refused;
  const lists = await listsOf(db, userId);
  return success(lists.find((l) => l.id === list.id)!);
}

export const addCompanies = (db: Db, userId: string, listId: unknown, sirensInput: unknown) =>
  changeCompanies(
    db,
    userId,
    listId,
    () =>
      typeof sirensInput === 'string' && /^\d{9}$/.test(sirensInput)
        ? success([sirensInput])
        : parseSirens(sirensInput),
    async (id, sirens) => {
      const known = await knownSirens(db, sirens);
      const unknown = sirens.filter((s) => !known.has(s));
      if (unknown.length) {
        return failure('NOT_FOUND', `Entreprise inconnue du registre : ${unknown[0]}.`);
      }
      await db
        .insert(followedCompanies)
        .values(sirens.map((siren) => ({ listId: id, siren })))
        .onConflictDoNothing();
      // The next import is compared with what the registry says now.
      await ensureSnapshots(db, sirens);
      return undefined;
    },
  );

export const removeCompanies = (db: Db, userId: string, listId: unknown, sirensInput: unknown) =>
  changeCompanies(
    db,
    userId,
    listId,
    () => parseSirens(sirensInput),
    async (id, sirens) => {
      await db
        .delete(followedCompanies)
        .where(and(eq(followedCompanies.listId, id), inList(followedCompanies.siren, sirens)));
      return undefined;
    },
  );

/**
 * The follow button's statement, rendered once (two: into the user's first list, or into a given
 * one): finds the list, checks the company exists, inserts, and reads the list back.
 */
const followStatement = (list: SQL) =>
  statement(sql`WITH l AS (${list}),
      c AS (SELECT ${companies.siren} AS siren FROM ${companies}
            WHERE ${companies.siren} = ${sql.placeholder('siren')}),
      ins AS (
        INSERT INTO ${followedCompanies} (list_id, siren) SELECT l.id, c.siren FROM l, c
        ON CONFLICT DO NOTHING RETURNING siren)
      SELECT l.id, l.name, l.alert_mode AS "alertMode",
             (extract(epoch FROM l.created_at) * 1000)::float8 AS "createdMs",
             EXISTS (SELECT 1 FROM c) AS known,
             EXISTS (SELECT 1 FROM ins) AS inserted,
             EXISTS (SELECT 1 FROM ${companySnapshots}
                     WHERE ${companySnapshots.siren} = ${sql.placeholder('siren')}) AS snapshot,
             ARRAY(SELECT f.siren::text FROM ${followedCompanies} f WHERE f.list_id = l.id
                   ORDER BY f.created_at) AS companies
      FROM l`);

const FOLLOW_INTO_FIRST_LIST = followStatement(
  sql`SELECT * FROM ${followedLists} WHERE ${followedLists.userId} = ${sql.placeholder('userId')}
      ORDER BY ${followedLists.id} LIMIT 1`,
);
const FOLLOW_INTO_LIST = followStatement(
  sql`SELECT * FROM ${followedLists} WHERE ${followedLists.id} = ${sql.placeholder('listId')}
      AND ${followedLists.userId} = ${sql.placeholder('userId')}`,
);

type FollowRow = {
  id: number;
  name: string;
  alertMode: AlertMode;
  createdMs: number;
  known: boolean;
  snapshot: boolean;
  inserted: boolean;
  companies: string[];
};

/**
 * Follows a company into a list, or into the default list (created on first use). The hot path
 * of the follow button, so one prepared statement does it all: finds the user's list, checks the
 * company exists, inserts, and reads the list back; the company's snapshot is taken only the
 * first time anyone follows it.
 */
export async function follow(
  db: Db,
  userId: string,
  sirenInput: unknown,
  listId?: unknown,
  firstTry = true,
): Promise<Result<{ siren: string; list: FollowedList }>> {
  const siren = parseOneSiren(sirenInput);
  if (!siren.ok) return siren;
  let row: FollowRow | undefined;
  if (listId === undefined) {
    [row] = await runStatement<FollowRow>(db, FOLLOW_INTO_FIRST_LIST, {
      userId,
      siren: siren.value,
    });
  } else {
    const id = listIdOf(listId);
    if (id === null) return listNotFound();
    [row] = await runStatement<FollowRow>(db, FOLLOW_INTO_LIST, {
      userId,
      siren: siren.value,
      listId: id,
    });
  }
  if (!row) {
    if (listId !== undefined) return listNotFound();
    const created = await createList(db, userId, { name: DEFAULT_LIST_NAME });
    // Two first follows at once: the other one has just made the list; this one goes into it.
    if (!created.ok && created.code === 'CONFLICT' && firstTry)
      return follow(db, userId, siren.value, undefined, false);
    if (!created.ok) return created;
    return follow(db, userId, siren.value, created.value.id);
  }
  if (!row.known) return failure('NOT_FOUND', `Entreprise inconnue du registre : ${siren.value}.`);
  // The next import is compared with what the registry says now.
  if (!row.snapshot) await ensureSnapshots(db, [siren.value]);
  // The statement's reads do not see its own insert: the new company is the latest followed.
  const followed = row.inserted ? [...row.companies, siren.value] : row.companies;
  return success({
    siren: siren.value,
    list: {
      id: row.id,
      name: row.name,
      alert_mode: row.alertMode,
      created_at: new Date(row.createdMs).toISOString(),
      companies: followed,
    },
  });
}

const UNFOLLOW = statement(sql`DELETE FROM ${followedCompanies} f USING ${followedLists} l
  WHERE l.id = f.list_id AND l.user_id = ${sql.placeholder('userId')}
    AND f.siren = ANY (${sql.placeholder('sirens')}::bpchar[])`);

/** Stops following a company in every list of the user. */
export async function unfollow(
  db: Db,
  userId: string,
  sirensInput: unknown,
): Promise<Result<{ sirens: string[] }>> {
  const sirens = parseSirens(sirensInput);
  if (!sirens.ok) return sirens;
  // Checked SIRENs (nine digits), as one array parameter: one statement for any number.
  await runStatement(db, UNFOLLOW, { userId, sirens: `{${sirens.value.join(',')}}` });
  return success({ sirens: sirens.value });
}

/** Read on every company page a logged-in user opens: built once (`preparedQuery`). */
const followedOf = preparedQuery('follows_of_user', (db) =>
  db
    .select({ siren: followedCompanies.siren, listId: followedCompanies.listId })
    .from(followedCompanies)
    .innerJoin(followedLists, eq(followedLists.id, followedCompanies.listId))
    .where(eq(followedLists.userId, sql.placeholder('userId')))
    .orderBy(desc(followedCompanies.createdAt), asc(followedCompanies.listId)),
);

type Followed = { siren: string; lists: number[] };

/** Each followed SIREN with the ids of its lists, in the order of the rows (newest first). */
function bySiren(rows: readonly { siren: string; listId: number }[]): Followed[] {
  const lists = new Map<string, number[]>();
  for (const r of rows) {
    const l = lists.get(r.siren) ?? [];
    l.push(r.listId);
    lists.set(r.siren, l);
  }
  return [...lists].map(([siren, l]) => ({ siren, lists: l }));
}

/** GET /api/company/followed: each followed SIREN with the ids of the lists that hold it. */
export async function followedCompaniesOf(db: Db, userId: string): Promise<Followed[]> {
  return bySiren(await followedOf(db).execute({ userId }));
}

/** Alerts off for a list (the unsubscribe link of its mails). */
export async function disableAlerts(db: Db, listId: number): Promise<void> {
  await db.update(followedLists).set({ alertMode: 'none' }).where(eq(followedLists.id, listId));
}
