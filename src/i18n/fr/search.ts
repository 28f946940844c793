/** Search pages: service search pages, results, empty states and pagination. */
export default {
  service: {
    metaTitle: '{service} : rechercher une entreprise',
    metaDescription: '{description} Recherchez l’entreprise par son nom, son SIREN ou son SIRET.',
    resultsMetaTitle: '{service} : résultats de recherche',
    lead: 'Commencez par trouver l’entreprise : son nom, son SIREN, son SIRET ou son numéro de TVA.',
    boxLabel: '{service} : nom, SIREN ou SIRET de l’entreprise',
    boxPlaceholder: 'Nom, SIREN, SIRET, n° de TVA…',
    chooseCompany: '{service} : choisissez l’entreprise',
  },
  results: {
    title: 'Rechercher une entreprise',
    titleFor: 'Résultats pour « {query} »',
  },
  empty: {
    companyFor: 'Aucune entreprise ne correspond à « {query} »',
    companyFiltered: 'Aucune entreprise ne correspond à ces critères',
    hints: 'Quelques pistes :',
    hintSpelling: 'vérifiez l’orthographe ou essayez une partie du nom seulement ;',
    hintNumbers: 'cherchez par numéro : SIREN (9 chiffres), SIRET (14 chiffres) ou numéro de TVA ;',
    hintAcronym: 'essayez le sigle, l’enseigne ou le nom commercial ;',
    hintFilters: 'retirez un ou plusieurs filtres ;',
    hintPersonBefore: 'pour une personne, utilisez la ',
    hintPersonLink: 'recherche de dirigeants',
    directorFor: 'Aucun dirigeant ne correspond à « {query} »',
    hintDirectorOrder: 'saisissez le nom de famille, puis le prénom (l’ordre importe peu) ;',
    hintDirectorYear: 'retirez l’année de naissance si vous l’avez indiquée ;',
    hintDirectorHidden:
      'les personnes ayant demandé à ne pas figurer dans les résultats n’y apparaissent pas.',
    unavailableTitle: 'La recherche est momentanément indisponible',
    unavailableBody: 'Réessayez dans quelques instants. Si le problème persiste, contactez-nous.',
    invalidTitle: 'Recherche impossible',
  },
  pagination: {
    label: 'Pagination des résultats',
    previous: '‹ Précédente',
    next: 'Suivante ›',
    page: 'Page {page}',
  },
} as const;
