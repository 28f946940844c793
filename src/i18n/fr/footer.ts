/** Footer. A rights link whose href is `clickAction` opens the consent preferences instead. */
export const clickAction = 'clickAction';

export type FooterLink = { title: string; href: string };
export type SocialLink = {
  name: string;
  href: string;
  icon: 'linkedin' | 'x' | 'facebook' | 'youtube';
};

const columns: Array<{ title: string; links: FooterLink[] }> = [
  {
    title: 'Services',
    links: [
      { title: 'Extrait Kbis', href: '/extrait-kbis' },
      { title: 'Comptes annuels', href: '/comptes-annuels' },
      { title: 'Actes et statuts', href: '/actes-et-statuts' },
      { title: 'Annonces BODACC', href: '/annonces-bodacc' },
      { title: 'Numéro de TVA', href: '/numero-tva' },
      { title: 'Tous les services', href: '/services' },
    ],
  },
  {
    title: 'Ressources',
    links: [
      { title: 'Actualités', href: '/actualites' },
      { title: 'Nos dossiers', href: '/nos-dossiers' },
      { title: 'Notre lexique', href: '/notre-lexique' },
      { title: 'Créer son entreprise', href: '/creation-entreprise' },
      { title: 'Hub data', href: '/hub-data' },
      { title: 'Entreprises par secteur', href: '/index-entreprises/secteur' },
    ],
  },
  {
    title: 'Informations',
    links: [
      { title: 'À propos', href: '/a-propos' },
      { title: 'Nos tarifs', href: '/nos-tarifs' },
      { title: 'Questions fréquentes', href: '/faq' },
      { title: 'Contact', href: '/contact' },
      { title: 'Carrières', href: '/carrieres' },
      { title: 'Newsroom', href: '/newsroom' },
      { title: 'Espace presse', href: '/presse-media-kit' },
    ],
  },
];

const socialLinks: SocialLink[] = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/registre-fr', icon: 'linkedin' },
  { name: 'X', href: 'https://x.com/registre_fr', icon: 'x' },
  { name: 'Facebook', href: 'https://www.facebook.com/registre.fr', icon: 'facebook' },
  { name: 'YouTube', href: 'https://www.youtube.com/@registre-fr', icon: 'youtube' },
];

const rightsLinks: FooterLink[] = [
  { title: 'Mentions légales', href: '/mentions-legales' },
  { title: 'Conditions générales', href: '/conditions-generales' },
  { title: 'Politique de confidentialité', href: '/politiques-de-confidentialite' },
  { title: 'Gérer les cookies', href: clickAction },
];

export default {
  label: 'Pied de page',
  description:
    'Registre rassemble les données officielles des entreprises françaises — Sirene, BODACC, RNE, INPI — et en tire des documents à commander en quelques clics.',
  socialTitle: 'Suivez-nous',
  socialLinkLabel: 'Registre sur {name} (nouvel onglet)',
  columns,
  socialLinks,
  accountTitle: 'Votre espace',
  accountText: 'Retrouvez vos commandes, vos documents et vos listes d’entreprises suivies.',
  /** When the registries are connected (src/documents/sale.ts). */
  kbisDisclaimerSold:
    'L’extrait Kbis officiel est délivré uniquement par les greffes des tribunaux de commerce : nous le commandons pour vous auprès du greffe, par Infogreffe. Avec l’abonnement, les extraits Kbis sont inclus dans la limite du quota mensuel indiqué dans les conditions générales ; au-delà, chaque extrait est facturé à l’unité.',
  /** Otherwise: we do not sell it, and say where it is. */
  kbisDisclaimer:
    'L’extrait Kbis officiel est délivré uniquement par les greffes des tribunaux de commerce, sur infogreffe.fr ; les dirigeants d’une société l’obtiennent gratuitement sur monidenum.fr. Nous ne le vendons pas : notre extrait d’immatriculation établi d’après le RNE et Sirene n’est pas un Kbis.',
  sourcesTitle: 'Sources et partenaires',
  sources: [
    { name: 'INSEE — base Sirene', href: 'https://www.sirene.fr' },
    { name: 'DILA — BODACC', href: 'https://www.bodacc.fr' },
    { name: 'INPI — Registre national des entreprises', href: 'https://data.inpi.fr' },
    { name: 'INPI — marques', href: 'https://data.inpi.fr' },
    {
      name: 'Ministère du Travail — conventions collectives',
      href: 'https://code.travail.gouv.fr',
    },
    { name: 'data.gouv.fr', href: 'https://www.data.gouv.fr' },
  ] as Array<{ name: string; href: string }>,
  copyright: '© {year} Registre. Tous droits réservés.',
  rightsLabel: 'Informations légales',
  rightsLinks,
} as const;
