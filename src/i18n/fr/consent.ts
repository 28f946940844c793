/** Consent banner and preferences dialog (spec section 4, "Consent"). */
export default {
  bannerLabel: 'Gestion des cookies',
  title: 'Nous respectons votre vie privée',
  text: 'Nous utilisons des cookies pour faire fonctionner le site, mesurer son audience, mémoriser vos préférences et, avec votre accord, personnaliser la publicité. Vous pouvez accepter, refuser ou choisir par catégorie, et changer d’avis à tout moment depuis « Gérer les cookies » en bas de page.',
  privacyPolicy: 'Politique de confidentialité',
  privacyPolicyHref: '/politiques-de-confidentialite',
  acceptAll: 'Tout accepter',
  customize: 'Personnaliser',
  dialogTitle: 'Préférences de cookies',
  dialogIntro:
    'Choisissez les catégories de cookies que vous acceptez. Les cookies essentiels sont nécessaires au fonctionnement du site et ne peuvent pas être désactivés.',
  save: 'Enregistrer',
  rejectAll: 'Tout refuser',
  close: 'Fermer',
  alwaysOn: 'Toujours actifs',
  toggleLabel: 'Autoriser les cookies « {category} »',
  cookieTable: {
    name: 'Nom',
    description: 'Finalité',
    expiration: 'Durée',
    type: 'Type',
  },
  saved: 'Vos préférences de cookies sont enregistrées.',
} as const;
