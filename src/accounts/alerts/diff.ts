import type { CompanyState as Lifecycle } from '@/domain/company-state';
import type { CompanyState } from './state';

export type EventKind =
  | 'notice'
  | 'insolvency'
  | 'ceased'
  | 'reopened'
  | 'struck_off'
  | 'director_arrived'
  | 'director_left'
  | 'head_office_moved'
  | 'name_changed'
  | 'new_accounts';

export type EventDraft = {
  kind: EventKind;
  /** One event per change, whatever the number of imports that see it. */
  dedupeKey: string;
  /** French, for the mail and the feed. */
  summary: string;
  details: Record<string, unknown>;
};

const frDate = (iso: string | null | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

const NOTICE_FAMILIES: Record<string, string> = {
  creation: 'création',
  immatriculation: 'immatriculation',
  vente: 'vente ou cession',
  modification: 'modification',
  radiation: 'radiation',
  'depot-comptes': 'dépôt des comptes',
  procedure: 'procédure collective',
};

/**
 * The page's state of a snapshot; one taken before the state was kept is judged by its status. A
 * ceased company in such an old snapshot may already have been struck off: taken as struck off, so
 * the first import after the upgrade does not announce a strike-off years old.
 */
function lifecycleOf(state: CompanyState, old: 'before' | 'after'): Lifecycle {
  if (state.lifecycle) return state.lifecycle;
  if (state.status !== 'C') return 'active';
  return old === 'before' ? 'struck-off' : 'ceased';
}

/** The changes between what we knew (`before`) and what the registry says now (`after`). */
export function diffStates(before: CompanyState, after: CompanyState): EventDraft[] {
  const out: EventDraft[] = [];
  for (const [id, [family, label, date]] of Object.entries(after.notices)) {
    if (before.notices[id]) continue;
    const what = label || NOTICE_FAMILIES[family] || family;
    out.push({
      kind: 'notice',
      dedupeKey: id,
      summary: `Annonce BODACC du ${frDate(date)} : ${what}.`,
      details: { noticeId: id, family, label, publishedAt: date },
    });
  }
  for (const [id, [state, date]] of Object.entries(after.insolvency)) {
    if (before.insolvency[id]) continue;
    out.push({
      kind: 'insolvency',
      dedupeKey: id,
      summary: `Jugement${date ? ` du ${frDate(date)}` : ''} : ${state || 'procédure collective'}.`,
      details: { proceedingId: id, state, judgmentDate: date },
    });
  }
  const was = lifecycleOf(before, 'before');
  const now = lifecycleOf(after, 'after');
  if (now === 'struck-off' && was !== 'struck-off') {
    out.push({
      kind: 'struck_off',
      dedupeKey: `R:${after.strikeOffDate ?? ''}`,
      summary: `L’entreprise a été radiée du registre du commerce et des sociétés${after.strikeOffDate ? ` le ${frDate(after.strikeOffDate)}` : ''}.`,
      details: { strikeOffDate: after.strikeOffDate ?? null },
    });
  } else if (now === 'ceased' && was === 'active') {
    out.push({
      kind: 'ceased',
      dedupeKey: `C:${after.ceasedDate ?? ''}`,
      summary: `L’entreprise a cessé son activité${after.ceasedDate ? ` le ${frDate(after.ceasedDate)}` : ''}.`,
      details: { ceasedDate: after.ceasedDate },
    });
  }
  if (now === 'active' && (was === 'ceased' || was === 'struck-off')) {
    out.push({
      kind: 'reopened',
      dedupeKey: `A:${before.ceasedDate ?? before.strikeOffDate ?? ''}`,
      summary: 'L’entreprise est de nouveau active.',
      details: {},
    });
  }
  for (const [key, label] of Object.entries(after.directors)) {
    if (key in before.directors) continue;
    out.push({
      kind: 'director_arrived',
      dedupeKey: `+${key}`,
      summary: `Nouveau dirigeant : ${label}.`,
      details: { label },
    });
  }
  for (const [key, label] of Object.entries(before.directors)) {
    if (key in after.directors) continue;
    out.push({
      kind: 'director_left',
      dedupeKey: `-${key}`,
      summary: `Départ du dirigeant : ${label}.`,
      details: { label },
    });
  }
  if (
    before.headOffice &&
    after.headOffice &&
    (before.headOffice.siret !== after.headOffice.siret ||
      before.headOffice.address !== after.headOffice.address)
  ) {
    out.push({
      kind: 'head_office_moved',
      dedupeKey: `${after.headOffice.siret}:${after.headOffice.address}`,
      summary: `Siège transféré : ${after.headOffice.address}.`,
      details: { from: before.headOffice, to: after.headOffice },
    });
  }
  if (before.name && after.name && before.name !== after.name) {
    out.push({
      kind: 'name_changed',
      dedupeKey: after.name,
      summary: `Nouvelle dénomination : ${after.name} (auparavant ${before.name}).`,
      details: { from: before.name, to: after.name },
    });
  }
  for (const closing of after.accounts) {
    if (before.accounts.includes(closing)) continue;
    out.push({
      kind: 'new_accounts',
      dedupeKey: closing,
      summary: `Comptes publiés pour l’exercice clos le ${frDate(closing)}.`,
      details: { closingDate: closing },
    });
  }
  return out;
}
