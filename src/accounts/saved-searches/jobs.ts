/**
 * Saved searches' background work, on the PostgreSQL job queue:
 * - `saved-searches.match`, queued by the import CLI once its files and the search index are
 *   committed: records each saved search's new matches (match.ts);
 * - `saved-searches.digest`, every day at 7:00 (Paris): records the matches too (an import that
 *   could not queue its job is caught up), then queues the mail of each search with matches not
 *   mailed yet — daily searches every day, weekly ones on Mondays — keyed by search and day;
 * - `saved-searches.mail`: one search's mail (mailer.ts), sent once whatever the retries.
 */
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { savedSearches } from '@/db/schema/accounts';
import { getDb } from '@/db/site';
import { defineJob, enqueue } from '@/jobs';
import { sendSavedSearchMail } from './mailer';
import { matchSavedSearches } from './match';

export const matchJob = defineJob<{ at: string }>(
  'saved-searches.match',
  async () => {
    await matchSavedSearches(getDb());
  },
  { retryLimit: 3, retryDelaySeconds: 120, expireInSeconds: 30 * 60 },
);

export const mailJob = defineJob<{ id: number }>(
  'saved-searches.mail',
  async ({ id }) => {
    await sendSavedSearchMail(getDb(), id);
  },
  { retryLimit: 6, retryDelaySeconds: 300, expireInSeconds: 300 },
);

/** Whether a search of this frequency is mailed on `day` (YYYY-MM-DD, Paris): weekly on Mondays. */
export function isMailDay(frequency: string, day: string): boolean {
  if (frequency === 'daily') return true;
  if (frequency === 'weekly') return new Date(`${day}T12:00:00Z`).getUTCDay() === 1;
  return false;
}

/** Records matches, then queues the mails due on `day`. Returns the mails queued. */
export async function queueDueMails(db: Db, day: string): Promise<number> {
  await matchSavedSearches(db);
  const due = await db
    .select({ id: savedSearches.id, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(
      and(
        ne(savedSearches.frequency, 'none'),
        sql`EXISTS (SELECT 1 FROM saved_search_matches m
          WHERE m.saved_search_id = ${savedSearches.id} AND m.mailed_at IS NULL)`,
      ),
    );
  let queued = 0;
  for (const s of due) {
    if (!isMailDay(s.frequency, day)) continue;
    await enqueue(db, mailJob, { id: s.id }, { singletonKey: `${s.id}:${day}` });
    queued++;
  }
  return queued;
}

/** Declared for the workers, which queue its daily run themselves (`dailyAtParisHour`). */
defineJob<{ day: string }>(
  'saved-searches.digest',
  async ({ day }) => {
    await queueDueMails(getDb(), day);
  },
  { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 30 * 60, dailyAtParisHour: 7 },
);

/** Called by the import CLI after the search index is up to date: queues the matching. */
export async function afterImport(db: Db, now = new Date()): Promise<void> {
  await enqueue(db, matchJob, { at: now.toISOString() }, { singletonKey: now.toISOString() });
}
