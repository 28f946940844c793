/**
 * The pages that have an article page at `/{servicePath}/article/{slug}` (spec section 2): the 19
 * service groups and the directors' search. `content/articles/<servicePath>/` must be one of them.
 * Kept free of imports so the Velite config can use it; a test checks it against the services.
 */
export const ARTICLE_SERVICE_PATHS = [
  'extrait-kbis',
  'numero-eori',
  'numero-tva',
  'situation-sirene',
  'diagnostic-financier',
  'numero-siren-siret',
  'comptes-annuels',
  'liste-etablissements',
  'annonces-bodacc',
  'marques',
  'brevets',
  'actes-et-statuts',
  'liste-procedures-collectives',
  'extrait-ps',
  'diagnostic-afdcc',
  'cotation-banque-de-france',
  'code-ape',
  'numero-rcs',
  'pole-score',
  'dirigeants',
] as const;

/** The company types of `content/creation-entreprise/<companyType>.md`, in the menu's order. */
export const COMPANY_TYPES = [
  'micro-entreprise',
  'ei',
  'eurl',
  'sarl',
  'sasu',
  'sas',
  'sa',
  'sci',
  'snc',
  'association',
] as const;
