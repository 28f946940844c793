import { sql, type SQL } from 'drizzle-orm';

/**
 * Oppositions the read models honour. A row of `opposition_requests` exists only once a request
 * was confirmed by its requester and, where the rules ask, accepted by an operator
 * (src/opposition); a row marked 'rejected' (withdrawn by an operator) stops counting.
 */
export const HONOURED = sql`status <> 'rejected'`;

/**
 * The rule for a company-wide opposition (a sole trader's unit): an honoured request on the SIREN
 * with no person. `siren` is a value or a column (`sql\`c.siren\``). The company profile reads it;
 * there is no other copy.
 */
export const companyOpposed = (siren: SQL | string) =>
  sql`EXISTS (SELECT 1 FROM opposition_requests o
                  WHERE o.siren = ${siren} AND o.person_key IS NULL AND ${HONOURED})`;
