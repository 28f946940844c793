import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * Waits until the replica has replayed everything the primary has flushed so far (every commit
 * made with synchronous_commit on, the default), up to `timeoutMs`; true when it has. The change
 * feed calls it before dropping cached pages, so that a page rendered again from the replica
 * shows the import that announced the change, not the data before it.
 */
export async function waitForReplica(
  primary: Db,
  replica: Db,
  timeoutMs = 30_000,
  pollMs = 100,
): Promise<boolean> {
  const [target] = await queryRows<{ lsn: string }>(
    primary,
    sql`SELECT pg_current_wal_flush_lsn()::text AS lsn`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ done: boolean | null }>(
      replica,
      // Not in recovery: the reads fell back to the primary (src/db/read-pool.ts), nothing to wait for.
      sql`SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= ${target!.lsn}::pg_lsn AS done`,
    );
    if (row?.done) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
