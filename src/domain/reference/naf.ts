/**
 * NAF rev. 2, the one home of its labels: classes ("70.10Z"), divisions ("70") and sections
 * ("M"), for the pages, the search filters and the API. Read from data/samples/labels
 * (annuaire-entreprises, MIT) and @socialgouv/codes-naf, bundled with the server code.
 */
import nafCodes from '../../../data/samples/labels/codes-NAF.json';
import nafSections from '../../../data/samples/labels/sections-codes-NAF.json';
import nafTree from '@socialgouv/codes-naf/index.json';

const naf = nafCodes as Record<string, string>;
const sections = nafSections as Record<string, string>;

export type CodeLabel = { code: string; label: string };

export function nafLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return naf[code]?.trim() ?? null;
}

/** NAF rev. 2 divisions (2 first digits) by section letter. */
const SECTION_RANGES: Array<[string, number, number]> = [
  ['A', 1, 3],
  ['B', 5, 9],
  ['C', 10, 33],
  ['D', 35, 35],
  ['E', 36, 39],
  ['F', 41, 43],
  ['G', 45, 47],
  ['H', 49, 53],
  ['I', 55, 56],
  ['J', 58, 63],
  ['K', 64, 66],
  ['L', 68, 68],
  ['M', 69, 75],
  ['N', 77, 82],
  ['O', 84, 84],
  ['P', 85, 85],
  ['Q', 86, 88],
  ['R', 90, 93],
  ['S', 94, 96],
  ['T', 97, 98],
  ['U', 99, 99],
];

export function nafSectionOf(code: string | null | undefined): string | null {
  if (!code) return null;
  const division = Number(code.slice(0, 2));
  if (!Number.isFinite(division)) return null;
  return SECTION_RANGES.find(([, lo, hi]) => division >= lo && division <= hi)?.[0] ?? null;
}

export function nafSectionLabel(section: string | null | undefined): string | null {
  if (!section) return null;
  return sections[section]?.trim() ?? null;
}

/** The 21 sections A to U with their labels. */
export function allNafSections(): CodeLabel[] {
  return SECTION_RANGES.map(([code]) => ({ code, label: nafSectionLabel(code) ?? code }));
}

/** NAF classes ("70.10Z") of one section, in code order. */
export function nafCodesOfSection(section: string): Array<{ code: string; label: string }> {
  return Object.entries(naf)
    .filter(([code]) => nafSectionOf(code) === section)
    .map(([code, label]) => ({ code, label: label.trim() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** NAF divisions ("10") with their labels, from the NAF tree of @socialgouv/codes-naf. */
const divisions = new Map(
  (nafTree as Array<{ id: string; label: string }>)
    .filter((n) => /^\d{2}$/.test(n.id))
    .map((n) => [n.id, n.label.trim()]),
);

export function nafDivisionLabel(division: string | null | undefined): string | null {
  return (division && divisions.get(division)) || null;
}

/** NAF classes ("10.11Z") of one division ("10"), in code order. */
export function nafCodesOfDivision(division: string): Array<{ code: string; label: string }> {
  return Object.entries(naf)
    .filter(([code]) => code.startsWith(`${division}.`))
    .map(([code, label]) => ({ code, label: label.trim() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function isNafCode(code: string): boolean {
  return code in naf;
}

/** NAF classes with their section, for the activity filter and /api/search/ape-codes. */
export function apeCodes(): Array<CodeLabel & { section: string | null }> {
  return Object.entries(naf).map(([code, label]) => ({
    code,
    label: label.trim(),
    section: nafSectionOf(code),
  }));
}
