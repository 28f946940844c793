/**
 * The choices of the filter panel's lists, each with its label (codeLabel). Imported by the lazily
 * loaded list component only: the tables (NAF, legal forms…) stay out of the first-load JavaScript
 * and out of the page's HTML.
 */
import { allHeadcountBands, allLegalForms } from '@/domain/legal-forms';
import { CATEGORIES } from '@/domain/reference/categories';
import { frenchDepartments } from '@/domain/reference/departments';
import { allNafSections, apeCodes } from '@/domain/reference/naf';
import { FILTER_PARAMS, SEARCH_LABELS } from '@/search/filter-params';
import { codeLabel } from './filterLabels';

export type FilterOption = { code: string; label: string };

const byParam = new Map<string, FilterOption[]>();

function build(param: string): FilterOption[] {
  const withLabels = (codes: string[]) =>
    codes.map((code) => ({ code, label: codeLabel(param, code) }));
  switch (param) {
    case FILTER_PARAMS.departments:
      // Official order: 01…19, 2A, 2B, 21…95, 971…976.
      return withLabels(frenchDepartments().map((d) => d.code));
    case FILTER_PARAMS.activities:
      // The 21 sections, then the classes in code order.
      return withLabels([
        ...allNafSections().map((x) => x.code),
        ...apeCodes()
          .map((c) => c.code)
          .sort(),
      ]);
    case FILTER_PARAMS.legalForms:
      return allLegalForms()
        .filter((f) => f.code !== '0000')
        .map((f) => ({ code: f.code, label: `${f.label} (${f.code})` }));
    case FILTER_PARAMS.headcountBands:
      // Official order: non employeuse, 0 salarié, 1 ou 2 salariés…
      return withLabels(allHeadcountBands().map((b) => b.code));
    case FILTER_PARAMS.categories:
      return withLabels(CATEGORIES.map((c) => c.code));
    case FILTER_PARAMS.labels:
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
