import type { CodeLabel } from './naf';

/** Company categories of the INSEE (décret 2008-1354), as the search filter offers them. */
export const CATEGORIES: CodeLabel[] = [
  { code: 'PME', label: 'Petite ou moyenne entreprise' },
  { code: 'ETI', label: 'Entreprise de taille intermédiaire' },
  { code: 'GE', label: 'Grande entreprise' },
];

/** "Petite ou moyenne entreprise (PME)"; an unknown code is printed as it is. */
export function categoryLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  const found = CATEGORIES.find((c) => c.code === code);
  return found ? `${found.label} (${found.code})` : code;
}
