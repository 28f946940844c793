/**
 * What the follow-list alerts and the saved-search alerts share: their one-click unsubscribe
 * token, and a mail sent at most once, whatever retries or restarts happen (claimed in
 * `alert_mails` before sending, marked sent after).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { alertMails, followedLists, savedSearches, users } from '@/db/schema/accounts';
import { deliverMail, type MailMessage } from '@/mail/transport';
import { authSecret } from '../secret';

/** The unsubscribe token of one object (`purpose` keeps the kinds of object apart). */
export const unsubscribeToken = (purpose: string, id: number) =>
  createHmac('sha256', authSecret()).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);

export function checkUnsubscribeToken(purpose: string, id: number, token: string): boolean {
  const a = Buffer.from(unsubscribeToken(purpose, id));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A followed list or a saved search with its user's address, only when that address is verified:
 * an account opened with a stranger's address never mails that stranger (issue 36). What waits
 * goes once the address is verified.
 */
export async function mailedRow<T extends typeof followedLists | typeof savedSearches>(
  db: Db,
  table: T,
  id: number,
): Promise<{ row: T['$inferSelect']; email: string } | null> {
  // One of two tables of the same key columns: typed as the first for Drizzle's builder.
  const t = table as typeof followedLists;
  const [found] = await db
    .select({ row: t, email: users.email, verified: users.emailVerified })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(eq(t.id, id))
    .limit(1);
  return found?.verified ? { row: found.row as T['$inferSelect'], email: found.email } : null;
}

/** A mail with its one-click unsubscribe link (RFC 8058 headers). */
export const unsubscribableMail = (
  mail: Omit<MailMessage, 'headers'>,
  unsubscribe: string,
): MailMessage => ({
  ...mail,
  headers: {
    'List-Unsubscribe': `<${unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

/**
 * Sends the mail `mailId` unless it was already sent: a run that died after sending and before
 * recording what the mail covered sends nothing again. `build` is called only when sending.
 */
export async function deliverOnce(
  db: Db,
  mailId: string,
  build: () => MailMessage | Promise<MailMessage>,
): Promise<void> {
  const [claimed] = await db
    .insert(alertMails)
    .values({ id: mailId, status: 'sending' })
    .onConflictDoNothing()
    .returning();
  const already = claimed
    ? null
    : (await db.select().from(alertMails).where(eq(alertMails.id, mailId)).limit(1))[0];
  if (already?.status === 'sent') return;
  await deliverMail({ ...(await build()), id: mailId });
  await db.update(alertMails).set({ status: 'sent' }).where(eq(alertMails.id, mailId));
}
