import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { companyOpposed } from '@/registry/opposition';
import type { MailMessage } from '@/mail/transport';
import { confirmOpposition, type Confirmed } from './confirm';
import type { ProofSubmission } from './identity-proof';
import { replaceOppositionMailerForTests } from './mail';
import { acceptOpposition, type Decision } from './review';
import { submitOpposition } from './submit';

/** A marker written in every sample document: found in plain text only where it is not encrypted. */
export const DOCUMENT_MARKER = 'PIECE-IDENTITE-EN-CLAIR';

/** A small identity document of the given type, as its first bytes make it (PDF, PNG or JPEG). */
export function sampleDocumentBytes(type: 'pdf' | 'png' | 'jpg' = 'pdf'): Buffer {
  const head = {
    pdf: Buffer.from('%PDF-1.4\n'),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  }[type];
  return Buffer.concat([head, Buffer.from(`${DOCUMENT_MARKER} carte d'identite de test\n`)]);
}

/** The proof a requester attaches: one identity document. */
export const withDocument = (type: 'pdf' | 'png' | 'jpg' = 'pdf'): ProofSubmission => ({
  files: [{ field: 'document', name: `identite.${type}`, bytes: sampleDocumentBytes(type) }],
});

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
    const submitted = await submitOpposition(db, input, withDocument());
    if (!submitted.ok) throw new Error(`${submitted.code}: ${submitted.message}`);
    const confirmed = await confirmOpposition(db, tokenOfMail(mails[0]!.text));
    if (!confirmed.ok) throw new Error(`${confirmed.code}: ${confirmed.message}`);
    return confirmed.value;
  } finally {
    restore();
  }
}

/**
 * A request as it goes when everything is in order: submitted with an identity document, confirmed
 * by the requester, accepted by an operator (the document goes with the decision).
 */
export async function requestHidden(db: Db, input: Record<string, unknown>): Promise<Decision> {
  const confirmed = await submitAndConfirm(db, input);
  const accepted = await acceptOpposition(db, confirmed.id, 'operator:test');
  if (!accepted.ok) throw new Error(`${accepted.code}: ${accepted.message}`);
  return accepted.value;
}

/** Whether the company profile would honour a company-wide opposition on `siren` (its one rule). */
export async function isCompanyOpposed(db: Db, siren: string): Promise<boolean> {
  const [row] = await queryRows<{ opposed: boolean }>(
    db,
    sql`SELECT ${companyOpposed(siren)} AS opposed`,
  );
  return row!.opposed;
}
