/**
 * French departments (COG codes, with Corsica's 2A and 2B and the overseas 97x), the one home of
 * their labels. Read from data/samples/labels (annuaire-entreprises, MIT).
 */
import departments from '../../../data/samples/labels/departements.json';
import type { CodeLabel } from './naf';

const depts = departments as Record<string, string>;

export function departmentLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return depts[code] ?? null;
}

/** Departments in the file's order, as /api/search/french-departments answers them. */
export function frenchDepartments(): CodeLabel[] {
  return Object.entries(depts).map(([code, label]) => ({ code, label }));
}

/** Departments in code order, for the index pages. */
export function allDepartments(): CodeLabel[] {
  return frenchDepartments().sort((a, b) => a.code.localeCompare(b.code));
}

/** Department of a commune (COG code): 2 characters, 3 for the overseas departments (97x). */
export function departmentOfCommune(communeCode: string | null | undefined): string | null {
  if (!communeCode || communeCode.length < 2) return null;
  return communeCode.startsWith('97') ? communeCode.slice(0, 3) : communeCode.slice(0, 2);
}
