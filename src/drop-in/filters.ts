/**
 * The drop-in's own filters (the government API's parameters our search filters have no
 * equivalent for) as SQL conditions on search_companies aliased `c`, handed to our search as one
 * extra condition (CompanySearchInput.extraConditions). Every `est_*` works both ways: `true` the
 * companies with the flag, `false` those without (as the API's `term field:false` does).
 *
 * Where the flags come from: `c.labels` (company_labels codes, plus `ess` and `societe-mission` /
 * `societe-mission-non` from the SIRENE flags, added by the indexer), `c.legal_form_code`,
 * `c.idcc`, `c.label_ids` for the identifiers (FINESS, UAI, RGE), `c.colter_code` for the
 * collectivity, and elected_officials for its élus: the label importers' tables (drizzle 0037),
 * read through the indexer's columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '@/domain/sql-fragments';
import { foldName } from '@/search/normalize';
import type { BooleanFilter, GovParams } from './validation';

/** The label code (company_labels.label, or the indexer's own) behind each flag. */
export const FLAG_LABELS: Partial<Record<BooleanFilter, { yes: string; no?: string }>> = {
  egapro_renseignee: { yes: 'egapro' },
  est_achats_responsables: { yes: 'achats-responsables' },
  est_alim_confiance: { yes: 'alim-confiance' },
  est_bio: { yes: 'bio' },
  est_finess: { yes: 'finess' },
  est_uai: { yes: 'uai' },
  est_collectivite_territoriale: { yes: 'collectivite-territoriale' },
  est_entrepreneur_spectacle: { yes: 'entrepreneur-spectacle' },
  est_patrimoine_vivant: { yes: 'patrimoine-vivant' },
  est_ess: { yes: 'ess' },
  est_organisme_formation: { yes: 'organisme-formation' },
  est_qualiopi: { yes: 'qualiopi' },
  est_rge: { yes: 'rge' },
  est_administration: { yes: 'administration' },
  est_siae: { yes: 'siae' },
  // The API stores INSEE's O/N: `false` finds the « N », not the unknown.
  est_societe_mission: { yes: 'societe-mission', no: 'societe-mission-non' },
};

/** A sole trader: the API's rule (legal form 1, 10 or 1000; only 1000 exists in 4 digits). */
const SOLE_TRADER = sql`c.legal_form_code = '1000'`;
/** An association: the RNA label, or the legal form (5195, 92xx), the API's `is_association`. */
const ASSOCIATION = sql`(c.labels @> '{association}'::text[] OR coalesce(c.legal_form_code, '') = '5195' OR coalesce(c.legal_form_code, '') LIKE '92%')`;

/**
 * The companies that hold an identifier: `search_companies.label_ids` (`kind:identifier`, GIN),
 * filled by the indexer from label_identifiers and the Annuaire's lists.
 */
const listed = (kind: string, id: string) =>
  sql`c.label_ids @> ${textArray([`${kind}:${id}`])}::text[]`;

/** Folded words a person's names must all hold. */
const words = (...parts: Array<string | null>) =>
  foldName(parts.filter(Boolean).join(' ')).split(' ').filter(Boolean);

/** `YYYY-MM-DD` → YYYYMM: births are kept to the month (src/domain/diffusion.ts). */
const yearMonth = (iso: string) => Number(iso.slice(0, 4)) * 100 + Number(iso.slice(5, 7));

function directorCondition(p: GovParams): SQL {
  const parts: SQL[] = [sql`d.siren = c.siren`];
  const w = words(p.nomPersonne, p.prenomsPersonne);
  if (w.length) parts.push(sql`d.tokens @> ${textArray(w)}::text[]`);
  const ym = sql`(d.birth_year * 100 + coalesce(d.birth_month, 1))`;
  if (p.dateMin) parts.push(sql`${ym} >= ${yearMonth(p.dateMin)}`);
  if (p.dateMax) parts.push(sql`${ym} <= ${yearMonth(p.dateMax)}`);
  return sql`EXISTS (SELECT 1 FROM search_directors d WHERE ${sql.join(parts, sql` AND `)})`;
}

/** An élu of the collectivity (elected_officials, birth kept to the month). */
function electedCondition(p: GovParams): SQL {
  const parts: SQL[] = [sql`e.siren IS NOT NULL`];
  const w = words(p.nomPersonne, p.prenomsPersonne);
  if (w.length)
    parts.push(
      sql`string_to_array(search_fold(e.last_name || ' ' || coalesce(e.first_names, '')), ' ') @> ${textArray(w)}::text[]`,
    );
  const ym = sql`(e.birth_year * 100 + coalesce(e.birth_month, 1))`;
  if (p.dateMin) parts.push(sql`${ym} >= ${yearMonth(p.dateMin)}`);
  if (p.dateMax) parts.push(sql`${ym} <= ${yearMonth(p.dateMax)}`);
  return sql`c.siren IN (SELECT e.siren FROM elected_officials e WHERE ${sql.join(parts, sql` AND `)})`;
}

/** The conditions of the API's parameters our search filters do not carry; null when none. */
export function dropInConditions(p: GovParams): SQL | null {
  const parts: SQL[] = [];
  const yes: string[] = [];
  const no: string[] = [];
  for (const [flag, value] of Object.entries(p.booleans) as Array<[BooleanFilter, boolean]>) {
    const label = FLAG_LABELS[flag];
    if (label) {
      if (value) yes.push(label.yes);
      else if (label.no) yes.push(label.no);
      else no.push(label.yes);
    } else if (flag === 'est_entrepreneur_individuel')
      parts.push(value ? SOLE_TRADER : sql`c.legal_form_code IS DISTINCT FROM '1000'`);
    else if (flag === 'est_association') parts.push(value ? ASSOCIATION : sql`NOT ${ASSOCIATION}`);
    else if (flag === 'convention_collective_renseignee')
      parts.push(value ? sql`cardinality(c.idcc) > 0` : sql`cardinality(c.idcc) = 0`);
  }
  // One array condition for all the labels required (one GIN lookup), one for those refused.
  if (yes.length) parts.push(sql`c.labels @> ${textArray(yes)}::text[]`);
  if (no.length) parts.push(sql`NOT (c.labels && ${textArray(no)}::text[])`);

  const codes = p.lists.code_collectivite_territoriale;
  if (codes?.length) parts.push(sql`c.colter_code = ANY(${textArray(codes)}::text[])`);
  if (p.idFiness) parts.push(listed('finess-geo', p.idFiness));
  if (p.idUai) parts.push(listed('uai', p.idUai));
  if (p.idRge) parts.push(listed('rge', p.idRge));

  // The API filters on any establishment's postcode (not only the head office's); a partially
  // diffused establishment's postcode is hidden, so never matched (maskAddress).
  const postcodes = p.lists.code_postal;
  if (postcodes?.length)
    parts.push(sql`EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren
      AND e.postcode = ANY(${textArray(postcodes)}::text[]) AND e.diffusion = 'O')`);

  const amounts: Array<[bigint | null, SQL]> = [
    [p.caMin, sql`c.revenue >=`],
    [p.caMax, sql`c.revenue <=`],
    [p.resultatNetMin, sql`c.net_result >=`],
    [p.resultatNetMax, sql`c.net_result <=`],
  ];
  for (const [v, op] of amounts) if (v !== null) parts.push(sql`${op} ${String(v)}::bigint`);

  if (p.nomPersonne !== null || p.prenomsPersonne !== null || p.dateMin || p.dateMax) {
    if (p.typePersonne === 'DIRIGEANT') parts.push(directorCondition(p));
    else if (p.typePersonne === 'ELU') parts.push(electedCondition(p));
    // Neither named: a director or an élu, as the API searches both.
    else parts.push(sql`(${directorCondition(p)} OR ${electedCondition(p)})`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : null;
}
