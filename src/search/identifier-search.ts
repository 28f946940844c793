/** A search by SIREN, SIRET or VAT number (src/search/companies.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { formatSiret } from '@/domain/siren';
import type { CompanyResult, Ranked } from './company-results';
import { filtersSql, type ResolvedScope, type SearchFilters } from './filters';
import type { ParsedQuery } from './query';
import { scoped } from './scope';

/**
 * A SIREN, SIRET or VAT number: its company, with the establishment a SIRET names. A company
 * known only from its establishments (no legal-unit record yet: it has a page, built from them)
 * is found too, without a name when its establishments are not public.
 */
export async function identifierLookup(
  db: Db,
  q: Exclude<ParsedQuery, { kind: 'name' }>,
  filters: SearchFilters,
  scope: ResolvedScope,
): Promise<Ranked> {
  const siren = q.kind === 'siret' ? q.siret.slice(0, 9) : q.siren;
  const siret = q.kind === 'siret' ? q.siret : null;
  const rows = await queryRows<{ siren: string; siret: string | null }>(
    db,
    sql`SELECT c.siren, e.siret FROM search_companies c
      LEFT JOIN establishments e ON e.siret = ${siret} AND e.siren = c.siren
      WHERE c.siren = ${siren} AND ${filtersSql(filters, scope)}`,
  );
  const matched = (r: { siret: string | null }): CompanyResult['matched'] =>
    r.siret
      ? { kind: 'establishment', label: `SIRET ${formatSiret(r.siret)}`, siret: r.siret }
      : null;
  if (rows.length || scoped(filters, scope))
    return rows.map((r) => ({ siren: r.siren, matched: matched(r) }));
  const [known] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM search_companies WHERE siren = ${siren}`,
  );
  if (known?.n) return [];
  const orphans = await queryRows<{ siret: string }>(
    db,
    sql`SELECT siret FROM establishments WHERE siren = ${siren}
      AND (${siret}::text IS NULL OR siret = ${siret}) LIMIT 1`,
  );
  return orphans.length
    ? [{ siren, matched: siret ? matched({ siret: orphans[0]!.siret }) : null }]
    : [];
}
