/**
 * The government API's filters our URL parameters do not carry, translated into our search's
 * own filters (src/search/filters.ts holds every SQL clause, shared with the results pages'
 * `label`, `sans_label`, `collectivite`, `finess`, `uai`, `rge`, `ca_min`…, `dirigeant`, `elu`).
 * Every `est_*` works both ways: `true` requires the label, `false` refuses it (as the API's
 * `term field:false` does).
 *
 * Where the flags come from: `search_companies.labels` (company_labels codes, plus the flags the
 * indexer reads from SIRENE and the agreements: `ess`, `societe-mission` / `societe-mission-non`,
 * `entrepreneur-individuel` (legal form 1000), `association` (RNA, or legal form 5195 or 92xx),
 * `convention-collective`), whose per-label counts give a single flag's total without a scan
 * (src/search/label-counts.ts).
 */
import type { SQL } from 'drizzle-orm';
import {
  allOf,
  anyEstablishmentPostcodeSql,
  nameWords,
  type PersonFilter,
  type SearchFilters,
} from '@/search/filters';
import type { BooleanFilter } from './gov-fields';
import type { GovParams } from './validation';

/** The label code (search_companies.labels) behind each flag. */
export const FLAG_LABELS: Record<BooleanFilter, { yes: string; no?: string }> = {
  est_entrepreneur_individuel: { yes: 'entrepreneur-individuel' },
  convention_collective_renseignee: { yes: 'convention-collective' },
  egapro_renseignee: { yes: 'egapro' },
  est_achats_responsables: { yes: 'achats-responsables' },
  est_alim_confiance: { yes: 'alim-confiance' },
  est_bio: { yes: 'bio' },
  est_finess: { yes: 'finess' },
  est_uai: { yes: 'uai' },
  est_collectivite_territoriale: { yes: 'collectivite-territoriale' },
  est_entrepreneur_spectacle: { yes: 'entrepreneur-spectacle' },
  est_patrimoine_vivant: { yes: 'patrimoine-vivant' },
  est_association: { yes: 'association' },
  est_ess: { yes: 'ess' },
  est_organisme_formation: { yes: 'organisme-formation' },
  est_qualiopi: { yes: 'qualiopi' },
  est_rge: { yes: 'rge' },
  est_administration: { yes: 'administration' },
  // The API stores INSEE's O/N: `false` finds the « N », not the unknown.
  est_societe_mission: { yes: 'societe-mission', no: 'societe-mission-non' },
  est_siae: { yes: 'siae' },
};

/** `YYYY-MM-DD` → YYYYMM: births are kept to the month (src/domain/diffusion.ts). */
const yearMonth = (iso: string | null) =>
  iso ? Number(iso.slice(0, 4)) * 100 + Number(iso.slice(5, 7)) : null;

const AMONG = { DIRIGEANT: 'directors', ELU: 'elected' } as const;

/**
 * Our filters with the API's own added (labels, collectivities, identifiers, amounts), the
 * conditions ours have no filter for (any establishment's postcode) as one extra condition for
 * CompanySearchInput.extraConditions (null when none), and the person with a birth range for
 * CompanySearchInput.person (null when none).
 */
export function withGovFilters(
  filters: SearchFilters,
  p: GovParams,
): { filters: SearchFilters; extra: SQL | null; person: PersonFilter | null } {
  const labels = [...filters.labels];
  const excludedLabels = [...filters.excludedLabels];
  for (const [flag, value] of Object.entries(p.booleans) as Array<[BooleanFilter, boolean]>) {
    const label = FLAG_LABELS[flag];
    if (value) labels.push(label.yes);
    else if (label.no) labels.push(label.no);
    else excludedLabels.push(label.yes);
  }
  const num = (v: bigint | null) => (v === null ? null : Number(v));
  const out: SearchFilters = {
    ...filters,
    labels,
    excludedLabels,
    collectivities: p.lists.code_collectivite_territoriale ?? filters.collectivities,
    finess: p.idFiness ? [p.idFiness] : filters.finess,
    uai: p.idUai ? [p.idUai] : filters.uai,
    rge: p.idRge ? [p.idRge] : filters.rge,
    revenueMin: num(p.caMin) ?? filters.revenueMin,
    revenueMax: num(p.caMax) ?? filters.revenueMax,
    netResultMin: num(p.resultatNetMin) ?? filters.netResultMin,
    netResultMax: num(p.resultatNetMax) ?? filters.netResultMax,
  };
  const extra: SQL[] = [];
  // The API filters on any establishment's postcode, not only the head office's.
  const postcodes = p.lists.code_postal;
  if (postcodes?.length) extra.push(anyEstablishmentPostcodeSql(postcodes));
  const person: PersonFilter | null =
    p.nomPersonne !== null || p.prenomsPersonne !== null || p.dateMin || p.dateMax
      ? {
          words: nameWords(p.nomPersonne, p.prenomsPersonne),
          bornFrom: yearMonth(p.dateMin),
          bornTo: yearMonth(p.dateMax),
          // Neither named: a director or an élu, as the API searches both.
          among: p.typePersonne ? AMONG[p.typePersonne] : 'both',
        }
      : null;
  return { filters: out, extra: allOf(extra), person };
}
