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

/**
 * Sort key of a department in the official order: 01…19, 2A, 2B, 21…95, then the overseas
 * 971…976 and the other overseas codes. A JSON object cannot carry that order (JavaScript lists
 * integer-like keys such as "10" before "01" and "2A"), hence this key.
 */
export function departmentOrder(code: string): number {
  if (code === '2A') return 20.1;
  if (code === '2B') return 20.2;
  return Number(code);
}

/** Departments in the official order, as /api/search/french-departments and the filters list them. */
export function frenchDepartments(): CodeLabel[] {
  return Object.entries(depts)
    .map(([code, label]) => ({ code, label }))
    .sort((a, b) => departmentOrder(a.code) - departmentOrder(b.code));
}

/** Departments in the official order, for the index pages. */
export function allDepartments(): CodeLabel[] {
  return frenchDepartments();
}

/** Department of a commune (COG code): 2 characters, 3 for the overseas departments (97x). */
export function departmentOfCommune(communeCode: string | null | undefined): string | null {
  if (!communeCode || communeCode.length < 2) return null;
  return communeCode.startsWith('97') ? communeCode.slice(0, 3) : communeCode.slice(0, 2);
}
