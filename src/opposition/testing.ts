import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { companyOpposed } from '@/registry/opposition';
import type { MailMessage } from '@/mail/transport';
import { confirmOpposition, type Confirmed } from './confirm';
import { replaceOppositionMailerForTests } from './mail';
import { submitOpposition } from './submit';

/** The confirmation token in a mail's link. */
export function tokenOfMail(text: string): string {
  const m = /[?&]jeton=([^\s&]+)/.exec(text);
  if (!m) throw new Error('no confirmation link in the mail');
  return decodeURIComponent(m[1]!);
}

/** Submits a request and confirms it with the mailed link, as its requester would. */
export async function submitAndConfirm(db: Db, input: Record<string, unknown>): Promise<Confirmed> {
  const mails: MailMessage[] = [];
  const restore = replaceOppositionMailerForTests(async (_db, msg) => {
    mails.push(msg);
  });
  try {
    const submitted = await submitOpposition(db, input);
    if (!submitted.ok) throw new Error(`${submitted.code}: ${submitted.message}`);
    const confirmed = await confirmOpposition(db, tokenOfMail(mails[0]!.text));
    if (!confirmed.ok) throw new Error(`${confirmed.code}: ${confirmed.message}`);
    return confirmed.value;
  } finally {
    restore();
  }
}

/** Whether the company profile would honour a company-wide opposition on `siren` (its one rule). */
export async function isCompanyOpposed(db: Db, siren: string): Promise<boolean> {
  const [row] = await queryRows<{ opposed: boolean }>(
    db,
    sql`SELECT ${companyOpposed(siren)} AS opposed`,
  );
  return row!.opposed;
}
