import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/**
 * Runs read queries under a statement timeout (a transaction with SET LOCAL), so an optional or
 * unbounded listing costs a page a section, never its response time.
 */
export function withStatementTimeout<T>(
  db: Db,
  ms: number,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ms))}`));
    return run(tx as unknown as Db);
  });
}
