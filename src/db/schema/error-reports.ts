import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * « Signaler une erreur » reports from the company page (src/error-reports): the section, the
 * field (codes of src/domain/error-reports.ts), what the visitor says, and where they think the
 * error is. `open` reports wait for an operator (`npm run ops -- reports:list`); `redirected`
 * ones were sent to the administration holding the data; an operator closes an open one as
 * `resolved` or `rejected` with a reply, mailed to the reporter when they left an address.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siren: text('siren').notNull(),
    section: text('section').notNull(),
    field: text('field').notNull(),
    /** Who holds the field: a DataHolder of src/domain/error-reports.ts. */
    holder: text('holder').notNull(),
    /** 'site' (our processing) or 'registry' (the source), as the visitor said. */
    origin: text('origin').notNull(),
    message: text('message').notNull(),
    email: text('email'),
    status: text('status').notNull(),
    reply: text('reply'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { mode: 'string', withTimezone: true })
      .notNull()
      .defaultNow(),
    decidedAt: timestamp('decided_at', { mode: 'string', withTimezone: true }),
  },
  (t) => [index('error_reports_status_idx').on(t.status, t.createdAt)],
);
