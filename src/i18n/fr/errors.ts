/** Error pages: a section’s error boundary, the whole-site fallback and the unknown address. */
export default {
  boundary: {
    title: 'Une erreur est survenue',
    body: 'Cette page n’a pas pu s’afficher. L’incident nous a été signalé ; vous pouvez réessayer dans un instant.',
    retry: 'Réessayer',
    home: 'Retour à l’accueil',
    reference: 'Référence de l’incident : {digest}',
  },
  global: {
    title: 'Le site est momentanément indisponible',
    body: 'Une erreur nous empêche d’afficher le site. L’incident nous a été signalé ; réessayez dans quelques instants.',
  },
  notFound: {
    title: 'Page introuvable',
    body: 'L’adresse demandée ne correspond à aucune page du site. Elle a peut-être été déplacée, ou elle contient une faute de frappe.',
    search: 'Rechercher une entreprise',
  },
} as const;
