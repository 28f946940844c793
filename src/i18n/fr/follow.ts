/** The follow button of company pages and search results (kept apart: it ships on every company page). */
const follow = {
  follow: 'Suivre',
  following: 'Suivie',
  pickList: 'Ajouter à une liste',
  newListPlaceholder: 'Nom de la nouvelle liste',
  create: 'Créer et suivre',
  close: 'Fermer',
  unfollowAll: 'Ne plus suivre',
  label: 'Suivre cette entreprise',
  loading: 'Chargement…',
  error: 'Une erreur est survenue : réessayez dans un instant.',
} as const;

export default follow;
