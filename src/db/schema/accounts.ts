import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts (src/accounts). The first four tables are Better Auth's (user, session, account,
 * verification), written by hand because its CLI fails on Node 20: the JS keys are the field
 * names Better Auth uses, the columns follow our snake_case.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** When the address was verified (the API's `email_verified_at`). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  image: text('image'),
  /** 'user' or 'operator' (moderation tools). Never settable through the API. */
  role: text('role').$type<'user' | 'operator'>().notNull().default('user'),
  /** The onboarding and profile fields of the company-data form (spec section 5). */
  profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Better Auth's "account": credentials of a user (here the scrypt password hash). */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

/** Better Auth's verification values: e-mail verification, reset and magic tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export type AlertMode = 'immediate' | 'daily' | 'none';

/** Followed lists (spec section 3 "Followed list"): a user's named lists of companies. */
export const followedLists = pgTable(
  'followed_lists',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alertMode: text('alert_mode').$type<AlertMode>().notNull().default('daily'),
    /** Last company event already mailed for this list (alerts never go twice). */
    lastAlertedEventId: bigint('last_alerted_event_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('followed_lists_user_name_idx').on(t.userId, t.name)],
);

export const followedCompanies = pgTable(
  'followed_companies',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => followedLists.id, { onDelete: 'cascade' }),
    siren: char('siren', { length: 9 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.siren] }),
    index('followed_companies_siren_idx').on(t.siren),
  ],
);

/**
 * What we last knew of a followed company (src/accounts/alerts): the next import compares the new
 * state with it and records the differences as events.
 */
export const companySnapshots = pgTable('company_snapshots', {
  siren: char('siren', { length: 9 }).primaryKey(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Changes of followed companies, for the alert mails and the feed of /mon-compte. */
export const companyEvents = pgTable(
  'company_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    kind: text('kind').notNull(),
    /** Identifies the change (a notice id, a director id…): one event per change. */
    dedupeKey: text('dedupe_key').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_events_dedupe_idx').on(t.siren, t.kind, t.dedupeKey),
    index('company_events_siren_idx').on(t.siren, t.id),
  ],
);

/** Alert mails sent or being sent, by their stable id: a retried job never sends one twice. */
export const alertMails = pgTable('alert_mails', {
  id: text('id').primaryKey(),
  status: text('status').$type<'sending' | 'sent'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SavedSearchFrequency = 'daily' | 'weekly' | 'none';

/**
 * Saved searches (src/accounts/saved-searches): a results list's parameters (query and filters,
 * as the results URL writes them), mailed when new companies match. `cursor`: companies first
 * seen (`companies.first_seen_at`) after it have not been looked at yet.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The results URL's parameters, normalised (`q` and the filters only). */
    query: text('query').notNull(),
    frequency: text('frequency').$type<SavedSearchFrequency>().notNull().default('daily'),
    cursor: timestamp('cursor', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/** The new companies a saved search matched: each is mailed once (`mailed_at`). */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    siren: char('siren', { length: 9 }).notNull(),
    foundAt: timestamp('found_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('saved_search_matches_search_siren_idx').on(t.savedSearchId, t.siren)],
);

export type ClaimStatus = 'pending' | 'verified' | 'withdrawn' | 'revoked';

/**
 * Company profile claims (/profil-entreprise): a user states a role in a company; a code goes by
 * post to the registered office; the claim is verified when the user types it in. At most one
 * verified claim per company (unique partial index).
 */
export const companyClaims = pgTable(
  'company_claims',
  {
    id: serial('id').primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('pending'),
    /** SHA-256 of the code, set when the letter is generated (`npm run letters:export`). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    letterExportedAt: timestamp('letter_exported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('company_claims_user_idx').on(t.userId),
    uniqueIndex('company_claims_one_owner_idx')
      .on(t.siren)
      .where(sql`status = 'verified'`),
    /** One pending claim per company and user, even when requests race. */
    uniqueIndex('company_claims_one_pending_idx')
      .on(t.userId, t.siren)
      .where(sql`status = 'pending'`),
  ],
);

/** What a verified owner says about the company, shown only once an operator approved it. */
export const companyOwnerInfo = pgTable('company_owner_info', {
  siren: char('siren', { length: 9 }).primaryKey(),
  claimId: integer('claim_id')
    .notNull()
    .references(() => companyClaims.id, { onDelete: 'cascade' }),
  info: jsonb('info').$type<Record<string, string>>().notNull(),
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
