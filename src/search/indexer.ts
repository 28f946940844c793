import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';

/**
 * Size of a company for ranking, computed once at index time (see docs/SEARCH.md):
 * 2·ln(1 + open establishments) + 0.6 · headcount band rank (0–14) + category (GE 3, ETI 2, PME 1).
 */
const POPULARITY = sql.raw(`(
  2 * ln(1 + greatest(c.open_establishments, 0))
  + 0.6 * coalesce(array_position(
      ARRAY['01','02','03','11','12','21','22','31','32','41','42','51','52','53'], c.headcount_band), 0)
  + CASE c.category WHEN 'GE' THEN 3 WHEN 'ETI' THEN 2 WHEN 'PME' THEN 1 ELSE 0 END
)::real`);

/** NAF division → section letter (NAF rév. 2). */
const NAF_SECTION = sql.raw(`CASE
  WHEN c.naf_code IS NULL OR c.naf_code !~ '^[0-9]{2}' THEN NULL
  ELSE (SELECT s FROM (VALUES
    (1,'A'),(5,'B'),(10,'C'),(35,'D'),(36,'E'),(41,'F'),(45,'G'),(49,'H'),(55,'I'),(58,'J'),
    (64,'K'),(68,'L'),(69,'M'),(77,'N'),(84,'O'),(85,'P'),(86,'Q'),(90,'R'),(94,'S'),(97,'T'),(99,'U')
  ) v(d, s) WHERE v.d <= left(c.naf_code, 2)::int ORDER BY v.d DESC LIMIT 1)
END`);

/** Spec: the main director is picked by a priority of role labels. */
const ROLE_PRIORITY = sql.raw(`CASE
  WHEN search_fold(d.role_label) LIKE 'president%' THEN 1
  WHEN search_fold(d.role_label) LIKE 'directeur general%' THEN 2
  WHEN search_fold(d.role_label) LIKE '%gerant%' THEN 3
  WHEN search_fold(d.role_label) LIKE 'entrepreneur%' THEN 4
  WHEN search_fold(d.role_label) LIKE 'administrateur%' THEN 5
  WHEN search_fold(d.role_label) LIKE 'liquidateur%' THEN 6
  ELSE 9 END`);

/** A natural person under partial diffusion, or one who asked to be hidden, is never found by name. */
const NAME_HIDDEN = sql.raw(`(c.is_natural_person AND (c.diffusion <> 'O' OR EXISTS (
  SELECT 1 FROM opposition_requests o WHERE o.siren = c.siren AND o.status <> 'rejected')))`);

export type RebuildStats = {
  companies: number;
  names: number;
  postings: number;
  directors: number;
};

/**
 * Rebuilds the whole search read model from the registry tables, in one transaction (readers
 * keep the previous index until it commits). Called at the end of the sample seed and after
 * every CLI import (docs/SEARCH.md).
 */
export async function rebuildSearchIndex(db: Db): Promise<RebuildStats> {
  const steps: SQL[] = [
    sql`TRUNCATE search_companies, search_names, search_postings, search_vocabulary, search_directors RESTART IDENTITY`,
    sql`INSERT INTO search_companies
      SELECT c.siren,
        CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE c.name END,
        CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE c.sigle END,
        c.diffusion, c.is_natural_person, c.status, c.legal_form_code, c.naf_code,
        ${NAF_SECTION},
        h.siret,
        CASE WHEN c.diffusion = 'O' THEN h.postcode END,
        h.commune_code, h.commune_name,
        CASE WHEN h.commune_code LIKE '97%' THEN left(h.commune_code, 3)
             WHEN h.commune_code IS NOT NULL THEN left(h.commune_code, 2)
             WHEN h.postcode ~ '^97' THEN left(h.postcode, 3)
             WHEN h.postcode ~ '^20' THEN NULL
             ELSE left(h.postcode, 2) END,
        c.creation_date, c.headcount_band, c.category, c.capital_amount,
        f.revenue, f.net_result, f.fiscal_year,
        c.open_establishments,
        md.label, md.role_label,
        ${POPULARITY}
      FROM companies c
      LEFT JOIN establishments h ON h.siret = c.siren || c.head_office_nic
      LEFT JOIN LATERAL (
        SELECT revenue, net_result, fiscal_year FROM financials x
        WHERE x.siren = c.siren ORDER BY x.closing_date DESC LIMIT 1
      ) f ON true
      LEFT JOIN LATERAL (
        SELECT initcap(split_part(d.first_names, ' ', 1)) || ' ' || upper(coalesce(d.usage_name, d.last_name)) AS label,
          d.role_label
        FROM directors d
        WHERE d.siren = c.siren AND d.kind = 'person' AND d.last_name IS NOT NULL AND d.end_date IS NULL
          AND NOT EXISTS (SELECT 1 FROM opposition_requests o
                          WHERE o.person_key = d.person_key AND o.status <> 'rejected')
        ORDER BY ${ROLE_PRIORITY}, d.start_date NULLS LAST, d.id
        LIMIT 1
      ) md ON true`,
    sql`INSERT INTO search_names (siren, siret, kind, label, key, joined, raw, tokens, popularity)
      SELECT DISTINCT ON (siren, key) siren, siret, kind, label, key, replace(key, ' ', ''),
        search_raw(label), string_to_array(key, ' '), popularity
      FROM (
        SELECT s.siren, v.siret, v.kind, v.label, search_fold(v.label) AS key, s.popularity, v.rank
        FROM search_companies s
        JOIN companies c ON c.siren = s.siren
        CROSS JOIN LATERAL (
          SELECT NULL::char(14) AS siret, 'name' AS kind, c.name AS label, 1 AS rank
          UNION ALL SELECT NULL, 'sigle', c.sigle, 2
          UNION ALL SELECT NULL, 'other', o, 3 FROM unnest(c.other_names) o
          UNION ALL SELECT NULL, 'person', concat_ws(' ', c.first_names, c.usage_name), 4
            WHERE c.is_natural_person AND c.usage_name IS NOT NULL
          UNION ALL SELECT NULL, 'person', concat_ws(' ', c.first_names, c.last_name), 4
            WHERE c.is_natural_person AND c.last_name IS NOT NULL
        ) v
        WHERE s.name IS NOT NULL AND v.label IS NOT NULL
        UNION ALL
        SELECT s.siren, e.siret, 'sign', sg, search_fold(sg), s.popularity, 5
        FROM search_companies s
        JOIN establishments e ON e.siren = s.siren
        CROSS JOIN LATERAL unnest(e.signs) sg
        WHERE s.name IS NOT NULL AND sg IS NOT NULL
      ) n
      WHERE key <> ''
      ORDER BY siren, key, rank, siret`,
    sql`INSERT INTO search_postings (token, popularity, name_id)
      SELECT DISTINCT t, n.popularity, n.id FROM search_names n CROSS JOIN LATERAL unnest(n.tokens) t`,
    sql`INSERT INTO search_vocabulary (token, frequency)
      SELECT token, count(*) FROM search_postings GROUP BY token`,
    sql`INSERT INTO search_directors
        (id, siren, last_name, first_names, birth_year, birth_month, role_label, last_key, tokens,
         person_key, popularity)
      SELECT d.id, d.siren, d.last_name, d.first_names, d.birth_year, d.birth_month, d.role_label,
        search_fold(d.last_name),
        string_to_array(search_fold(concat_ws(' ', d.last_name, d.usage_name, d.first_names)), ' '),
        search_fold(d.last_name) || '|' || coalesce(search_fold(d.first_names), '') || '|'
          || coalesce(d.birth_year::text, '') || '-' || coalesce(d.birth_month::text, ''),
        s.popularity
      FROM directors d
      JOIN search_companies s ON s.siren = d.siren
      WHERE d.kind = 'person' AND d.last_name IS NOT NULL AND search_fold(d.last_name) <> ''
        AND NOT EXISTS (SELECT 1 FROM opposition_requests o
                        WHERE o.person_key = d.person_key AND o.status <> 'rejected')`,
    sql`ANALYZE search_companies, search_names, search_postings, search_vocabulary, search_directors`,
  ];
  await db.transaction(async (tx) => {
    for (const step of steps) await tx.execute(step);
  });
  const [counts] = await queryRows<RebuildStats>(
    db,
    sql`SELECT (SELECT count(*) FROM search_companies)::int AS companies,
      (SELECT count(*) FROM search_names)::int AS names,
      (SELECT count(*) FROM search_postings)::int AS postings,
      (SELECT count(*) FROM search_directors)::int AS directors`,
  );
  return counts!;
}
