/**
 * Mails sent for a request go through the job queue: the request answers at once, and a failed
 * delivery (SMTP down) is retried instead of lost. The job's key is the mail's `id` when it has one,
 * so queueing the same mail twice (a retried request) sends it once.
 */
import type { Db } from '@/db/client';
import { defineJob, enqueue } from '@/jobs';
import { deliverMail, type MailMessage } from './transport';

export const mailJob = defineJob<MailMessage>(
  'mail.send',
  async (msg) => {
    await deliverMail(msg);
  },
  { retryLimit: 6, retryDelaySeconds: 30, expireInSeconds: 120 },
);

export function queueMail(db: Db, msg: MailMessage): Promise<void> {
  return enqueue(db, mailJob, msg, msg.id ? { singletonKey: msg.id } : {});
}
