import actsAndStatutes from './actes-et-statuts';
import bodaccNotices from './annonces-bodacc';
import patents from './brevets';
import annualAccounts from './comptes-annuels';
import establishments from './liste-etablissements';
import brands from './marques';

/**
 * The per-company pages of the service groups that have one (/comptes-annuels/{siren},
 * /marques/{siren}…), by the group's route segment.
 */
const SUB_PAGES: Readonly<Record<string, typeof brands | undefined>> = {
  'actes-et-statuts': actsAndStatutes,
  'annonces-bodacc': bodaccNotices,
  brevets: patents,
  'comptes-annuels': annualAccounts,
  'liste-etablissements': establishments,
  marques: brands,
};

export function subPageOf(service: string) {
  return SUB_PAGES[service];
}
