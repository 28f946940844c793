/**
 * The statements that fill the search tables (but the vocabulary) from the registry, for the legal
 * units in scope, and the SQL fragments they compute (geo cell, popularity, NAF section, labels,
 * role priority, hidden names). indexer.ts runs them, for a full rebuild or an update.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GRID_ROW, GRID_STEP } from './geo/grid';
import { COMPANY_STATE, departmentOfCommuneSql } from '@/domain/sql-fragments';
import { companyOpposed, personOpposed } from '@/registry/opposition';

/** geoCell (src/search/geo/grid.ts) in SQL, on the head office's coordinates. */
const GEO_CELL_SQL = sql.raw(
  `(floor((h.latitude + 90) * ${GRID_STEP})::int * ${GRID_ROW} + floor((h.longitude + 180) * ${GRID_STEP})::int)`,
);

/**
 * Size of a company for ranking, computed once at index time (see docs/SEARCH.md):
 * 2·ln(1 + open establishments) + 0.6 · headcount band rank (0–14) + category (GE 3, ETI 2, PME 1)
 * + 5 when active (so that one index order serves searches by filters alone). `st.state` is the
 * company's state (COMPANY_STATE, joined laterally in the fill statement).
 */
const POPULARITY = sql.raw(`(
  2 * ln(1 + greatest(coalesce(c.stated_open_establishments, c.open_establishments), 0))
  + 0.6 * coalesce(array_position(
      ARRAY['01','02','03','11','12','21','22','31','32','41','42','51','52','53'], c.headcount_band), 0)
  + CASE c.category WHEN 'GE' THEN 3 WHEN 'ETI' THEN 2 WHEN 'PME' THEN 1 ELSE 0 END
  + CASE WHEN st.state = 'active' THEN 5 ELSE 0 END
)::real`);

/** NAF division → section letter (NAF rév. 2). */
const NAF_SECTION = sql.raw(`CASE WHEN c.naf_code ~ '^[0-9]{2}' THEN (
  SELECT CASE WHEN v < 5 THEN 'A' WHEN v < 10 THEN 'B' WHEN v < 35 THEN 'C' WHEN v < 36 THEN 'D'
    WHEN v < 41 THEN 'E' WHEN v < 45 THEN 'F' WHEN v < 49 THEN 'G' WHEN v < 55 THEN 'H' WHEN v < 58 THEN 'I'
    WHEN v < 64 THEN 'J' WHEN v < 68 THEN 'K' WHEN v < 69 THEN 'L' WHEN v < 77 THEN 'M' WHEN v < 84 THEN 'N'
    WHEN v < 85 THEN 'O' WHEN v < 86 THEN 'P' WHEN v < 90 THEN 'Q' WHEN v < 94 THEN 'R' WHEN v < 97 THEN 'S'
    WHEN v < 99 THEN 'T' ELSE 'U' END FROM (SELECT left(c.naf_code, 2)::int AS v) x) END`);

/**
 * The labels a company's own SIRENE fields and agreements give (the API's flags), in sorted order;
 * `agr` is its agreements (the fill statement's join).
 */
const FLAG_LABELS = sql.raw(`array_remove(ARRAY[
    CASE WHEN c.legal_form_code LIKE '92%' OR c.legal_form_code = '5195' THEN 'association' END,
    CASE WHEN agr.siren IS NOT NULL THEN 'convention-collective' END,
    CASE WHEN c.legal_form_code = '1000' THEN 'entrepreneur-individuel' END,
    CASE WHEN c.ess THEN 'ess' END,
    CASE WHEN c.mission_company THEN 'societe-mission' END,
    -- Declared « N » (not unknown): the drop-in's est_societe_mission=false.
    CASE WHEN c.mission_company = false THEN 'societe-mission-non' END]::text[], NULL)`);

/**
 * Spec: the main director is picked by a priority of role labels. Same order as
 * `directorPriority` in src/registry/directors.ts, so that a results row and the company page
 * name the same person; statutory auditors never.
 */
const ROLE_PRIORITY = sql.raw(`(SELECT CASE
  WHEN r ~ 'commissaire aux comptes|controleur' THEN 99
  WHEN r ~ 'president.*directeur general|^pdg$' THEN 0
  WHEN r ~ 'directeur general(?! delegu)' THEN 1
  WHEN r ~ '^president(?! du conseil de surveillance)' THEN 2
  WHEN r ~ 'gerant' THEN 3
  WHEN r ~ 'directeur general delegu' THEN 4
  WHEN r ~ 'president' THEN 5
  WHEN r ~ 'administrateur' THEN 6
  WHEN r ~ 'entrepreneur|exploitant' THEN 7
  WHEN r ~ 'liquidateur|mandataire|administrateur judiciaire' THEN 8
  WHEN r ~ 'dirigeant|representant|associe' THEN 9
  ELSE 10 END FROM (SELECT search_base_fold(coalesce(d.role_label, '')) AS r) x)`);

/** A natural person under partial diffusion, or one who asked to be hidden, is never found by name. */
const NAME_HIDDEN = sql`(c.is_natural_person AND (c.diffusion <> 'O' OR ${companyOpposed(sql`c.siren`)}))`;

/** A search_names row's words (`n`): its folded key split on its spaces (indexer and update). */
export const NAME_TOKENS = sql.raw(`string_to_array(n.key, ' ')`);

/**
 * Where the fill statements write and read (an incremental update computes the new rows of the
 * companies and of their names into temporary tables first, then writes only those that differ).
 */
export type FillTables = {
  /** Target of the companies' rows. */
  companies: string;
  /** Where the names (and the mandates) read the companies' rows. */
  companiesFrom: string;
  /** Target of the names' rows. */
  names: string;
};

const SEARCH_TABLES: FillTables = {
  companies: 'search_companies',
  companiesFrom: 'search_companies',
  names: 'search_names',
};

/** The statements that fill the search tables (but the vocabulary) for the legal units in scope. */
export function fillSteps(
  inScope: (column: string) => SQL,
  tables: FillTables = SEARCH_TABLES,
): SQL[] {
  const companies = sql.raw(tables.companies);
  const from = sql.raw(tables.companiesFrom);
  return [
    // Columns named: migrations add columns at the end of the table, not where the schema lists them.
    sql`INSERT INTO ${companies} (siren, name, sigle, diffusion, is_natural_person, status, state,
        ceased_date, strike_off_date, legal_form_code, naf_code, naf_section, head_office_siret,
        postcode, commune_code, commune_name, department, creation_date, headcount_band, category,
        capital_amount, revenue, net_result, fiscal_year, open_establishments, main_director,
        popularity, labels, idcc, latitude, longitude, geo_cell, label_ids, colter_code,
        address_source, activity_text, activity_source)
      WITH fin AS (
        -- One series, as headlineYears: company accounts, else consolidated, else untyped.
        SELECT DISTINCT ON (siren) siren, revenue, net_result, fiscal_year FROM financials
        WHERE ${inScope('siren')}
        ORDER BY siren, CASE WHEN accounts_type NOT IN ('K', '') THEN 0
                             WHEN accounts_type = 'K' THEN 1 ELSE 2 END, closing_date DESC
      ),
      -- The side tables (labels, agreements, identifiers, local authorities) hold a few companies
      -- each: read once and grouped by SIREN, joined by hash, rather than probed for every
      -- company (10 index probes per company, ≈ 10 min at 29 M).
      lab AS (
        SELECT siren, array_agg(DISTINCT label) AS labels FROM company_labels
        WHERE ${inScope('siren')} GROUP BY siren
      ), agr AS (
        SELECT siren, array_agg(DISTINCT idcc ORDER BY idcc) AS idcc FROM (
          SELECT siren, idcc FROM establishment_agreements WHERE ${inScope('siren')}
          UNION ALL SELECT siren, idcc FROM company_agreements WHERE ${inScope('siren')}) a
        GROUP BY siren
      ), ids AS (
        -- Identifiers (id_finess, id_uai, id_rge): the producers' lists and the Annuaire's answers.
        SELECT siren, array_agg(DISTINCT id ORDER BY id) AS ids FROM (
          SELECT i.siren, i.kind || ':' || i.identifier AS id FROM label_identifiers i
          WHERE ${inScope('i.siren')}
          UNION ALL SELECT l.siren, m.kind || ':' || x.id FROM company_labels l
            CROSS JOIN LATERAL (VALUES ('liste_finess', 'finess-geo'), ('liste_uai', 'uai'),
                                       ('liste_rge', 'rge')) AS m(list, kind)
            CROSS JOIN LATERAL jsonb_array_elements_text(
              CASE WHEN jsonb_typeof(l.detail -> m.list) = 'array' THEN l.detail -> m.list
                   ELSE '[]'::jsonb END) AS x(id)
            WHERE l.source = 'recherche-entreprises' AND ${inScope('l.siren')}) i
        GROUP BY siren
      ), colter AS (
        SELECT siren, min(code) AS code FROM local_authorities WHERE ${inScope('siren')} GROUP BY siren
      ), colter_label AS (
        SELECT DISTINCT ON (siren) siren, detail ->> 'code' AS code FROM company_labels
        WHERE label = 'collectivite-territoriale' AND detail ->> 'code' IS NOT NULL
          AND ${inScope('siren')}
        ORDER BY siren, source
      ), md AS (
        -- The main director: the same rule as pickMainDirector (src/registry/directors.ts): the
        -- current directors (all when none is), of the best source among them, statutory
        -- auditors never, the best-ranked role in the source's order. Its row is kept, and the
        -- results print it with the page's own formatter (directorLabel).
        SELECT DISTINCT ON (siren) siren, jsonb_build_object('kind', kind,
            'first_names', first_names, 'last_name', last_name, 'usage_name', usage_name,
            'company_name', company_name, 'role_label', role_label, 'role_code', role_code) AS director
        FROM (
          SELECT y.*, count(*) OVER (PARTITION BY y.siren) AS pool_size FROM (
            SELECT x.*, min(x.src_rank) OVER (PARTITION BY x.siren) AS best_src FROM (
              SELECT d.*, bool_or(d.end_date IS NULL) OVER (PARTITION BY d.siren) AS any_current,
                ${ROLE_PRIORITY} AS rank
              FROM (SELECT d.*, CASE d.source WHEN 'rne' THEN 1 WHEN 'recherche-entreprises' THEN 2
                                  WHEN 'bodacc' THEN 3 ELSE 4 END AS src_rank
                    FROM directors d WHERE ${inScope('d.siren')}
                      AND NOT ${personOpposed(sql`d.person_key`)}) d
            ) x WHERE x.end_date IS NULL OR NOT x.any_current
          ) y WHERE y.src_rank = y.best_src
        ) z
        WHERE z.pool_size = 1 OR z.rank IN (0, 1, 2, 3, 4, 5, 7, 8)
        ORDER BY siren, CASE WHEN z.pool_size = 1 THEN 0 ELSE z.rank END,
          CASE WHEN split_part(z.id, ':', 3) ~ '^[0-9]+$' THEN split_part(z.id, ':', 3)::int END NULLS LAST
      )
      SELECT c.siren,
        CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE c.name END,
        CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE c.sigle END,
        c.diffusion, c.is_natural_person,
        CASE st.state WHEN 'active' THEN 'A' WHEN 'unknown' THEN 'U' ELSE 'C' END,
        st.state, c.ceased_date, c.rcs_strike_off_date, c.legal_form_code, c.naf_code,
        ${NAF_SECTION},
        h.siret,
        CASE WHEN c.diffusion = 'O' THEN addr.postcode END,
        addr.commune_code, addr.commune_name,
        CASE WHEN addr.commune_code IS NOT NULL THEN ${departmentOfCommuneSql(sql`addr.commune_code`)}
             WHEN addr.postcode ~ '^97' THEN left(addr.postcode, 3)
             WHEN addr.postcode ~ '^20' THEN NULL
             ELSE left(addr.postcode, 2) END,
        c.creation_date, c.headcount_band, c.category, c.capital_amount,
        f.revenue, f.net_result, f.fiscal_year,
        coalesce(c.stated_open_establishments, c.open_establishments),
        -- A hidden sole trader's director is the person: the page lists none either.
        CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE md.director END,
        ${POPULARITY},
        -- The labels of every source, and the API's flags read from SIRENE itself (ESS, mission,
        -- sole trader, association) and from the agreements (convention collective renseignée):
        -- distinct and sorted. The flags are listed in that order already: a company with no
        -- label of a source (nearly all of them) needs no sort.
        CASE WHEN lab.labels IS NULL THEN ${FLAG_LABELS}
             ELSE ARRAY(SELECT DISTINCT x FROM unnest(lab.labels || ${FLAG_LABELS}) x ORDER BY 1) END,
        coalesce(agr.idcc, '{}'),
        h.latitude, h.longitude, ${GEO_CELL_SQL},
        coalesce(ids.ids, '{}'),
        coalesce(colter.code, colter_label.code),
        addr.source,
        CASE WHEN c.naf_code IS NULL THEN c.activity_description END,
        CASE WHEN c.naf_code IS NULL AND c.activity_description IS NOT NULL
             THEN coalesce(c.field_sources->'activity_description'->>'source', 'bodacc') END
      FROM companies c
      CROSS JOIN LATERAL (SELECT ${COMPANY_STATE} AS state) st
      -- Typed as the key (char(14), not text): a join on the establishments' primary key, with a
      -- row estimate (the text expression had none: 7 billion rows estimated at 1 M).
      LEFT JOIN establishments h ON h.siret = (c.siren || c.head_office_nic)::char(14)
      -- The head office establishment's address; without one, the address another source states
      -- (a BODACC notice), with its source: the results show it and the department filter finds it.
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.notice THEN c.head_office_address->>'postcode' ELSE h.postcode END AS postcode,
          CASE WHEN x.notice THEN c.head_office_address->>'communeCode' ELSE h.commune_code END AS commune_code,
          CASE WHEN x.notice THEN c.head_office_address->>'communeName' ELSE h.commune_name END AS commune_name,
          CASE WHEN x.notice THEN coalesce(c.field_sources->'head_office_address'->>'source', 'bodacc') END AS source
        FROM (SELECT h.siret IS NULL AND c.head_office_address IS NOT NULL AS notice) x
      ) addr
      LEFT JOIN fin f ON f.siren = c.siren
      LEFT JOIN md ON md.siren = c.siren
      LEFT JOIN lab ON lab.siren = c.siren
      LEFT JOIN agr ON agr.siren = c.siren
      LEFT JOIN ids ON ids.siren = c.siren
      LEFT JOIN colter ON colter.siren = c.siren
      LEFT JOIN colter_label ON colter_label.siren = c.siren
      WHERE ${inScope('c.siren')}`,
    // Set-based (no per-company subquery): the name of every findable company, then the rarer
    // variants joined in. A variant equal to the name is skipped rather than deduplicated by a sort.
    // The name's words and joined key are not stored: both are `key`'s (split on its spaces,
    // without them), derived where needed (postings below, the joined key's index, the ranking).
    // Each label is folded once (issue 40): its base fold (unaccent, lower case) feeds both the key
    // and the raw form; OFFSET 0 keeps the planner from copying the expressions into each use.
    sql`INSERT INTO ${sql.raw(tables.names)} (siren, siret, kind, label, key, raw, popularity, department)
      SELECT siren, siret, kind, label, key, search_raw_of_base(base), popularity, department
      FROM (
        SELECT b.*, search_fold_of_base(b.base) AS key FROM (
        SELECT v.siren, v.siret, v.kind, v.label, search_base_fold(v.label) AS base, v.popularity, v.department
        FROM (
          SELECT s.siren, NULL::char(14) AS siret, 'name' AS kind, s.name AS label, s.popularity, s.department
          FROM ${from} s WHERE s.name IS NOT NULL AND ${inScope('s.siren')}
          UNION ALL
          SELECT s.siren, NULL, 'sigle', s.sigle, s.popularity, s.department
          FROM ${from} s
          WHERE s.name IS NOT NULL AND s.sigle IS NOT NULL AND upper(s.sigle) <> upper(s.name)
            AND ${inScope('s.siren')}
          UNION ALL
          SELECT DISTINCT s.siren, NULL::char(14), 'other', o, s.popularity, s.department
          FROM companies c JOIN ${from} s ON s.siren = c.siren
          CROSS JOIN LATERAL unnest(c.other_names) o
          WHERE cardinality(c.other_names) > 0 AND s.name IS NOT NULL AND upper(o) <> upper(s.name)
            AND ${inScope('s.siren')}
          UNION ALL
          SELECT DISTINCT s.siren, NULL::char(14), 'person', concat_ws(' ', c.first_names, x.n), s.popularity, s.department
          FROM companies c JOIN ${from} s ON s.siren = c.siren
          CROSS JOIN LATERAL unnest(ARRAY[c.usage_name, c.last_name]) x(n)
          WHERE c.is_natural_person AND s.name IS NOT NULL AND x.n IS NOT NULL
            AND upper(concat_ws(' ', c.first_names, x.n)) <> upper(s.name) AND ${inScope('s.siren')}
          UNION ALL
          SELECT * FROM (
            SELECT DISTINCT ON (e.siren, upper(sg)) e.siren, e.siret, 'sign', sg, s.popularity, s.department
            FROM establishments e JOIN ${from} s ON s.siren = e.siren
            CROSS JOIN LATERAL unnest(e.signs) sg
            WHERE cardinality(e.signs) > 0 AND s.name IS NOT NULL AND sg IS NOT NULL AND upper(sg) <> upper(s.name)
              AND ${inScope('s.siren')}
            ORDER BY e.siren, upper(sg), e.siret
          ) signs
        ) v
        WHERE v.label IS NOT NULL
        OFFSET 0) b
        OFFSET 0) n
      WHERE key <> ''
      -- The ids in a set order (issue 40): a full rebuild fills search_companies on two
      -- connections, in no set physical order; the ids break ties between names of equal
      -- popularity, and a rebuild of the same data must rank them the same way.
      ORDER BY siren, kind, label, siret`,
    sql`INSERT INTO search_postings (token, popularity, name_id, department)
      SELECT x.t, n.popularity, n.id, n.department FROM search_names n
      CROSS JOIN LATERAL (SELECT DISTINCT t FROM unnest(${NAME_TOKENS}) t) x
      WHERE ${inScope('n.siren')}`,
    sql`INSERT INTO search_directors
        (id, siren, last_name, first_names, birth_year, birth_month, role_label, last_key, tokens,
         person_key, popularity)
      SELECT id, siren, last_name, first_names, birth_year, birth_month, role_label, last_key,
        string_to_array(btrim(concat_ws(' ', last_key, usage_key, first_key)), ' '),
        last_key || '|' || coalesce(split_part(first_key, ' ', 1), '') || '|' || coalesce(birth_year::text, '') || '-'
          || coalesce(birth_month::text, ''),
        popularity
      FROM (
        SELECT d.id, d.siren, d.last_name, d.first_names, d.birth_year, d.birth_month, d.role_label,
          search_fold(d.last_name) AS last_key, nullif(search_fold(d.usage_name), '') AS usage_key,
          nullif(search_fold(d.first_names), '') AS first_key, s.popularity
        FROM directors d
        JOIN search_companies s ON s.siren = d.siren
        WHERE d.kind = 'person' AND d.last_name IS NOT NULL AND ${inScope('d.siren')}
          AND NOT ${personOpposed(sql`d.person_key`)}
      ) x
      WHERE last_key <> ''
      -- Stored by name: a person's mandates and their homonyms' share a few heap pages, so a
      -- name with a birth range reads them together (nom_personne=martin + dates at 5 M: 409
      -- blocks instead of 16,227 scattered ones, 28 ms instead of 1,008 ms from a cold cache).
      ORDER BY last_key, first_key, siren`,
  ];
}
