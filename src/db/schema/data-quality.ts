import { char, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One side of a contradiction: what a source says, and the date of that statement. */
export type ContradictionSide = { source: string; value: string | null; date: string | null };

/**
 * Where two official sources contradict each other about one company (src/ingest/contradictions.ts):
 * one row per company and rule, recomputed after each import for the SIRENs it changed. Public:
 * shown on the company page with both sources and their dates, a search filter, a hub count.
 */
export const companyContradictions = pgTable(
  'company_contradictions',
  {
    siren: char('siren', { length: 9 }).notNull(),
    /** A rule id of src/domain/contradictions.ts. */
    rule: text('rule').notNull(),
    /** The two (or more) sides, each with its source and date. */
    sides: jsonb('sides').$type<ContradictionSide[]>().notNull(),
    detectedAt: timestamp('detected_at', { mode: 'string', withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siren, t.rule] }),
    index('company_contradictions_rule_idx').on(t.rule),
  ],
);

/**
 * What a source other than SIRENE states about a fact the contradiction rules compare, kept even
 * when a stronger source owns the company's column (the RNE's head office, the capital of the
 * latest BODACC notice): one row per company, source and claim, the newest statement winning.
 */
export const sourceClaims = pgTable(
  'source_claims',
  {
    siren: char('siren', { length: 9 }).notNull(),
    source: text('source').notNull(),
    /** 'capital' (amount in the currency unit, as text) or 'head_office_siret'. */
    claim: text('claim').notNull(),
    value: text('value'),
    /** The source's own date for the statement (ISO date). */
    date: text('date'),
  },
  (t) => [primaryKey({ columns: [t.siren, t.source, t.claim] })],
);
