/**
 * The opposition cases' storage shared by the use cases of this folder: reading a case, writing
 * its history, applying it (the honoured row of `opposition_requests`) and naming the companies
 * whose pages and search rows it touches.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { OppositionState, ReviewReason } from '@/domain/opposition';

/** A transaction or the database: anything that runs SQL. */
export type Runner = Pick<Db, 'execute'>;

export async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = (await (db as Db).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type OppositionCase = {
  id: number;
  kind: 'company' | 'person';
  siren: string | null;
  personKey: string | null;
  email: string;
  reason: string | null;
  status: OppositionState;
  reviewReasons: ReviewReason[];
  tokenHash: string | null;
  expiresAt: string;
  oppositionRequestId: number | null;
  createdAt: string;
  confirmedAt: string | null;
  decidedAt: string | null;
};

export type CaseEvent = { at: string; actor: string; action: string; note: string | null };

const CASE_COLUMNS = sql`id, kind, siren, person_key AS "personKey", email, reason, status,
  review_reasons AS "reviewReasons", token_hash AS "tokenHash",
  to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt",
  opposition_request_id AS "oppositionRequestId",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "confirmedAt",
  to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "decidedAt"`;

/** One case, locked for the rest of the transaction when `forUpdate`. */
export async function readCase(
  db: Runner,
  id: number,
  forUpdate = false,
): Promise<OppositionCase | null> {
  const [row] = await rows<OppositionCase>(
    db,
    sql`SELECT ${CASE_COLUMNS} FROM opposition_cases WHERE id = ${id}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

export async function listCases(
  db: Runner,
  filter: { status?: OppositionState; limit?: number } = {},
): Promise<OppositionCase[]> {
  return rows<OppositionCase>(
    db,
    sql`SELECT ${CASE_COLUMNS} FROM opposition_cases
        ${filter.status ? sql`WHERE status = ${filter.status}` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${filter.limit ?? 50}`,
  );
}

export async function caseEvents(db: Runner, id: number): Promise<CaseEvent[]> {
  return rows<CaseEvent>(
    db,
    sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, actor, action, note
        FROM opposition_case_events WHERE case_id = ${id} ORDER BY at, id`,
  );
}

export async function recordEvent(
  db: Runner,
  caseId: number,
  actor: string,
  action: string,
  note: string | null = null,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO opposition_case_events (case_id, actor, action, note)
        VALUES (${caseId}, ${actor}, ${action}, ${note})`,
  );
}

/**
 * Makes a case hide what it asks: writes the row the read models honour and moves the case to
 * `status` (applied on confirmation, accepted by an operator). Inside the caller's transaction.
 */
export async function applyCase(
  db: Runner,
  c: OppositionCase,
  status: 'applied' | 'accepted',
  actor: string,
  note: string | null = null,
): Promise<void> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO opposition_requests (siren, person_key, email, reason, status)
        VALUES (${c.kind === 'company' ? c.siren : null}, ${c.kind === 'person' ? c.personKey : null},
                ${c.email}, ${c.reason}, 'applied')
        RETURNING id`,
  );
  await db.execute(
    sql`UPDATE opposition_cases SET status = ${status}, opposition_request_id = ${row!.id},
          decided_at = now()
        WHERE id = ${c.id}`,
  );
  await recordEvent(db, c.id, actor, status, note);
}

/** The companies whose pages and search rows show what a case hides. */
export async function affectedSirens(db: Runner, c: OppositionCase): Promise<string[]> {
  if (c.kind === 'company') return c.siren ? [c.siren] : [];
  if (!c.personKey) return [];
  const found = await rows<{ siren: string }>(
    db,
    sql`SELECT DISTINCT siren FROM directors WHERE person_key = ${c.personKey}`,
  );
  return found.map((r) => r.siren);
}
