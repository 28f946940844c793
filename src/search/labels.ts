/**
 * Code tables the search results and filters print (NAF, sections, departments, categories).
 * From data/samples/labels (annuaire-entreprises, MIT), bundled with the server code.
 */
import nafCodes from '../../data/samples/labels/codes-NAF.json';
import nafSections from '../../data/samples/labels/sections-codes-NAF.json';
import departments from '../../data/samples/labels/departements.json';
import {
  allHeadcountBands,
  allLegalForms,
  headcountBandLabel,
  legalFormLabel,
} from '@/domain/legal-forms';

const naf = nafCodes as Record<string, string>;
const sections = nafSections as Record<string, string>;
const depts = departments as Record<string, string>;

export { headcountBandLabel, legalFormLabel };

export function nafLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return naf[code]?.trim() ?? null;
}

const SECTION_STARTS: Array<[number, string]> = [
  [1, 'A'],
  [5, 'B'],
  [10, 'C'],
  [35, 'D'],
  [36, 'E'],
  [41, 'F'],
  [45, 'G'],
  [49, 'H'],
  [55, 'I'],
  [58, 'J'],
  [64, 'K'],
  [68, 'L'],
  [69, 'M'],
  [77, 'N'],
  [84, 'O'],
  [85, 'P'],
  [86, 'Q'],
  [90, 'R'],
  [94, 'S'],
  [97, 'T'],
  [99, 'U'],
];

export function nafSectionOf(code: string): string | null {
  const division = Number(code.slice(0, 2));
  if (!Number.isInteger(division) || division < 1) return null;
  let found: string | null = null;
  for (const [start, letter] of SECTION_STARTS) if (division >= start) found = letter;
  return found;
}

export type CodeLabel = { code: string; label: string };

/** NAF classes with their section, for the activity filter and /api/search/ape-codes. */
export function apeCodes(): Array<CodeLabel & { section: string | null }> {
  return Object.entries(naf).map(([code, label]) => ({
    code,
    label: label.trim(),
    section: nafSectionOf(code),
  }));
}

export function nafSectionsList(): CodeLabel[] {
  return Object.entries(sections).map(([code, label]) => ({ code, label: label.trim() }));
}

export function frenchDepartments(): CodeLabel[] {
  return Object.entries(depts).map(([code, label]) => ({ code, label }));
}

export function departmentLabel(code: string | null | undefined): string | null {
  return code ? (depts[code] ?? null) : null;
}

export const CATEGORIES: CodeLabel[] = [
  { code: 'PME', label: 'Petite ou moyenne entreprise' },
  { code: 'ETI', label: 'Entreprise de taille intermédiaire' },
  { code: 'GE', label: 'Grande entreprise' },
];

export function legalFormsList(): CodeLabel[] {
  return allLegalForms();
}

export function headcountBandsList(): CodeLabel[] {
  return allHeadcountBands();
}
