/**
 * The parameters of the government's search API (recherche-entreprises.api.gouv.fr, `/search` and
 * `/near_point`), validated as that API validates them (validation.ts), then
 * split between our own search's parameters (src/search/request.ts) and the conditions ours has no
 * filter for (filters.ts). Every documented parameter is served; unknown
 * ones are ignored, as the API does. No SQL here: the OpenAPI module and the docs read the tables.
 */
import departments from '@etalab/decoupage-administratif/data/departements.json';
import { FILTER_PARAMS, SEARCH_PARAMS } from '@/search/filter-params';
import { BOOLEAN_FILTERS } from './gov-fields';
import {
  isDropInError,
  validateGovParams,
  type DropInError,
  type DropInKind,
  type GovParams,
} from './validation';

export type { DropInError, DropInKind } from './validation';

/** Where the drop-in is mounted on our site: `<site>/api/recherche-entreprises/search`. */
export const DROPIN_PREFIX = '/api/recherche-entreprises';
export const DROPIN_SEARCH = `${DROPIN_PREFIX}/search`;
export const DROPIN_NEAR_POINT = `${DROPIN_PREFIX}/near_point`;

const FLAG_DESCRIPTIONS: Record<(typeof BOOLEAN_FILTERS)[number], string> = {
  est_entrepreneur_individuel: 'entrepreneur individuel (forme juridique 1000)',
  convention_collective_renseignee: 'au moins une convention collective déclarée',
  egapro_renseignee: 'index Egapro publié',
  est_achats_responsables: 'label Relations fournisseurs et achats responsables',
  est_alim_confiance: 'contrôles sanitaires Alim’confiance publiés',
  est_bio: 'opérateur bio certifié (Agence Bio)',
  est_finess: 'établissement sanitaire ou social (FINESS)',
  est_uai: 'établissement d’enseignement (UAI)',
  est_collectivite_territoriale: 'collectivité territoriale',
  est_entrepreneur_spectacle: 'entrepreneur de spectacles vivants',
  est_patrimoine_vivant: 'entreprise du patrimoine vivant',
  est_association: 'association (RNA, ou forme juridique 5195 ou 92xx)',
  est_ess: 'économie sociale et solidaire (SIRENE ou liste ESS France)',
  est_organisme_formation: 'organisme de formation déclaré',
  est_qualiopi: 'certifié Qualiopi',
  est_rge: 'qualification RGE',
  est_administration: 'administration',
  est_societe_mission: 'société à mission (false : déclarée non à mission, pas l’inconnu)',
  est_siae: 'structure d’insertion par l’activité économique',
};

/** Every parameter served, with what it does here (OpenAPI and docs/DROP-IN.md). */
export const SUPPORTED_PARAMS: Record<string, string> = {
  q: 'Termes de la recherche (dénomination, SIREN, SIRET, adresse, dirigeant), 3 caractères au moins sans autre filtre ; /search seulement.',
  page: 'Page, de 1 à 1000 (1 par défaut).',
  per_page: 'Résultats par page, de 1 à 25 (10 par défaut) ; page × per_page ≤ 10 000.',
  limite_matching_etablissements:
    'Établissements correspondants renvoyés par entreprise, de 1 à 100 (10 par défaut).',
  page_etablissements:
    'Avec q = un SIREN et include_admin=etablissements : la page de 100 établissements (1 à 1000).',
  activite_principale: 'Codes NAF (par exemple 62.02A), séparés par des virgules.',
  section_activite_principale: 'Sections NAF (A à U), séparées par des virgules.',
  categorie_entreprise: 'PME, ETI ou GE, séparées par des virgules.',
  code_postal: 'Codes postaux, séparés par des virgules.',
  code_commune: 'Codes commune INSEE, séparés par des virgules.',
  departement: 'Départements, séparés par des virgules.',
  region: 'Régions (code INSEE), séparées par des virgules (avec departement : les deux).',
  epci: 'EPCI (SIREN), séparés par des virgules.',
  etat_administratif: 'A (active) ou C (cessée).',
  nature_juridique: 'Catégories juridiques (4 chiffres), séparées par des virgules.',
  tranche_effectif_salarie:
    'Tranches d’effectif INSEE (NN, 00, 01… 53), séparées par des virgules.',
  ...Object.fromEntries(
    BOOLEAN_FILTERS.map((k) => [
      k,
      `true : ${FLAG_DESCRIPTIONS[k]} ; false : les autres entreprises.`,
    ]),
  ),
  code_collectivite_territoriale:
    'Codes de collectivité (2 caractères au moins : 75C, 63D, SIREN d’un EPCI…), séparés par des virgules.',
  id_convention_collective: 'Convention collective (IDCC, 4 caractères).',
  id_finess: 'Numéro FINESS d’un établissement (9 caractères).',
  id_uai: 'Numéro UAI d’un établissement d’enseignement (8 caractères).',
  id_rge: 'Code de qualification RGE.',
  ca_min: 'Chiffre d’affaires minimal (euros, entier).',
  ca_max: 'Chiffre d’affaires maximal (euros, entier).',
  resultat_net_min: 'Résultat net minimal (euros, entier).',
  resultat_net_max: 'Résultat net maximal (euros, entier).',
  nom_personne: 'Nom d’un dirigeant ou d’un élu.',
  prenoms_personne: 'Prénoms d’un dirigeant ou d’un élu.',
  date_naissance_personne_min:
    'Né(e) au plus tôt (AAAA-MM-JJ ; le mois compte, la naissance étant publiée au mois).',
  date_naissance_personne_max: 'Né(e) au plus tard (AAAA-MM-JJ ; le mois compte).',
  type_personne: 'DIRIGEANT ou ELU : où chercher la personne (les deux sans ce paramètre).',
  minimal: 'true : les champs de base seulement (avec include pour en ajouter).',
  include:
    'Avec minimal=true : siege, dirigeants, finances, complements, matching_etablissements, tva, score.',
  include_admin: 'etablissements, immatriculation, bodacc, admin : blocs ajoutés à la réponse.',
  sort_by_size: 'true : avec q, les plus grandes entreprises d’abord.',
  lat: 'Latitude du point (/near_point, obligatoire).',
  long: 'Longitude du point (/near_point, obligatoire).',
  radius: 'Rayon en km, de 0,001 à 50 (5 par défaut ; /near_point, ignoré sur /search).',
};

export const INCLUDE_FIELDS = [
  'siege',
  'dirigeants',
  'finances',
  'complements',
  'matching_etablissements',
  'tva',
  'score',
  'etablissements',
  'immatriculation',
  'bodacc',
  'admin',
] as const;
export type IncludeField = (typeof INCLUDE_FIELDS)[number];

export type DropInRequest = {
  /** Our search's parameters (src/search/request.ts), to be parsed by parseSearchRequest. */
  ours: URLSearchParams;
  /** The request as the API read it (its own filters go to filters.ts). */
  gov: GovParams;
  page: number;
  perPage: number;
  /** The result blocks to add to the base fields. */
  include: Set<IncludeField>;
  matchingSize: number;
  /** A combination no company can match (a department outside the region asked for). */
  empty: boolean;
};

const DEFAULT_BLOCKS: IncludeField[] = [
  'siege',
  'finances',
  'tva',
  'complements',
  'dirigeants',
  'matching_etablissements',
];

function departmentsOfRegion(region: string): string[] {
  return (departments as Array<{ code: string; region?: string }>)
    .filter((d) => d.region === region)
    .map((d) => d.code);
}

/**
 * The government's parameters → our search's, plus what the drop-in filters itself. On
 * /near_point the API applies the activity filters only (the others are validated, then ignored).
 */
export function parseDropInParams(
  params: URLSearchParams,
  kind: DropInKind,
): DropInRequest | DropInError {
  const gov = validateGovParams(params, kind);
  if (isDropInError(gov)) return gov;
  const ours = new URLSearchParams();
  let empty = false;
  const l = gov.lists;
  const activities = [
    ...(l.activite_principale_unite_legale ?? []),
    ...(l.section_activite_principale ?? []),
  ];
  if (activities.length) ours.set(FILTER_PARAMS.activities, [...new Set(activities)].join(','));
  if (kind === 'near_point') {
    ours.set(SEARCH_PARAMS.lat, gov.lat!.toFixed(7));
    ours.set(SEARCH_PARAMS.lon, gov.lon!.toFixed(7));
    ours.set(SEARCH_PARAMS.radius, String(Math.max(0.001, Math.round(gov.radius * 1000) / 1000)));
  } else {
    if (gov.terms !== null && gov.terms.trim()) ours.set(SEARCH_PARAMS.query, gov.terms);
    const set = (target: string, values: string[] | undefined) => {
      if (values?.length) ours.set(target, [...new Set(values)].join(','));
    };
    set(FILTER_PARAMS.categories, l.categorie_entreprise);
    set(FILTER_PARAMS.communes, l.commune);
    set(FILTER_PARAMS.epcis, l.epci);
    set(FILTER_PARAMS.legalForms, l.nature_juridique_unite_legale);
    set(FILTER_PARAMS.headcountBands, l.tranche_effectif_salarie_unite_legale);
    // Both given: the API requires both (its two nested filters), the departments in common.
    let deps = l.departement ?? null;
    if (l.region?.length) {
      const inRegions = new Set(l.region.flatMap(departmentsOfRegion));
      deps = deps ? deps.filter((d) => inRegions.has(d)) : [...inRegions];
      if (deps.length === 0) empty = true;
    }
    if (deps) set(FILTER_PARAMS.departments, deps);
    if (gov.etat) ours.set(FILTER_PARAMS.status, gov.etat === 'A' ? 'actif' : 'cesse');
    if (gov.idConventionCollective !== null) {
      if (/^\d{4}$/.test(gov.idConventionCollective))
        ours.set(FILTER_PARAMS.idcc, gov.idConventionCollective);
      // Four characters that are not an IDCC: the API finds nothing, so do we.
      else empty = true;
    }
    // With a name, the largest first (the API weighs its relevance by size; ours sorts by it).
    if (gov.sortBySize && ours.has(SEARCH_PARAMS.query)) ours.set(SEARCH_PARAMS.sort, 'taille');
  }
  const include = new Set<IncludeField>(
    gov.minimal ? ((gov.include ?? []) as IncludeField[]) : DEFAULT_BLOCKS,
  );
  for (const f of gov.includeAdmin ?? []) include.add(f as IncludeField);
  ours.set(SEARCH_PARAMS.page, String(gov.page));
  ours.set(SEARCH_PARAMS.pageSize, String(gov.perPage));
  return {
    ours,
    gov,
    page: gov.page,
    perPage: gov.perPage,
    include,
    matchingSize: gov.matchingSize,
    empty,
  };
}
