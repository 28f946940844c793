import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';

/**
 * Oppositions the read models honour. A row of `opposition_requests` exists only once a request
 * was confirmed by its requester and, where the rules ask, accepted by an operator
 * (src/opposition); a row marked 'rejected' (withdrawn by an operator) stops counting.
 */
export const HONOURED = sql`status <> 'rejected'`;

export async function isCompanyOpposed(db: Db, siren: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM opposition_requests WHERE siren = ${siren} AND person_key IS NULL AND ${HONOURED} LIMIT 1`,
  );
  return rows.length > 0;
}
