import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { CompanyState as Lifecycle } from '@/domain/company-state';
import { COMPANY_STATE, inList } from '@/domain/sql-fragments';

/**
 * What we keep of a followed company to tell, after the next import, what changed. Only keys and
 * labels: the registry holds the rest.
 */
export type CompanyState = {
  name: string | null;
  status: string;
  ceasedDate: string | null;
  /**
   * The company's state as its page gives it (src/domain/company-state.ts), so a strike-off and an
   * empty record are told as the page tells them. Absent from snapshots taken before it existed.
   */
  lifecycle?: Lifecycle;
  strikeOffDate?: string | null;
  headOffice: { siret: string; address: string } | null;
  /** Current mandates: stable key (person or company, and role) → display label. */
  directors: Record<string, string>;
  /** BODACC notices: id → [family, type label, publication date]. */
  notices: Record<string, [string, string, string]>;
  /** Insolvency judgments: id → [state or nature, judgment date]. */
  insolvency: Record<string, [string, string]>;
  /** Closing dates of published accounts. */
  accounts: string[];
};

type Row = { siren: string; state: CompanyState };

/** The current state of these companies, read from the registry tables in one query. */
export async function loadStates(
  db: Db,
  sirens: readonly string[],
): Promise<Map<string, CompanyState>> {
  if (!sirens.length) return new Map();
  const rows = await queryRows<Row>(
    db,
    sql`SELECT c.siren, jsonb_build_object(
          'name', c.name,
          'status', c.status,
          'ceasedDate', c.ceased_date,
          'lifecycle', ${COMPANY_STATE},
          'strikeOffDate', c.rcs_strike_off_date,
          'headOffice', (SELECT jsonb_build_object('siret', e.siret, 'address',
              concat_ws(' ', e.address_number, e.address_street_type, e.address_street, e.postcode, e.commune_name))
             FROM establishments e WHERE e.siren = c.siren AND e.is_head_office
             ORDER BY (e.status = 'A') DESC, e.siret LIMIT 1),
          'directors', coalesce((SELECT jsonb_object_agg(k, label) FROM (
              SELECT DISTINCT ON (k) k, label FROM (
                SELECT concat_ws('|', coalesce(d.person_key, d.director_siren,
                         upper(concat_ws(' ', d.last_name, d.first_names, d.company_name))),
                       coalesce(d.role_label, d.role_code, '')) AS k,
                       concat_ws(', ', nullif(trim(concat_ws(' ', d.first_names, d.last_name, d.company_name)), ''),
                         d.role_label) AS label
                FROM directors d WHERE d.siren = c.siren AND d.end_date IS NULL) x ORDER BY k) y), '{}'::jsonb),
          'notices', coalesce((SELECT jsonb_object_agg(n.id, jsonb_build_array(n.family,
              coalesce(n.type_label, ''), n.published_at)) FROM notices n WHERE n.siren = c.siren), '{}'::jsonb),
          'insolvency', coalesce((SELECT jsonb_object_agg(i.id, jsonb_build_array(
              coalesce(i.state, i.nature, ''), coalesce(i.judgment_date::text, '')))
              FROM insolvency_proceedings i WHERE i.siren = c.siren), '{}'::jsonb),
          'accounts', coalesce((SELECT jsonb_agg(DISTINCT f.closing_date) FROM financials f
              WHERE f.siren = c.siren), '[]'::jsonb)
        ) AS state
        FROM companies c WHERE ${inList(sql`c.siren`, sirens, 'char(9)')}`,
  );
  return new Map(
    rows.map((r) => [r.siren, typeof r.state === 'string' ? JSON.parse(r.state) : r.state]),
  );
}
