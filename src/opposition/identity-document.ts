/**
 * The identity document a requester uploads with an opposition request: checked (PDF, JPEG or
 * PNG by its first bytes, whatever its name or declared type says; 5 MB at most; one file),
 * encrypted at rest (AES-256-GCM, a fresh 12-byte nonce per document, the case's number bound as
 * additional data so a ciphertext cannot be moved to another case), read back only for an
 * operator (src/ops/opposition.ts), and deleted with the decision (src/opposition/review.ts).
 *
 * Key: `IDENTITY_DOCUMENT_KEY` (32 bytes, base64 or hex; required when APP_ENV=prod), or else a
 * random key kept in `DATA_DIR/secrets/` (local and test), as the confirmation links' key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeKey32, getEnv } from '@/config/env';
import m from '@/i18n/fr/opposition';
import { failure, success, type Result } from '@/lib/errors';
import { rows, type Runner } from './store';

/** The largest document accepted. */
export const IDENTITY_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The opposition route's body cap: the document and the form's fields. The web server caps the
 * route's declared length with the same figure (`BODY_CAPS` of src/lib/http/body.ts, which the front door reads too).
 */
export const OPPOSITION_BODY_MAX = IDENTITY_DOCUMENT_MAX_BYTES + 64 * 1024;

export const DOCUMENT_TYPES = {
  'application/pdf': { extensions: ['pdf'], label: 'PDF' },
  'image/jpeg': { extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  'image/png': { extensions: ['png'], label: 'PNG' },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** The type a file's first bytes show, or null for anything else. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

export type IdentityDocument = { mediaType: DocumentType; bytes: Buffer };

const refuse = (message: string) =>
  failure('VALIDATION_FAILED', message, { fields: { document: [message] } });

/**
 * Checks an uploaded file: not empty, within the cap, a PDF, JPEG or PNG by its content, and a
 * name whose extension says the same thing (a PNG called `.pdf` is refused).
 */
export function checkIdentityDocument(file: {
  name: string;
  bytes: Uint8Array;
}): Result<IdentityDocument> {
  if (file.bytes.byteLength === 0) return refuse(m.fields.documentMissing);
  if (file.bytes.byteLength > IDENTITY_DOCUMENT_MAX_BYTES) return refuse(m.fields.documentTooLarge);
  const type = sniffDocumentType(file.bytes);
  if (!type) return refuse(m.fields.documentType);
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extension))
    return refuse(m.fields.documentMismatch);
  return success({ mediaType: type, bytes: Buffer.from(file.bytes) });
}

const state = globalThis as unknown as { __identityDocumentKey?: { source: string; key: Buffer } };

function documentKey(): Buffer {
  const env = getEnv();
  const source = env.IDENTITY_DOCUMENT_KEY ?? path.resolve(env.DATA_DIR, 'secrets');
  if (state.__identityDocumentKey?.source === source) return state.__identityDocumentKey.key;
  let key: Buffer | null;
  if (env.IDENTITY_DOCUMENT_KEY) key = decodeKey32(env.IDENTITY_DOCUMENT_KEY);
  else {
    // parseEnv refuses a production start without the setting; this is the last line.
    if (env.APP_ENV === 'prod')
      throw new Error('IDENTITY_DOCUMENT_KEY est obligatoire en production');
    const file = path.join(source, 'identity-document.key');
    mkdirSync(source, { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes starting together keep the first key written.
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    key = decodeKey32(readFileSync(file, 'utf8'));
  }
  if (!key) throw new Error('IDENTITY_DOCUMENT_KEY invalide');
  state.__identityDocumentKey = { source, key };
  return key;
}

const aad = (caseId: number) => Buffer.from(`opposition-document:${caseId}`);

/** Encrypts and stores the document of case `caseId` (inside the caller's transaction). */
export async function storeIdentityDocument(
  db: Runner,
  caseId: number,
  doc: IdentityDocument,
): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', documentKey(), iv);
  cipher.setAAD(aad(caseId));
  const ciphertext = Buffer.concat([cipher.update(doc.bytes), cipher.final()]);
  await db.execute(
    sql`INSERT INTO opposition_documents (case_id, media_type, size_bytes, iv, auth_tag, ciphertext)
        VALUES (${caseId}, ${doc.mediaType}, ${doc.bytes.byteLength}, ${iv}, ${cipher.getAuthTag()},
                ${ciphertext})`,
  );
}

export type StoredDocumentInfo = { mediaType: DocumentType; sizeBytes: number; createdAt: string };

/** What an operator is told about a case's document, without decrypting it. */
export async function identityDocumentInfo(
  db: Runner,
  caseId: number,
): Promise<StoredDocumentInfo | null> {
  const [row] = await rows<StoredDocumentInfo>(
    db,
    sql`SELECT media_type AS "mediaType", size_bytes AS "sizeBytes",
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
        FROM opposition_documents WHERE case_id = ${caseId}`,
  );
  return row ?? null;
}

const asBuffer = (v: unknown) =>
  Buffer.isBuffer(v)
    ? v
    : v instanceof Uint8Array
      ? Buffer.from(v)
      : // A driver that gives bytea as text: \x followed by hex.
        Buffer.from(String(v).replace(/^\\x/, ''), 'hex');

/** The decrypted document of a case, for an operator's eyes only; null when there is none. */
export async function readIdentityDocument(
  db: Runner,
  caseId: number,
): Promise<IdentityDocument | null> {
  const [row] = await rows<{ mediaType: DocumentType; iv: unknown; tag: unknown; data: unknown }>(
    db,
    sql`SELECT media_type AS "mediaType", iv, auth_tag AS tag, ciphertext AS data
        FROM opposition_documents WHERE case_id = ${caseId}`,
  );
  if (!row) return null;
  const decipher = createDecipheriv('aes-256-gcm', documentKey(), asBuffer(row.iv));
  decipher.setAAD(aad(caseId));
  decipher.setAuthTag(asBuffer(row.tag));
  const bytes = Buffer.concat([decipher.update(asBuffer(row.data)), decipher.final()]);
  return { mediaType: row.mediaType, bytes };
}

/** Deletes a case's document (with the decision, inside its transaction); whether one was there. */
export async function deleteIdentityDocument(db: Runner, caseId: number): Promise<boolean> {
  const deleted = await rows<{ caseId: number }>(
    db,
    sql`DELETE FROM opposition_documents WHERE case_id = ${caseId} RETURNING case_id AS "caseId"`,
  );
  return deleted.length > 0;
}
