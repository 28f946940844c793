/**
 * Legal forms (catégories juridiques INSEE), headcount bands and RNE director roles:
 * code tables shipped in data/samples/labels (annuaire-entreprises, MIT).
 */
import natures from '../../data/samples/labels/natures-juridiques.json';
import bands from '../../data/samples/labels/tranches-effectifs.json';
import roles from '../../data/samples/labels/roles_dirigeants.json';
import { foldAccents } from './slug';

/**
 * Categories of the INSEE nomenclature (niveau III) that the shipped table lacks, with the
 * INSEE's wording: without them a result printed « Forme : 5720 ».
 */
const MISSING_LEGAL_FORMS: Record<string, string> = {
  '5498': 'SARL unipersonnelle',
  '5720':
    'Société par actions simplifiée à associé unique ou société par actions simplifiée unipersonnelle',
};

const legalForms: Record<string, string> = {
  ...(natures as Record<string, string>),
  ...MISSING_LEGAL_FORMS,
};
const headcountBands = bands as Record<string, string>;
const directorRoles = roles as Record<string, string>;

export function legalFormLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return legalForms[code]?.trim() ?? null;
}

/** Every legal form, in code order. */
export function allLegalForms(): Array<{ code: string; label: string }> {
  return Object.entries(legalForms)
    .map(([code, label]) => ({ code, label: label.trim() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** Category 1000 is the sole trader (entrepreneur individuel): a natural person. */
export function isNaturalPersonLegalForm(code: string | null | undefined): boolean {
  return code === '1000';
}

export function headcountBandLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return headcountBands[code] ?? null;
}

/**
 * The bands in the official order: « non employeuse » (NN), « 0 salarié » (00), « 1 ou 2
 * salariés » (01)… « 10 000 salariés et plus » (53). JavaScript lists a JSON object's
 * integer-like keys ("11", "12"…) before "NN", "00", "01": sorted here.
 */
export function allHeadcountBands(): Array<{ code: string; label: string }> {
  const order = (code: string) => (code === 'NN' ? -1 : Number(code));
  return Object.entries(headcountBands)
    .map(([code, label]) => ({ code, label }))
    .sort((a, b) => order(a.code) - order(b.code));
}

export function directorRoleLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return directorRoles[code] ?? null;
}

/** A role's wording as compared: no accents, lower case, one apostrophe, single spaces. */
export const foldRole = (s: string) =>
  foldAccents(s).replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

/**
 * BODACC prints the legal form as text ("Société par actions simplifiée (à associé unique)").
 * Maps the most common wordings to the INSEE category; null when unknown.
 */
const TEXT_TO_CODE: Array<[RegExp, string]> = [
  [
    /^societe par actions simplifiee \(?a associe unique|^societe par actions simplifiee unipersonnelle|\(sasu\)/,
    '5720',
  ],
  [/^societe par actions simplifiee/, '5710'],
  [
    /^societe a responsabilite limitee \(?a associe unique|^entreprise unipersonnelle a responsabilite limitee/,
    '5498',
  ],
  [/^societe a responsabilite limitee/, '5499'],
  [/^societe civile immobiliere/, '6540'],
  [/^societe civile/, '6599'],
  [/^societe anonyme a conseil d'administration/, '5599'],
  [/^societe anonyme a directoire/, '5699'],
  [/^societe anonyme/, '5599'],
  [/^societe en nom collectif/, '5202'],
  [/^societe en commandite simple/, '5306'],
  [/^societe en commandite par actions/, '5308'],
  [/^societe d'exercice liberal a responsabilite limitee/, '5485'],
  [/^societe d'exercice liberal par actions simplifiee/, '5785'],
  [/^groupement d'interet economique/, '6220'],
  [/^societe cooperative/, '5560'],
];

export function legalFormCodeFromText(text: string | null | undefined): string | null {
  if (!text) return null;
  const n = foldRole(text);
  for (const [re, code] of TEXT_TO_CODE) if (re.test(n)) return code;
  return null;
}

/**
 * Legal forms registered at the RCS (commercial companies, GIE, some civil companies): the rule
 * behind "an extract Kbis exists" on the company page and in the API.
 */
const RCS_FORMS = /^(5|6[25]|63)/;

export function isRcsLegalForm(code: string | null | undefined): boolean {
  return !!code && RCS_FORMS.test(code);
}
