/** Cookie categories of the consent dialog, with the cookies each one covers. */
export type CookieInfo = { name: string; description: string; expiration: string; type: string };

export default {
  categories: {
    essentials: {
      title: 'Essentiels',
      description:
        'Indispensables au fonctionnement du site : session, sécurité des formulaires et mémorisation de vos choix de cookies.',
      cookies: [
        {
          name: 'consentManager',
          description: 'Mémorise vos choix de cookies.',
          expiration: '1 an',
          type: 'Première partie',
        },
        {
          name: 'XSRF-TOKEN',
          description: 'Protège les formulaires contre la falsification de requêtes.',
          expiration: 'Session',
          type: 'Première partie',
        },
        {
          name: 'registre_session',
          description: 'Maintient votre connexion à votre compte.',
          expiration: '2 heures',
          type: 'Première partie',
        },
      ] as CookieInfo[],
    },
    statistics: {
      title: 'Statistiques',
      description:
        'Mesurent l’audience de manière agrégée pour comprendre comment le site est utilisé et l’améliorer.',
      cookies: [
        {
          name: '_ga',
          description:
            'Distingue les visiteurs pour les statistiques de fréquentation (Google Analytics).',
          expiration: '13 mois',
          type: 'Tiers',
        },
        {
          name: '_ga_*',
          description: 'Conserve l’état de la session de mesure d’audience (Google Analytics).',
          expiration: '13 mois',
          type: 'Tiers',
        },
      ] as CookieInfo[],
    },
    marketing: {
      title: 'Marketing',
      description:
        'Permettent de mesurer l’efficacité de nos campagnes publicitaires et de vous proposer des annonces pertinentes.',
      cookies: [
        {
          name: '_gcl_au',
          description: 'Attribue les visites aux campagnes publicitaires (Google Ads).',
          expiration: '3 mois',
          type: 'Tiers',
        },
        {
          name: '_fbp',
          description: 'Mesure les conversions issues des publicités (Meta).',
          expiration: '3 mois',
          type: 'Tiers',
        },
      ] as CookieInfo[],
    },
    preferences: {
      title: 'Préférences',
      description:
        'Mémorisent vos réglages d’affichage et vos dernières recherches pour personnaliser votre expérience.',
      cookies: [
        {
          name: 'filter-storage',
          description: 'Conserve vos filtres de recherche (stockage local).',
          expiration: 'Jusqu’à suppression',
          type: 'Première partie',
        },
      ] as CookieInfo[],
    },
    unknown: {
      title: 'Non classés',
      description:
        'Cookies en cours de classification, déposés par des services tiers intégrés au site.',
      cookies: [] as CookieInfo[],
    },
  },
} as const;
