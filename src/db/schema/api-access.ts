import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * API keys (src/api-access): created and revoked by their owner in /mon-compte. The secret is shown
 * once; only its SHA-256 is kept (`token_hash`), with the first characters (`prefix`) so that the
 * owner can tell the keys apart. A revoked key stays (its usage history with it) and answers 401.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `rg_live_` and the secret's first 4 characters, shown in the list. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/** Quota units spent per key and day (UTC), added in batches by the API gate. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests')
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);
