import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Opposition requests as they go through their checks (src/opposition): submitted, confirmed by
 * the requester's e-mail, then applied at once or decided by an operator. Applying one writes the
 * row of `opposition_requests` (src/db/schema/registry.ts) that the read models honour; nothing in
 * this table hides anything by itself.
 *
 * States: pending_confirmation → awaiting_review (confirmed: an operator checks the identity
 * proof and decides) → accepted | rejected; pending_confirmation → expired. `applied` (confirmed
 * and applied without review) is the state of requests made before identity proofs were asked.
 */
export const oppositionCases = pgTable(
  'opposition_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'company' (a sole trader's unit) or 'person' (a director's mandates). */
    kind: text('kind').notNull(),
    siren: text('siren'),
    personKey: text('person_key'),
    email: text('email').notNull(),
    reason: text('reason'),
    status: text('status').notNull().default('pending_confirmation'),
    /** Why an operator must decide (codes of src/domain/opposition.ts). */
    reviewReasons: text('review_reasons').array().notNull().default([]),
    /** SHA-256 of the confirmation link's nonce, cleared once used. */
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { mode: 'string', withTimezone: true }).notNull(),
    /** The honoured row in opposition_requests, once applied or accepted. */
    oppositionRequestId: integer('opposition_request_id'),
    createdAt: timestamp('created_at', { mode: 'string', withTimezone: true })
      .notNull()
      .defaultNow(),
    confirmedAt: timestamp('confirmed_at', { mode: 'string', withTimezone: true }),
    decidedAt: timestamp('decided_at', { mode: 'string', withTimezone: true }),
    /** How the requester proved who they are: 'document' (an uploaded identity document). */
    proofMethod: text('proof_method'),
  },
  (t) => [index('opposition_cases_status_idx').on(t.status, t.createdAt)],
);

/**
 * The identity document a requester uploaded with their request, encrypted (AES-256-GCM,
 * src/opposition/identity-document.ts): only operators read it, and the row is deleted with the
 * decision (accepted, rejected or expired).
 */
export const oppositionDocuments = pgTable('opposition_documents', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => oppositionCases.id, { onDelete: 'cascade' }),
  /** 'application/pdf', 'image/jpeg' or 'image/png', from the file's first bytes. */
  mediaType: text('media_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** 12-byte nonce, 16-byte authentication tag, and the encrypted bytes. */
  iv: bytea('iv').notNull(),
  authTag: bytea('auth_tag').notNull(),
  ciphertext: bytea('ciphertext').notNull(),
  createdAt: timestamp('created_at', { mode: 'string', withTimezone: true }).notNull().defaultNow(),
});

/** What happened to a request, who did it and when: kept for good, never updated. */
export const oppositionCaseEvents = pgTable(
  'opposition_case_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => oppositionCases.id),
    at: timestamp('at', { mode: 'string', withTimezone: true }).notNull().defaultNow(),
    /** 'requester', 'system', 'migration' or 'operator:<name>'. */
    actor: text('actor').notNull(),
    /** created, confirmed, applied, awaiting_review, accepted, rejected, expired, withdrawn. */
    action: text('action').notNull(),
    note: text('note'),
  },
  (t) => [index('opposition_case_events_case_idx').on(t.caseId, t.at)],
);
