/**
 * What the follow-list alerts and the saved-search alerts share: their one-click unsubscribe
 * token, and a mail sent at most once, whatever retries or restarts happen (claimed in
 * `alert_mails` before sending, marked sent after).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { alertMails } from '@/db/schema/accounts';
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
