import { getDb } from '@/db/site';
import { defineJob, enqueue, nextParisHour } from '@/jobs';
import type { Db } from '@/db/client';
import { sendListAlerts } from './mailer';
import { listsWithNewEvents, recordFollowedChanges } from './record';

/** Immediate alerts: one job per list and last event. */
export const listAlertJob = defineJob<{ listId: number }>(
  'accounts.list-alert',
  async ({ listId }) => {
    await sendListAlerts(getDb(), listId);
  },
  { retryLimit: 6, retryDelaySeconds: 60, expireInSeconds: 300 },
);

/** The daily digest of a list, queued to start at the next 7 a.m. (Paris). */
export const dailyDigestJob = defineJob<{ listId: number }>(
  'accounts.daily-digest',
  async ({ listId }) => {
    await sendListAlerts(getDb(), listId, true);
  },
  { retryLimit: 6, retryDelaySeconds: 300, expireInSeconds: 300 },
);

/** Seconds from `now` to the next 7:00 in Paris, and that day (the digest's key). */
export function nextDigestTime(now = new Date()): { seconds: number; day: string } {
  return nextParisHour(7, now);
}

/**
 * Called by the import CLI once its files are committed: records the changes of followed
 * companies as events and queues their alerts (immediate lists now, daily lists at 7 a.m.).
 */
export async function afterImport(
  db: Db,
  changed: readonly string[] | null,
  now = new Date(),
): Promise<{ companies: number; events: number; lists: number }> {
  const recorded = await recordFollowedChanges(db, changed);
  const lists = await listsWithNewEvents(db, recorded.events);
  const lastEvent = Math.max(0, ...recorded.events);
  const digest = nextDigestTime(now);
  for (const list of lists) {
    if (list.alertMode === 'immediate') {
      await enqueue(
        db,
        listAlertJob,
        { listId: list.id },
        { singletonKey: `${list.id}:${lastEvent}` },
      );
    } else if (list.alertMode === 'daily') {
      await enqueue(
        db,
        dailyDigestJob,
        { listId: list.id },
        { singletonKey: `${list.id}:${digest.day}`, startAfterSeconds: digest.seconds },
      );
    }
  }
  return { companies: recorded.companies, events: recorded.events.length, lists: lists.length };
}
