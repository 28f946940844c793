import { boolean, char, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the search index (src/search/indexer.ts) has not caught up with. An import marks it in the
 * same transaction as its data change; the index step clears what it rebuilt in its own
 * transaction. A run killed between the two leaves the mark, and the next import run, the server's
 * start or `npm run search:reindex` rebuilds it.
 */
export const searchIndexState = pgTable('search_index_state', {
  /** One row (id 1). */
  id: smallint('id').primaryKey().default(1),
  /** Everything must be rebuilt (an initial load, or a change too wide to list). */
  fullRebuild: boolean('full_rebuild').notNull().default(false),
  updatedAt: timestamp('updated_at', { mode: 'string', withTimezone: true }).notNull().defaultNow(),
});

/** Legal units whose search rows are older than their data. */
export const searchStaleSirens = pgTable('search_stale_sirens', {
  siren: char('siren', { length: 9 }).primaryKey(),
});
