/**
 * The search box and its suggestions (a Client Component on every page: keep it short, it is part
 * of the first-load JavaScript).
 */
export default {
  submit: 'Rechercher',
  suggestions: 'Suggestions',
  loading: 'Recherche en cours…',
  unavailable: 'Les suggestions sont indisponibles ; appuyez sur Entrée pour rechercher.',
  none: 'Aucune suggestion pour « {query} ».',
  hiddenName: 'Nom non diffusé',
  all: 'Voir tous les résultats pour « {query} »',
  noneLive: 'Aucune suggestion',
  count: '{count} suggestion{count||s}',
} as const;
