/** The filters' shape and URL parameter names: no SQL here, client components import it. */
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
};

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
} as const satisfies Record<keyof SearchFilters, string>;
