import 'server-only';
import type { Db } from '@/db/client';
import { queueMail } from '@/mail/queue';
import type { MailMessage } from '@/mail/transport';

/**
 * The one way accounts send mail: queued as a job (src/mail/queue.ts), so the request answers at
 * once and a failed delivery is retried instead of lost.
 */
export async function sendAccountMail(db: Db, msg: MailMessage): Promise<void> {
  await queueMail(db, msg);
}
