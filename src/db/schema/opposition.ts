import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Opposition requests as they go through their checks (src/opposition): submitted, confirmed by
 * the requester's e-mail, then applied at once or decided by an operator. Applying one writes the
 * row of `opposition_requests` (src/db/schema/registry.ts) that the read models honour; nothing in
 * this table hides anything by itself.
 *
 * States: pending_confirmation → applied (confirmed, nothing to review) | awaiting_review
 * (confirmed, an operator decides) → accepted | rejected; pending_confirmation → expired.
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
    /** Why an operator must decide (codes of src/domain/opposition.ts); empty: applied on confirmation. */
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
  },
  (t) => [index('opposition_cases_status_idx').on(t.status, t.createdAt)],
);

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
