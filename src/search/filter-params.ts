/** The filters' shape and URL parameter names: no SQL here, client components import it. */
import { lookupTable } from '@/lib/lookup';

export type SearchFilters = {
  departments: string[];
  /** NAF codes ("70.10Z") or sections ("C"). */
  activities: string[];
  legalForms: string[];
  headcountBands: string[];
  categories: string[];
  status: 'A' | 'C' | null;
  createdFrom: string | null;
  createdTo: string | null;
  capitalMin: number | null;
  capitalMax: number | null;
  revenueMin: number | null;
  revenueMax: number | null;
  netResultMin: number | null;
  netResultMax: number | null;
  /** A 5-digit postcode or a commune name. */
  place: string | null;
  /** Labels and certifications the company must all hold (codes of SEARCH_LABELS). */
  labels: string[];
  /** Labels and certifications the company must not hold (the API's `est_*=false`). */
  excludedLabels: string[];
  /** Local authorities by their code (`75C`, `69M`, `84`, an EPCI's SIREN, a commune's code). */
  collectivities: string[];
  /** Identifiers a label carries: FINESS (9 characters), UAI (8), RGE qualification code. */
  finess: string[];
  uai: string[];
  rge: string[];
  /** Only companies on which two sources contradict each other (« données contradictoires »). */
  contradictions: boolean;
  /** Communes by INSEE code (Paris, Lyon and Marseille include their arrondissements). */
  communes: string[];
  /** Intercommunalities (EPCI) by SIREN: their member communes. */
  epcis: string[];
  /** Collective agreements (IDCC, 4 digits) declared by the company or its establishments. */
  idcc: string[];
  /** A director's name (words in any order), optionally born within a range of years. */
  directorName: string | null;
  directorBirthFrom: number | null;
  directorBirthTo: number | null;
  /** An elected official's name (répertoire national des élus): the local authorities they sit in. */
  electedName: string | null;
};

/**
 * Labels and certifications a search can require (company_labels codes, from the Annuaire des
 * Entreprises answers), with their short French names for the filter form.
 */
export const SEARCH_LABELS = lookupTable<string>({
  ess: 'Économie sociale et solidaire (ESS)',
  'societe-mission': 'Société à mission',
  'entrepreneur-individuel': 'Entrepreneur individuel',
  'convention-collective': 'Convention collective renseignée',
  rge: 'RGE',
  qualiopi: 'Qualiopi',
  'organisme-formation': 'Organisme de formation',
  siae: 'Insertion (SIAE)',
  finess: 'Sanitaire et social (FINESS)',
  bio: 'Bio',
  'entrepreneur-spectacle': 'Entrepreneur de spectacles',
  'service-public': 'Service public',
  administration: 'Administration',
  'collectivite-territoriale': 'Collectivité territoriale',
  egapro: 'Index Egapro renseigné',
  'bilan-ges': 'Bilan GES renseigné',
  uai: 'Enseignement (UAI)',
  association: 'Association',
  'achats-responsables': 'Achats responsables',
  'alim-confiance': 'Alim’confiance',
  'patrimoine-vivant': 'Patrimoine vivant',
  avocat: 'Avocat',
  'aide-minimis': 'Aides de minimis',
  'aide-ademe': 'Aides ADEME',
  'l100-3': 'Administration (CRPA)',
});

export const EMPTY_FILTERS: SearchFilters = {
  departments: [],
  activities: [],
  legalForms: [],
  headcountBands: [],
  categories: [],
  status: null,
  createdFrom: null,
  createdTo: null,
  capitalMin: null,
  capitalMax: null,
  revenueMin: null,
  revenueMax: null,
  netResultMin: null,
  netResultMax: null,
  place: null,
  labels: [],
  excludedLabels: [],
  collectivities: [],
  finess: [],
  uai: [],
  rge: [],
  contradictions: false,
  communes: [],
  epcis: [],
  idcc: [],
  directorName: null,
  directorBirthFrom: null,
  directorBirthTo: null,
  electedName: null,
};

/** URL parameter name of each filter (French, as the site's links show them). */
export const FILTER_PARAMS = {
  departments: 'departement',
  activities: 'activite',
  legalForms: 'forme_juridique',
  headcountBands: 'effectif',
  categories: 'categorie',
  status: 'etat',
  createdFrom: 'creation_min',
  createdTo: 'creation_max',
  capitalMin: 'capital_min',
  capitalMax: 'capital_max',
  revenueMin: 'ca_min',
  revenueMax: 'ca_max',
  netResultMin: 'resultat_min',
  netResultMax: 'resultat_max',
  place: 'lieu',
  labels: 'label',
  excludedLabels: 'sans_label',
  collectivities: 'collectivite',
  finess: 'finess',
  uai: 'uai',
  rge: 'rge',
  contradictions: 'contradictions',
  communes: 'commune',
  epcis: 'epci',
  idcc: 'convention',
  directorName: 'dirigeant',
  directorBirthFrom: 'naissance_min',
  directorBirthTo: 'naissance_max',
  electedName: 'elu',
} as const satisfies Record<keyof SearchFilters, string>;

/** Sort orders of a result list (`tri`); `distance` only with a point (`lat`/`lon` or `autour`). */
export const SEARCH_SORTS = ['pertinence', 'nom', 'creation', 'taille', 'ca', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The other URL parameters of a search (FILTER_PARAMS holds the filters'). */
export const SEARCH_PARAMS = {
  query: 'q',
  sort: 'tri',
  order: 'ordre',
  page: 'page',
  pageSize: 'per_page',
  lat: 'lat',
  lon: 'lon',
  radius: 'rayon',
  around: 'autour',
} as const;

/** Around a point: `rayon` km at most. */
export const MAX_RADIUS_KM = 50;
export const DEFAULT_RADIUS_KM = 10;
