import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  companyEvents,
  companySnapshots,
  followedCompanies,
  followedLists,
} from '@/db/schema/accounts';
import { diffStates } from './diff';
import { loadStates } from './state';
import { inList } from '@/domain/sql-fragments';

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Takes the first snapshot of newly followed companies: the next import is compared with it. */
export async function ensureSnapshots(db: Db, sirens: readonly string[]): Promise<void> {
  for (const part of chunks(sirens)) {
    const have = await db
      .select({ siren: companySnapshots.siren })
      .from(companySnapshots)
      .where(inList(companySnapshots.siren, part));
    const known = new Set(have.map((h) => h.siren));
    const missing = part.filter((s) => !known.has(s));
    if (!missing.length) continue;
    const states = await loadStates(db, missing);
    if (!states.size) continue;
    await db
      .insert(companySnapshots)
      .values([...states].map(([siren, state]) => ({ siren, state })))
      .onConflictDoNothing();
  }
}

/**
 * After an import has committed: for the followed companies among `changed` (null: the import
 * changed too many to list, so every followed company), records what changed since the last
 * snapshot as events, and moves the snapshot on. Re-running it records nothing twice.
 */
export async function recordFollowedChanges(
  db: Db,
  changed: readonly string[] | null,
): Promise<{ companies: number; events: number[] }> {
  const followed = new Set<string>();
  const candidates = changed === null ? [null] : chunks(changed);
  for (const part of candidates) {
    const rows = await db
      .selectDistinct({ siren: followedCompanies.siren })
      .from(followedCompanies)
      .where(part ? inList(followedCompanies.siren, part) : sql`true`);
    for (const r of rows) followed.add(r.siren);
  }
  const eventIds: number[] = [];
  for (const part of chunks([...followed])) {
    const previous = await db
      .select()
      .from(companySnapshots)
      .where(inList(companySnapshots.siren, part));
    const before = new Map(previous.map((p) => [p.siren, p.state as never]));
    const now = await loadStates(db, part);
    for (const [siren, state] of now) {
      const prev = before.get(siren);
      if (prev) {
        const drafts = diffStates(prev, state);
        if (drafts.length) {
          const inserted = await db
            .insert(companyEvents)
            .values(
              drafts.map((d) => ({
                siren,
                kind: d.kind,
                dedupeKey: d.dedupeKey.slice(0, 500),
                details: { ...d.details, summary: d.summary },
              })),
            )
            .onConflictDoNothing()
            .returning();
          eventIds.push(...inserted.map((i) => i.id));
        }
      }
      await db
        .insert(companySnapshots)
        .values({ siren, state })
        .onConflictDoUpdate({
          target: companySnapshots.siren,
          set: { state, takenAt: new Date() },
        });
    }
  }
  return { companies: followed.size, events: eventIds };
}

/** Lists (with their alert mode) that hold a company with an event newer than their cursor. */
export async function listsWithNewEvents(
  db: Db,
  eventIds: readonly number[],
): Promise<{ id: number; alertMode: string }[]> {
  if (!eventIds.length) return [];
  const minId = Math.min(...eventIds);
  return db
    .selectDistinct({ id: followedLists.id, alertMode: followedLists.alertMode })
    .from(followedLists)
    .innerJoin(followedCompanies, eq(followedCompanies.listId, followedLists.id))
    .innerJoin(
      companyEvents,
      and(
        eq(companyEvents.siren, followedCompanies.siren),
        gt(companyEvents.id, followedLists.lastAlertedEventId),
      ),
    )
    .where(sql`${companyEvents.id} >= ${minId} AND ${followedLists.alertMode} <> 'none'`);
}
