import { sql, type SQL } from 'drizzle-orm';

/**
 * Oppositions the read models honour (rows `o` of `opposition_requests`). A row exists only once a
 * request was confirmed by its requester and, where the rules ask, accepted by an operator
 * (src/opposition); a row marked 'rejected' (withdrawn by an operator) stops counting.
 */
const HONOURED = sql`o.status <> 'rejected'`;

/**
 * The rule for a company-wide opposition (a sole trader's unit): an honoured request on the SIREN
 * with no person. `siren` is a value or a column (`sql\`c.siren\``). The company profile, the
 * listings (LISTABLE) and the tests read this one copy.
 */
export const companyOpposed = (siren: SQL | string) =>
  sql`EXISTS (SELECT 1 FROM opposition_requests o
                  WHERE o.siren = ${siren} AND o.person_key IS NULL AND ${HONOURED})`;

/** The rule for a person's opposition: an honoured request on their person key. */
export const personOpposed = (personKey: SQL) =>
  sql`EXISTS (SELECT 1 FROM opposition_requests o WHERE o.person_key = ${personKey} AND ${HONOURED})`;

/**
 * Companies (`c.`) whose name may be listed: not a protected natural person, and no company-wide
 * opposition honoured.
 */
export const LISTABLE = sql`(c.diffusion = 'O' OR NOT c.is_natural_person)
  AND NOT ${companyOpposed(sql`c.siren`)}`;
