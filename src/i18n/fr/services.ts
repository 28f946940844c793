/** Services grid: type names and filter. */
export default {
  filterLabel: 'Filtrer les services par type',
  all: 'Tous',
  types: {
    'official-document': 'Documents officiels',
    finance: 'Finance',
    legal: 'Juridique',
    'intellectual-property': 'Propriété intellectuelle',
    research: 'Recherche',
  },
  from: 'À partir de {price}',
  free: 'Gratuit',
  notSold: 'Où l’obtenir',
} as const;
