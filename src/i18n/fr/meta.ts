/** Default document metadata and the organisation’s structured data. */
export default {
  defaultTitle: 'Registre — informations officielles sur les entreprises françaises',
  titleTemplate: '%s | Registre',
  defaultDescription:
    'Recherchez une entreprise française et ses dirigeants, consultez ses données officielles (Sirene, BODACC, RNE, INPI) et commandez ses documents.',
  organisation: {
    name: 'Registre',
    description: 'Informations officielles et documents sur les entreprises françaises.',
    addressLocality: 'Genève',
    addressCountry: 'CH',
  },
} as const;
