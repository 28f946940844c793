import 'server-only';
import type { Db } from '@/db/client';
import { deliverMail, type MailMessage } from '@/mail/transport';

/**
 * The one way accounts send mail. Until the job queue lands (src/mail/queue.ts) this delivers at
 * once; then it queues, so that a failed delivery is retried instead of lost.
 */
export async function sendAccountMail(_db: Db, msg: MailMessage): Promise<void> {
  await deliverMail(msg);
}
