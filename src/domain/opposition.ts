/**
 * Who may have what hidden on request (RGPD art. 21: the right to object belongs to natural
 * persons), and which requests an operator must decide. Pure rules; src/opposition applies them.
 */
import { isNaturalPersonLegalForm } from './legal-forms';
import { normalizeName } from './person';

export const OPPOSITION_STATES = [
  'pending_confirmation',
  'awaiting_review',
  'applied',
  'accepted',
  'rejected',
  'expired',
] as const;
export type OppositionState = (typeof OPPOSITION_STATES)[number];

/**
 * What an operator checks on a confirmed request before anything is hidden (every request waits
 * for an operator: an e-mail proves a mailbox, not an identity):
 * - `identity_proof`: always, the requester's identity proof against the person concerned;
 * - `single_member_company`: a one-member company (EURL, SASU…) or a unit of unknown legal form,
 *   whose name may be its owner's but which is a legal person;
 * - `employees`: the unit employs staff (its data are not one person's alone);
 * - `several_persons`: the request may cover more than one person (homonyms under one key, or an
 *   identity without a birth month).
 */
export type ReviewReason =
  'identity_proof' | 'single_member_company' | 'employees' | 'several_persons';

/** INSEE legal-form codes of one-member companies: legal persons often named after their owner. */
const SINGLE_MEMBER_FORMS = new Set(['5498', '5720']);

export type UnitClass = 'person' | 'single_member' | 'legal_person';

/** Whether a legal unit's registry data are a person's, from its legal form. */
export function classifyUnit(unit: {
  isNaturalPerson: boolean;
  legalFormCode: string | null;
}): UnitClass {
  if (unit.isNaturalPerson || isNaturalPersonLegalForm(unit.legalFormCode)) return 'person';
  // INSEE category 1 is the individual entrepreneur, whatever its sub-code.
  if (unit.legalFormCode?.startsWith('1')) return 'person';
  if (!unit.legalFormCode || SINGLE_MEMBER_FORMS.has(unit.legalFormCode)) return 'single_member';
  return 'legal_person';
}

/** A unit employs staff when SIRENE says so or its headcount band is above zero. */
export function hasEmployees(unit: { employer: boolean | null; headcountBand: string | null }) {
  if (unit.employer) return true;
  const band = unit.headcountBand;
  return band !== null && band !== '' && band !== 'NN' && band !== '00';
}

/**
 * Whether the mandates grouped under one person key may be several people's: the key keeps only
 * the first first name, so "JEAN PIERRE" and "JEAN PAUL" born the same month share it, while
 * "XAVIER" and "XAVIER MARIE ERWAN" (a record with fewer first names) are one person. A key
 * without a birth month (`NAME|FIRST|`) matches anyone of that name.
 */
export function mayBeSeveralPersons(personKey: string, firstNamesSeen: readonly string[]): boolean {
  if (personKey.endsWith('|')) return true;
  const lists = [
    ...new Set(firstNamesSeen.map((n) => normalizeName(n)).filter((n) => n !== '')),
  ].map((n) => n.split(' '));
  for (let i = 0; i < lists.length; i++)
    for (let j = i + 1; j < lists.length; j++) {
      const [a, b] = [lists[i]!, lists[j]!];
      const shorter = a.length <= b.length ? a : b;
      const longer = shorter === a ? b : a;
      if (!shorter.every((w, k) => longer[k] === w)) return true;
    }
  return false;
}
