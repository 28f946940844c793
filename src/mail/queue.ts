/**
 * STAND-IN for the lead's mail queue (COMMON.md seam 1): sends at once. Replaced at merge by the
 * job-backed queue with the same signature.
 */
import type { Db } from '@/db/client';
import { deliverMail, type MailMessage } from './transport';

export async function queueMail(_db: Db, msg: MailMessage): Promise<void> {
  await deliverMail(msg);
}
