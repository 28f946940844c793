/**
 * Main navigation. `children: 'services'` and `children: 'businessList'` mark the two mega-menus;
 * the other pages are plain links.
 */
export type MenuPage = {
  name: string;
  href: string;
  children?: 'services' | 'businessList';
};

export type BusinessListType = 'company-creation' | 'files' | 'lexicon' | 'tips' | 'b2b';

export type BusinessListItem = {
  type: BusinessListType;
  title: string;
  link: string;
  typeTitle?: string;
  typeLink?: string;
};

const pages: MenuPage[] = [
  { name: 'Services', href: '/services', children: 'services' },
  { name: 'Ressources', href: '/nos-dossiers', children: 'businessList' },
  { name: 'Dirigeants', href: '/dirigeants' },
  { name: 'Recherche avancée', href: '/recherches-avancees' },
  { name: 'Actualités', href: '/actualites' },
  { name: 'Tarifs', href: '/nos-tarifs' },
];

/** The business-list mega-menu, grouped by type in this order. */
const businessList: BusinessListItem[] = [
  {
    type: 'company-creation',
    typeTitle: 'Créer son entreprise',
    typeLink: '/creation-entreprise',
    title: 'Créer une SAS',
    link: '/creation-entreprise/sas',
  },
  { type: 'company-creation', title: 'Créer une SARL', link: '/creation-entreprise/sarl' },
  { type: 'company-creation', title: 'Créer une SCI', link: '/creation-entreprise/sci' },
  {
    type: 'company-creation',
    title: 'Devenir micro-entrepreneur',
    link: '/creation-entreprise/micro-entreprise',
  },
  {
    type: 'files',
    typeTitle: 'Nos dossiers',
    typeLink: '/nos-dossiers',
    title: 'Gérer son entreprise',
    link: '/nos-dossiers/gerer-son-entreprise',
  },
  {
    type: 'files',
    title: 'Vérifier une entreprise',
    link: '/nos-dossiers/verifier-une-entreprise',
  },
  {
    type: 'files',
    title: 'Entreprises en difficulté',
    link: '/nos-dossiers/entreprises-en-difficulte',
  },
  {
    type: 'lexicon',
    typeTitle: 'Notre lexique',
    typeLink: '/notre-lexique',
    title: 'Formes juridiques',
    link: '/notre-lexique/formes-juridiques',
  },
  {
    type: 'lexicon',
    title: 'Comptabilité et finance',
    link: '/notre-lexique/comptabilite-finance',
  },
  { type: 'lexicon', title: 'Dictionnaire du greffe', link: '/dictionnaire-greffe' },
  {
    type: 'tips',
    typeTitle: 'Conseils et actualités',
    typeLink: '/actualites',
    title: 'Actualités des entreprises',
    link: '/actualites',
  },
  { type: 'tips', title: 'Comparer des entreprises', link: '/comparateur-entreprises' },
  { type: 'tips', title: 'Hub data', link: '/hub-data' },
  {
    type: 'b2b',
    typeTitle: 'Documents B2B',
    typeLink: '/documents-b2b',
    title: 'Modèles de documents',
    link: '/documents',
  },
  { type: 'b2b', title: 'Logiciel comptable', link: '/logiciel-comptable' },
  {
    type: 'b2b',
    title: 'Entreprises par secteur',
    link: '/index-entreprises/secteur',
  },
  {
    type: 'b2b',
    title: 'Entreprises par département',
    link: '/index-entreprises/departement',
  },
];

export default {
  pages,
  businessList,
  businessListTypes: {
    'company-creation': 'Création d’entreprise',
    files: 'Dossiers',
    lexicon: 'Lexique',
    tips: 'Conseils',
    b2b: 'Entreprises',
  } satisfies Record<BusinessListType, string>,
} as const;
