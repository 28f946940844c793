/**
 * One catalogue of what the site sells and shows: the document kinds that can be ordered (spec
 * section 7, POST /api/{kind}/{siren}/order) and the services that present them (spec sections 2
 * and 3, "Service card"). The services grid, the menus, the order routes and the prices page all
 * read these two tables; nothing else lists services or prices.
 *
 * Prices are ours (EUR cents, VAT included), set against what comparable French sites charge in
 * 2025; the spec gives none. They are placeholders for the business to confirm before launch.
 */

export const serviceTypes = [
  'official-document',
  'finance',
  'legal',
  'intellectual-property',
  'research',
] as const;
export type ServiceType = (typeof serviceTypes)[number];

export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv';

/** Kinds ordered with POST /api/{kind}/{siren}/order and no body. */
export const bodylessOrderKinds = [
  'vat-numbers',
  'eori-numbers',
  'kbis',
  'modification-history',
  'partial-dept-status',
  'company-summary',
  'rne-extracts',
  'ps-extracts',
  'pole-score-grades',
  'financial-diagnostics',
  'sirene-situations',
  'brands-list',
  'establishments-list',
  'patents-list',
  'commercial-advertisements-list',
  'representative-synthesis',
  'collective-agreements',
  'afdcc-diagnostics',
  'bank-of-france-quotations',
  'ape-codes',
  'rcs-numbers',
  'social-information-list',
  'acts-list',
  'company-agreements-list',
  'insolvency-proceeding-list',
  'ps-synthesis',
  'solvency-scores',
  'financial-outstandings',
] as const;

/** Kinds ordered with a body (the fields are in spec section 3, "Order payloads"). */
export const bodyOrderKinds = [
  'balance-sheets',
  'acts',
  'brands',
  'patents',
  'commercial-advertisements',
  'company-agreements',
  'letters',
] as const;

export type OrderKind = (typeof bodylessOrderKinds)[number] | (typeof bodyOrderKinds)[number];

export type DocumentKind = {
  kind: OrderKind;
  /** French name of the document, as on an order or an invoice. */
  label: string;
  type: ServiceType;
  /** EUR cents, VAT included. */
  priceCents: number;
  formats: readonly DocumentFormat[];
  /** True when the order carries a body (acts, brands, patents…). */
  hasBody: boolean;
};

type KindRow = [OrderKind, string, ServiceType, number, readonly DocumentFormat[]];

const pdf = ['pdf'] as const;
const table = ['pdf', 'xlsx', 'csv'] as const;
const word = ['pdf', 'docx'] as const;

const kindRows: KindRow[] = [
  ['kbis', 'Extrait Kbis', 'official-document', 490, pdf],
  ['vat-numbers', 'Attestation de numéro de TVA intracommunautaire', 'official-document', 290, pdf],
  ['eori-numbers', 'Attestation de numéro EORI', 'official-document', 290, pdf],
  ['sirene-situations', 'Relevé de situation au répertoire Sirene', 'official-document', 290, pdf],
  ['ape-codes', 'Attestation de code APE', 'official-document', 290, pdf],
  ['rcs-numbers', 'Attestation de numéro RCS', 'official-document', 290, pdf],
  [
    'rne-extracts',
    'Extrait d’immatriculation RNE et Sirene (n’est pas un Kbis)',
    'official-document',
    490,
    word,
  ],
  ['company-summary', 'Fiche synthétique de l’entreprise', 'official-document', 490, word],
  ['modification-history', 'Historique des modifications', 'official-document', 490, table],
  ['establishments-list', 'Liste des établissements', 'official-document', 390, table],
  ['social-information-list', 'Informations sociales', 'official-document', 390, table],
  ['balance-sheets', 'Comptes annuels', 'finance', 590, pdf],
  ['financial-diagnostics', 'Diagnostic financier Registre', 'finance', 1490, pdf],
  ['afdcc-diagnostics', 'Diagnostic financier AFDCC', 'finance', 1990, pdf],
  ['bank-of-france-quotations', 'Cotation Banque de France', 'finance', 2490, pdf],
  ['pole-score-grades', 'Pole Score', 'finance', 990, pdf],
  ['solvency-scores', 'Score de solvabilité', 'finance', 990, pdf],
  ['financial-outstandings', 'Encours financiers', 'finance', 990, pdf],
  ['partial-dept-status', 'État d’endettement partiel', 'legal', 990, pdf],
  ['ps-extracts', 'Extrait PS (privilèges et sûretés)', 'legal', 990, pdf],
  ['ps-synthesis', 'Synthèse des privilèges et sûretés', 'legal', 590, pdf],
  ['acts-list', 'Liste des actes et dépôts publiés', 'legal', 390, table],
  ['acts', 'Acte ou statuts déposés au greffe', 'legal', 790, pdf],
  ['commercial-advertisements-list', 'Liste des annonces BODACC', 'legal', 390, table],
  ['commercial-advertisements', 'Annonce BODACC', 'legal', 290, pdf],
  ['insolvency-proceeding-list', 'Liste des procédures collectives', 'legal', 390, table],
  ['representative-synthesis', 'Synthèse des dirigeants', 'legal', 490, table],
  ['collective-agreements', 'Conventions collectives applicables', 'legal', 390, table],
  ['company-agreements-list', 'Liste des accords d’entreprise', 'legal', 390, pdf],
  ['company-agreements', 'Accord d’entreprise', 'legal', 290, pdf],
  ['letters', 'Modèle de courrier', 'legal', 490, ['docx', 'pdf']],
  ['brands-list', 'Liste des marques déposées', 'intellectual-property', 390, table],
  ['brands', 'Fiche de marque', 'intellectual-property', 290, pdf],
  ['patents-list', 'Liste des brevets', 'intellectual-property', 390, table],
  ['patents', 'Fiche de brevet', 'intellectual-property', 290, pdf],
];

const bodyKinds = new Set<string>(bodyOrderKinds);

export const documentKinds: readonly DocumentKind[] = kindRows.map(
  ([kind, label, type, priceCents, formats]) => ({
    kind,
    label,
    type,
    priceCents,
    formats,
    hasBody: bodyKinds.has(kind),
  }),
);

export function documentKind(kind: OrderKind): DocumentKind {
  const found = documentKinds.find((d) => d.kind === kind);
  if (!found) throw new Error(`type de document inconnu : ${kind}`);
  return found;
}

/** A service card (spec section 3): what the grid, the menus and the service pages show. */
export type Service = {
  slug: string;
  title: string;
  altTitle: string;
  description: string;
  type: ServiceType;
  /** The service's own page (spec section 2). */
  link: string;
  /** The document ordered from this service's page; none for free research tools. */
  orderKind?: OrderKind;
};

export const services: readonly Service[] = [
  {
    slug: 'extrait-kbis',
    title: 'Extrait Kbis',
    altTitle: 'Kbis',
    description: 'La carte d’identité officielle d’une entreprise immatriculée au RCS.',
    type: 'official-document',
    link: '/extrait-kbis',
    orderKind: 'kbis',
  },
  {
    slug: 'numero-tva',
    title: 'Numéro de TVA intracommunautaire',
    altTitle: 'Numéro de TVA',
    description: 'Le numéro de TVA d’une entreprise, calculé et vérifié.',
    type: 'official-document',
    link: '/numero-tva',
    orderKind: 'vat-numbers',
  },
  {
    slug: 'numero-eori',
    title: 'Numéro EORI',
    altTitle: 'EORI',
    description: 'L’identifiant douanier des entreprises qui importent ou exportent hors de l’UE.',
    type: 'official-document',
    link: '/numero-eori',
    orderKind: 'eori-numbers',
  },
  {
    slug: 'situation-sirene',
    title: 'Avis de situation Sirene',
    altTitle: 'Situation Sirene',
    description: 'L’inscription de l’entreprise et de ses établissements au répertoire de l’INSEE.',
    type: 'official-document',
    link: '/situation-sirene',
    orderKind: 'sirene-situations',
  },
  {
    slug: 'numero-rcs',
    title: 'Numéro RCS',
    altTitle: 'RCS',
    description:
      'Le numéro d’immatriculation au registre du commerce et des sociétés et son greffe.',
    type: 'official-document',
    link: '/numero-rcs',
    orderKind: 'rcs-numbers',
  },
  {
    slug: 'code-ape',
    title: 'Code APE',
    altTitle: 'Code NAF',
    description: 'L’activité principale de l’entreprise selon la nomenclature de l’INSEE.',
    type: 'official-document',
    link: '/code-ape',
    orderKind: 'ape-codes',
  },
  {
    slug: 'liste-etablissements',
    title: 'Liste des établissements',
    altTitle: 'Établissements',
    description: 'Le siège et tous les établissements, ouverts ou fermés, avec leur SIRET.',
    type: 'official-document',
    link: '/liste-etablissements',
    orderKind: 'establishments-list',
  },
  {
    slug: 'comptes-annuels',
    title: 'Comptes annuels',
    altTitle: 'Bilans',
    description: 'Bilan, compte de résultat et chiffres clés des exercices publiés.',
    type: 'finance',
    link: '/comptes-annuels',
    orderKind: 'balance-sheets',
  },
  {
    slug: 'diagnostic-financier',
    title: 'Diagnostic financier Registre',
    altTitle: 'Analyse des comptes',
    description: 'Une analyse de la santé financière de l’entreprise à partir de ses comptes.',
    type: 'finance',
    link: '/diagnostic-financier',
    orderKind: 'financial-diagnostics',
  },
  {
    slug: 'diagnostic-afdcc',
    title: 'Diagnostic AFDCC',
    altTitle: 'Score AFDCC',
    description: 'Le risque de défaillance évalué selon la méthode des credit managers.',
    type: 'finance',
    link: '/diagnostic-afdcc',
    orderKind: 'afdcc-diagnostics',
  },
  {
    slug: 'cotation-banque-de-france',
    title: 'Cotation Banque de France',
    altTitle: 'Cotation BdF',
    description: 'La cote de crédit attribuée par la Banque de France aux entreprises.',
    type: 'finance',
    link: '/cotation-banque-de-france',
    orderKind: 'bank-of-france-quotations',
  },
  {
    slug: 'pole-score',
    title: 'Pole Score',
    altTitle: 'Score de solidité',
    description: 'Une note de solidité financière pour évaluer un client ou un fournisseur.',
    type: 'finance',
    link: '/pole-score',
    orderKind: 'pole-score-grades',
  },
  {
    slug: 'actes-et-statuts',
    title: 'Actes et statuts',
    altTitle: 'Statuts',
    description: 'Les statuts à jour et les actes déposés au greffe par l’entreprise.',
    type: 'legal',
    link: '/actes-et-statuts',
    orderKind: 'acts-list',
  },
  {
    slug: 'annonces-bodacc',
    title: 'Annonces BODACC',
    altTitle: 'BODACC',
    description: 'Créations, modifications, ventes, dépôts des comptes et radiations publiés.',
    type: 'legal',
    link: '/annonces-bodacc',
    orderKind: 'commercial-advertisements-list',
  },
  {
    slug: 'liste-procedures-collectives',
    title: 'Procédures collectives',
    altTitle: 'Procédures',
    description: 'Sauvegarde, redressement ou liquidation judiciaire : les jugements publiés.',
    type: 'legal',
    link: '/liste-procedures-collectives',
    orderKind: 'insolvency-proceeding-list',
  },
  {
    slug: 'extrait-ps',
    title: 'Extrait PS',
    altTitle: 'Privilèges et sûretés',
    description:
      'Les privilèges et sûretés inscrits contre l’entreprise : nantissements, privilèges.',
    type: 'legal',
    link: '/extrait-ps',
    orderKind: 'ps-extracts',
  },
  {
    slug: 'marques',
    title: 'Marques',
    altTitle: 'Marques déposées',
    description: 'Les marques déposées par l’entreprise auprès de l’INPI.',
    type: 'intellectual-property',
    link: '/marques',
    orderKind: 'brands-list',
  },
  {
    slug: 'brevets',
    title: 'Brevets',
    altTitle: 'Brevets déposés',
    description: 'Les brevets d’invention déposés ou détenus par l’entreprise.',
    type: 'intellectual-property',
    link: '/brevets',
    orderKind: 'patents-list',
  },
  {
    slug: 'numero-siren-siret',
    title: 'Numéro SIREN et SIRET',
    altTitle: 'SIREN / SIRET',
    description: 'Retrouver les identifiants d’une entreprise et de ses établissements.',
    type: 'research',
    link: '/numero-siren-siret',
  },
  {
    slug: 'dirigeants',
    title: 'Dirigeants',
    altTitle: 'Recherche de dirigeants',
    description: 'Les mandats d’un dirigeant et les entreprises qu’il représente.',
    type: 'research',
    link: '/dirigeants',
    orderKind: 'representative-synthesis',
  },
  {
    slug: 'creation-entreprise',
    title: 'Création d’entreprise',
    altTitle: 'Créer son entreprise',
    description: 'Choisir sa forme juridique et réussir les formalités de création.',
    type: 'research',
    link: '/creation-entreprise',
  },
];

/** The starting price of a service, from its document kind; undefined for free tools. */
export function servicePriceCents(service: Service): number | undefined {
  return service.orderKind ? documentKind(service.orderKind).priceCents : undefined;
}

/** Grid variants of spec section 2: full (pages), compact (header menu), vertical (side lists). */
export type ServicesVariant = 'full' | 'compact' | 'vertical';
export type ServiceTypeFilter = ServiceType | 'all';

/**
 * The services a grid variant shows, in catalogue order: the full variant hides the research type
 * and the company-creation service; the compact variant leaves out the directors link; then the
 * type filter applies.
 */
export function servicesFor(
  variant: ServicesVariant,
  filter: ServiceTypeFilter = 'all',
  catalogue: readonly Service[] = services,
): Service[] {
  return catalogue.filter((s) => {
    if (variant === 'full' && (s.type === 'research' || s.slug === 'creation-entreprise')) {
      return false;
    }
    if (variant === 'compact' && s.link === '/dirigeants') return false;
    return filter === 'all' || s.type === filter;
  });
}

/** The types present in a list, in the catalogue's type order (for the filter's tabs). */
export function typesOf(list: readonly Service[]): ServiceType[] {
  return serviceTypes.filter((type) => list.some((s) => s.type === type));
}

// One formatter for the process: building an Intl.NumberFormat resolves the locale each time, and
// a company page prints a dozen prices (1.2 ms of a cold render in a CPU profile, issue 29).
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "4,90 €" */
export function formatPrice(cents: number): string {
  return euros.format(cents / 100);
}
