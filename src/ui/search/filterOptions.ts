import { allHeadcountBands, allLegalForms } from '@/domain/legal-forms';
import { CATEGORIES } from '@/domain/reference/categories';
import { frenchDepartments } from '@/domain/reference/departments';
import { allNafSections } from '@/domain/reference/naf';
import { SEARCH_LABELS } from '@/search/filter-params';

export type FilterOptions = {
  departments: Array<{ code: string; label: string }>;
  sections: Array<{ code: string; label: string }>;
  legalForms: Array<{ code: string; label: string }>;
  headcountBands: Array<{ code: string; label: string }>;
  categories: Array<{ code: string; label: string }>;
  labels: Array<{ code: string; label: string }>;
};

/** Choices of the filter form, computed on the server and passed to the client component. */
export function filterOptions(): FilterOptions {
  return {
    departments: frenchDepartments(),
    sections: allNafSections(),
    // Level-2 categories (2 digits) first: most users filter "SARL" or "SAS", not a 4-digit code.
    legalForms: allLegalForms().filter((f) => f.code.length === 4 && f.code !== '0000'),
    headcountBands: allHeadcountBands(),
    categories: CATEGORIES,
    labels: Object.entries(SEARCH_LABELS).map(([code, label]) => ({ code, label })),
  };
}
