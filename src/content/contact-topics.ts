/** Subjects of the contact form (labels shown in its select). */
export const CONTACT_TOPICS = {
  commande: 'Une commande ou un paiement',
  document: 'Un document (Kbis, statuts, comptes…)',
  compte: 'Mon compte ou mes listes suivies',
  donnees: 'Les données d’une entreprise (erreur, opposition)',
  presse: 'Presse et partenariats',
  autre: 'Autre question',
} as const;

export type ContactTopic = keyof typeof CONTACT_TOPICS;
