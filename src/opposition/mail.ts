import type { Db } from '@/db/client';
import { deliverMail, type MailMessage } from '@/mail/transport';

type Mailer = (db: Db, msg: MailMessage) => Promise<void>;

/**
 * Delivered at once for now; once the job queue lands (`queueMail(db, msg)` of src/mail/queue.ts),
 * this is the one line to change, so that a failed delivery is retried instead of lost.
 */
const defaultMailer: Mailer = async (_db, msg) => {
  await deliverMail(msg);
};

let mailer: Mailer = defaultMailer;

/** How the opposition service sends its mails. */
export function sendOppositionMail(db: Db, msg: MailMessage): Promise<void> {
  return mailer(db, msg);
}

/** For tests that read the mails without an SMTP server; returns the restore function. */
export function replaceOppositionMailerForTests(m: Mailer): () => void {
  mailer = m;
  return () => {
    mailer = defaultMailer;
  };
}
