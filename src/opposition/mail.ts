import type { Db } from '@/db/client';
import { queueMail } from '@/mail/queue';
import type { MailMessage } from '@/mail/transport';

type Mailer = (db: Db, msg: MailMessage) => Promise<void>;

/** Queued as a job (src/mail/queue.ts): the request answers at once, a failed delivery is retried. */
const defaultMailer: Mailer = (db, msg) => queueMail(db, msg);

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
