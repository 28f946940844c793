import {
  CATEGORIES,
  frenchDepartments,
  headcountBandsList,
  legalFormsList,
  nafSectionsList,
} from '@/search/labels';
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
    sections: nafSectionsList(),
    // Level-2 categories (2 digits) first: most users filter "SARL" or "SAS", not a 4-digit code.
    legalForms: legalFormsList().filter((f) => f.code.length === 4 && f.code !== '0000'),
    headcountBands: headcountBandsList(),
    categories: CATEGORIES,
    labels: Object.entries(SEARCH_LABELS).map(([code, label]) => ({ code, label })),
  };
}
