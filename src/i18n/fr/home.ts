/** Home page. */
export default {
  title: 'Registre — informations officielles sur les entreprises françaises',
  description:
    'Recherchez une entreprise française par nom, SIREN ou SIRET : identité, dirigeants, établissements, comptes annuels, annonces BODACC, marques. Commandez nos documents établis d’après les registres officiels.',
  heading: 'Toutes les informations officielles sur les entreprises françaises',
  lead: 'Identité, dirigeants, établissements, comptes annuels, annonces légales et marques : les données publiques des registres, réunies et mises à jour.',
  searchLabel: 'Nom d’entreprise, SIREN ou SIRET',
  searchPlaceholder: 'Ex. : Michelin, 855 200 507, 85520050700046',
  searchButton: 'Rechercher',
  searchHint: 'Au moins 2 caractères.',
  statsTitle: 'Le registre en chiffres',
  servicesTitle: 'Nos services',
  servicesLead:
    'Documents officiels, analyses financières, informations juridiques et propriété intellectuelle.',
  sourcesTitle: 'Des données issues des registres officiels',
  sourcesText:
    'Nos informations proviennent de l’INSEE (Sirene), de la DILA (BODACC) et de l’INPI (RNE, marques). Chaque fiche indique la source et la date de mise à jour de ses données.',
} as const;
