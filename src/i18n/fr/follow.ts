/** The follow button of company pages and search results (kept apart: it ships on every company page). */
const follow = {
  follow: 'Suivre',
  following: 'Suivie',
  pickList: 'Ajouter à une liste',
  newListLabel: 'Nouvelle liste',
  newListPlaceholder: 'ex. Fournisseurs',
  create: 'Créer et suivre',
  close: 'Fermer',
  unfollowAll: 'Ne plus suivre',
  label: 'Suivre cette entreprise',
  /** The button's name once followed: what a click does (the visible « ✓ Suivie » is part of it). */
  labelFollowing: 'Suivie — ne plus suivre ou changer de liste',
  loading: 'Chargement…',
  error: 'Une erreur est survenue : réessayez dans un instant.',
  ownerInfo: {
    title: 'Informations fournies par l’entreprise',
    note: 'Ces informations sont données par le propriétaire vérifié de la fiche, pas par les registres officiels.',
    description: 'Présentation',
    website: 'Site web',
    phone: 'Téléphone',
    hours: 'Horaires',
  },
} as const;

export default follow;
