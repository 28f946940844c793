/**
 * The choices of the filter panel's lists, each with its label (codeLabel). Imported by the lazily
 * loaded list component only: the tables (NAF, legal forms…) stay out of the first-load JavaScript
 * and out of the page's HTML.
 */
import { createFilterOptions } from '@mui/material/Autocomplete';
import { allHeadcountBands, allLegalForms } from '@/domain/legal-forms';
import { CATEGORIES } from '@/domain/reference/categories';
import { frenchDepartments } from '@/domain/reference/departments';
import { allNafSections, apeCodes, nafSectionOf } from '@/domain/reference/naf';
import { FILTER_PARAMS, SEARCH_LABELS } from '@/search/filter-params';
import { codeLabel } from './filterLabels';

/** `group`: the heading the option is listed under (NAF section, legal form's kind, region). */
export type FilterOption = { code: string; label: string; group?: string };

/** The legal forms' first level (INSEE catégories juridiques, niveau I), by first digit. */
const LEGAL_FORM_KINDS: Record<string, string> = {
  '1': 'Entrepreneur individuel',
  '2': 'Groupement de droit privé non doté de la personnalité morale',
  '3': 'Personne morale de droit étranger',
  '4': 'Personne morale de droit public soumise au droit commercial',
  '5': 'Société commerciale',
  '6': 'Autre personne morale immatriculée au RCS',
  '7': 'Personne morale et organisme soumis au droit administratif',
  '8': 'Organisme privé spécialisé',
  '9': 'Groupement de droit privé',
};

const byParam = new Map<string, FilterOption[]>();

function build(param: string): FilterOption[] {
  const withLabels = (codes: string[]) =>
    codes.map((code) => ({ code, label: codeLabel(param, code) }));
  switch (param) {
    case FILTER_PARAMS.departments:
      // Official order: 01…19, 2A, 2B, 21…95, 971…976 and the other overseas codes, every one.
      return frenchDepartments().map((d) => ({
        code: d.code,
        label: codeLabel(param, d.code),
        group: d.code.length === 3 ? 'Outre-mer' : 'Métropole',
      }));
    case FILTER_PARAMS.activities: {
      // The 21 sections first, then every class under its section's heading (a scrolled list
      // reaches each of the ~730 codes without typing).
      const sections = allNafSections();
      const sectionName = new Map(sections.map((x) => [x.code, codeLabel(param, x.code)]));
      return [
        ...sections.map((x) => ({
          code: x.code,
          label: codeLabel(param, x.code),
          group: 'Sections',
        })),
        ...apeCodes()
          .map((c) => c.code)
          .sort()
          .map((code) => ({
            code,
            label: codeLabel(param, code),
            group: sectionName.get(nafSectionOf(code) ?? '') ?? 'Autres',
          })),
      ];
    }
    case FILTER_PARAMS.legalForms:
      return allLegalForms()
        .filter((f) => f.code !== '0000')
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((f) => ({
          code: f.code,
          label: `${f.label} (${f.code})`,
          group: LEGAL_FORM_KINDS[f.code[0]!] ?? 'Autres',
        }));
    case FILTER_PARAMS.headcountBands:
      // Official order: non employeuse, 0 salarié, 1 ou 2 salariés…
      return withLabels(allHeadcountBands().map((b) => b.code));
    case FILTER_PARAMS.categories:
      return withLabels(CATEGORIES.map((c) => c.code));
    case FILTER_PARAMS.labels:
    case FILTER_PARAMS.excludedLabels:
      return withLabels(Object.keys(SEARCH_LABELS));
    default:
      return [];
  }
}

/** The choices of a list parameter (departement, activite, forme_juridique, effectif, label…). */
export function optionsFor(param: string): FilterOption[] {
  let list = byParam.get(param);
  if (!list) byParam.set(param, (list = build(param)));
  return list;
}

/**
 * What a list shows for what was typed: every choice, uncapped (the 109 departments and the ~730
 * NAF classes are all reachable by scrolling, under their headings); typing narrows them.
 */
export const filterChoices = createFilterOptions<FilterOption>({
  stringify: (o) => `${o.label} ${o.code}`,
});
