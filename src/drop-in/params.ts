/**
 * The parameters of the government's search API (recherche-entreprises.api.gouv.fr, `/search` and
 * `/near_point`), read as that API reads them and translated into our own search's parameters
 * (src/search/request.ts), which then validates them again. Errors are the government's:
 * `{ "erreur": "…" }` with status 400, a French message naming the parameter.
 * No SQL here: the OpenAPI module and the docs read the tables below.
 */
import departments from '@etalab/decoupage-administratif/data/departements.json';
import regions from '@etalab/decoupage-administratif/data/regions.json';
import { allHeadcountBands, allLegalForms } from '@/domain/legal-forms';
import { isNafCode } from '@/domain/reference/naf';
import { FILTER_PARAMS, SEARCH_PARAMS } from '@/search/filter-params';
import { lookupTable } from '@/lib/lookup';

/** Where the drop-in is mounted on our site: `<site>/api/recherche-entreprises/search`. */
export const DROPIN_PREFIX = '/api/recherche-entreprises';
export const DROPIN_SEARCH = `${DROPIN_PREFIX}/search`;
export const DROPIN_NEAR_POINT = `${DROPIN_PREFIX}/near_point`;

export type DropInKind = 'search' | 'near_point';

/** The government's error answer. */
export type DropInError = { status: 400; body: { erreur: string } };
export const erreur = (message: string): DropInError => ({
  status: 400,
  body: { erreur: message },
});

/** The labels a `est_*=true` parameter requires (our label codes, src/search/filter-params.ts). */
export const LABEL_PARAMS = lookupTable<string>({
  est_rge: 'rge',
  est_qualiopi: 'qualiopi',
  est_organisme_formation: 'organisme-formation',
  est_siae: 'siae',
  est_finess: 'finess',
  est_bio: 'bio',
  est_entrepreneur_spectacle: 'entrepreneur-spectacle',
  est_service_public: 'service-public',
  est_administration: 'administration',
  est_collectivite_territoriale: 'collectivite-territoriale',
  egapro_renseignee: 'egapro',
  bilan_ges_renseigne: 'bilan-ges',
  est_uai: 'uai',
  est_association: 'association',
  est_achats_responsables: 'achats-responsables',
  est_alim_confiance: 'alim-confiance',
  est_patrimoine_vivant: 'patrimoine-vivant',
  est_avocat: 'avocat',
  est_l100_3: 'l100-3',
});

/**
 * Parameters the government's API accepts that this copy does not serve, with the reason: a call
 * with one of them is refused (400) rather than answered as if it were absent.
 */
export const UNSUPPORTED_PARAMS = lookupTable<string>({
  est_ess: 'le filtre ESS n’est pas indexé par notre recherche',
  est_societe_mission: 'le filtre « société à mission » n’est pas indexé par notre recherche',
  est_entrepreneur_individuel: 'le filtre « entrepreneur individuel » n’est pas indexé',
  convention_collective_renseignee: 'utilisez id_convention_collective',
  code_collectivite_territoriale: 'les codes de collectivité ne sont pas indexés',
  id_finess: 'les numéros FINESS ne sont pas indexés ; utilisez est_finess=true',
  id_uai: 'les numéros UAI ne sont pas indexés ; utilisez est_uai=true',
  id_rge: 'les numéros RGE ne sont pas indexés ; utilisez est_rge=true',
  include_admin: 'champs réservés au site de l’Annuaire des Entreprises',
  page_etablissements: 'la liste des établissements n’est pas servie',
  sort_by_size: 'utilisez l’API /api/search/companies avec tri=taille',
});

/** Every parameter served, with what it does here (OpenAPI and docs/DROP-IN.md). */
export const SUPPORTED_PARAMS = lookupTable<string>({
  q: 'Termes de la recherche (dénomination, SIREN, SIRET, adresse, dirigeant) ; /search seulement.',
  page: 'Page, de 1 à 1000 (1 par défaut).',
  per_page: 'Résultats par page, de 1 à 25 (10 par défaut) ; page × per_page ≤ 10 000.',
  activite_principale: 'Codes NAF (par exemple 62.02A), séparés par des virgules.',
  section_activite_principale: 'Sections NAF (A à U), séparées par des virgules.',
  categorie_entreprise: 'PME, ETI ou GE, séparées par des virgules.',
  code_postal: 'Un code postal (5 chiffres).',
  code_commune: 'Codes commune INSEE, séparés par des virgules.',
  departement: 'Départements, séparés par des virgules.',
  region: 'Régions (code INSEE), séparées par des virgules : leurs départements.',
  epci: 'EPCI (SIREN), séparés par des virgules.',
  etat_administratif: 'A (active) ou C (cessée).',
  nature_juridique: 'Catégories juridiques (4 chiffres), séparées par des virgules.',
  tranche_effectif_salarie:
    'Tranches d’effectif INSEE (NN, 00, 01… 53), séparées par des virgules.',
  id_convention_collective: 'Convention collective (IDCC, 4 chiffres).',
  ca_min: 'Chiffre d’affaires minimal (euros, entier).',
  ca_max: 'Chiffre d’affaires maximal (euros, entier).',
  resultat_net_min: 'Résultat net minimal (euros, entier).',
  resultat_net_max: 'Résultat net maximal (euros, entier).',
  nom_personne: 'Nom d’un dirigeant.',
  prenoms_personne: 'Prénoms d’un dirigeant (avec nom_personne).',
  date_naissance_personne_min: 'Né(e) au plus tôt (AAAA-MM-JJ ; seule l’année compte ici).',
  date_naissance_personne_max: 'Né(e) au plus tard (AAAA-MM-JJ ; seule l’année compte ici).',
  type_personne: 'DIRIGEANT (les élus ne sont pas servis).',
  minimal: 'true : les champs de base seulement (avec include pour en ajouter).',
  include:
    'Avec minimal=true : siege, dirigeants, finances, complements, matching_etablissements, tva, score.',
  limite_matching_etablissements:
    'Établissements correspondants renvoyés par entreprise, de 1 à 100 (10 par défaut).',
  lat: 'Latitude du point (/near_point, obligatoire).',
  long: 'Longitude du point (/near_point, obligatoire).',
  radius: 'Rayon en km, de 0,001 à 50 (5 par défaut ; /near_point).',
  ...Object.fromEntries(
    Object.keys(LABEL_PARAMS).map((k) => [k, 'true : les entreprises qui ont ce label.']),
  ),
});

export const INCLUDE_FIELDS = [
  'siege',
  'dirigeants',
  'finances',
  'complements',
  'matching_etablissements',
  'tva',
  'score',
] as const;
export type IncludeField = (typeof INCLUDE_FIELDS)[number];

export type DropInRequest = {
  /** Our search's parameters (src/search/request.ts), to be parsed by parseSearchRequest. */
  ours: URLSearchParams;
  page: number;
  perPage: number;
  /** The result blocks to add to the base fields. */
  include: Set<IncludeField>;
  matchingSize: number;
};

const DEPARTMENTS = new Set((departments as Array<{ code: string }>).map((d) => d.code));
const REGIONS = new Set((regions as Array<{ code: string }>).map((r) => r.code));
const LEGAL_FORMS = new Set(allLegalForms().map((f) => f.code));
const BANDS = new Set(allHeadcountBands().map((b) => b.code));
const SECTIONS = /^[A-U]$/;

/** A list parameter's valid values (the government's lists, ours where they are the same). */
const LISTS: Record<
  string,
  { target: string | null; valid: (v: string) => boolean; what: string }
> = {
  activite_principale: {
    target: FILTER_PARAMS.activities,
    valid: (v) => isNafCode(v),
    what: 'des codes NAF (par exemple 62.02A)',
  },
  section_activite_principale: {
    target: FILTER_PARAMS.activities,
    valid: (v) => SECTIONS.test(v),
    what: 'des sections NAF, de A à U',
  },
  categorie_entreprise: {
    target: FILTER_PARAMS.categories,
    valid: (v) => /^(PME|ETI|GE)$/.test(v),
    what: 'PME, ETI ou GE',
  },
  departement: {
    target: FILTER_PARAMS.departments,
    valid: (v) => DEPARTMENTS.has(v),
    what: 'des codes de département (par exemple 35, 2A, 974)',
  },
  region: {
    target: null,
    valid: (v) => REGIONS.has(v),
    what: 'des codes de région INSEE (par exemple 53)',
  },
  code_commune: {
    target: FILTER_PARAMS.communes,
    valid: (v) => /^([013-9]\d|2[AB1-9])\d{3}$/.test(v),
    what: 'des codes commune INSEE (5 caractères)',
  },
  epci: {
    target: FILTER_PARAMS.epcis,
    valid: (v) => /^\d{9}$/.test(v),
    what: 'des SIREN d’EPCI (9 chiffres)',
  },
  nature_juridique: {
    target: FILTER_PARAMS.legalForms,
    valid: (v) => LEGAL_FORMS.has(v),
    what: 'des catégories juridiques INSEE (4 chiffres, par exemple 5710)',
  },
  tranche_effectif_salarie: {
    target: FILTER_PARAMS.headcountBands,
    valid: (v) => BANDS.has(v),
    what: 'des tranches d’effectif INSEE (NN, 00, 01, 02… 53)',
  },
};

const INTEGERS = lookupTable<{ min: number; max: number; def: number | null }>({
  page: { min: 1, max: 1000, def: 1 },
  per_page: { min: 1, max: 25, def: 10 },
  limite_matching_etablissements: { min: 1, max: 100, def: 10 },
  ca_min: { min: -1e15, max: 1e15, def: null },
  ca_max: { min: -1e15, max: 1e15, def: null },
  resultat_net_min: { min: -1e15, max: 1e15, def: null },
  resultat_net_max: { min: -1e15, max: 1e15, def: null },
});
const AMOUNT_TARGETS = lookupTable<string>({
  ca_min: FILTER_PARAMS.revenueMin,
  ca_max: FILTER_PARAMS.revenueMax,
  resultat_net_min: FILTER_PARAMS.netResultMin,
  resultat_net_max: FILTER_PARAMS.netResultMax,
});

/** Parameters that only shape the answer: a call needs at least one other. */
const NOT_CRITERIA = new Set([
  'page',
  'per_page',
  'limite_matching_etablissements',
  'minimal',
  'include',
  'radius',
]);

const shown = (v: string) => (v.length > 30 ? `${v.slice(0, 30)}…` : v);

function integer(name: string, raw: string): number | DropInError {
  const limits = INTEGERS[name]!;
  const t = raw.trim();
  if (!/^-?\d{1,16}$/.test(t)) return erreur(`Veuillez indiquer un paramètre \`${name}\` entier.`);
  const n = Number(t);
  if (n < limits.min || n > limits.max)
    return erreur(
      `Veuillez indiquer un paramètre \`${name}\` entre \`${limits.min}\` et \`${limits.max}\`${limits.def === null ? '' : `, par défaut \`${limits.def}\``}.`,
    );
  return n;
}

function float(name: string, raw: string, min: number, max: number): number | DropInError {
  const t = raw.trim();
  if (t.length > 40 || !/^-?\d{1,4}(\.\d+)?$/.test(t))
    return erreur(`Veuillez indiquer un paramètre \`${name}\` flottant.`);
  const n = Number(t);
  if (n < min || n > max)
    return erreur(`Veuillez indiquer un paramètre \`${name}\` entre \`${min}\` et \`${max}\`.`);
  return n;
}

function bool(name: string, raw: string): boolean | DropInError {
  const t = raw.trim().toUpperCase();
  if (t !== 'TRUE' && t !== 'FALSE')
    return erreur(`Le paramètre \`${name}\` doit prendre la valeur 'true' ou 'false'.`);
  return t === 'TRUE';
}

function isoDate(name: string, raw: string): number | DropInError {
  const t = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (
    !m ||
    Number.isNaN(Date.parse(`${t}T00:00:00Z`)) ||
    new Date(`${t}T00:00:00Z`).toISOString().slice(0, 10) !== t
  )
    return erreur(
      `Veuillez indiquer le paramètre \`${name}\` sous le format aaaa-mm-jj. Exemple : '1990-01-02'.`,
    );
  return Number(m[1]);
}

const isError = (v: unknown): v is DropInError =>
  typeof v === 'object' && v !== null && 'body' in v && 'status' in v;

/**
 * The government's parameters → our search's. Unknown parameters are ignored, as the government's
 * API does; one it accepts but we do not serve (UNSUPPORTED_PARAMS) is refused.
 */
export function parseDropInParams(
  params: URLSearchParams,
  kind: DropInKind,
): DropInRequest | DropInError {
  const ours = new URLSearchParams();
  const get = (name: string) => {
    const v = params.get(name);
    return v === null || v.trim() === '' ? null : v;
  };
  let criteria = 0;
  for (const name of new Set(params.keys())) {
    if (UNSUPPORTED_PARAMS[name])
      return erreur(
        `Le paramètre \`${name}\` n’est pas pris en charge par cette copie de l’API (${UNSUPPORTED_PARAMS[name]}).`,
      );
    if (get(name) !== null && !NOT_CRITERIA.has(name) && SUPPORTED_PARAMS[name]) criteria++;
  }
  const numbers: Record<string, number> = {};
  for (const name of Object.keys(INTEGERS)) {
    const raw = get(name);
    if (raw === null) continue;
    const n = integer(name, raw);
    if (isError(n)) return n;
    numbers[name] = n;
  }
  const page = numbers.page ?? 1;
  const perPage = numbers.per_page ?? 10;
  if (page * perPage > 10_000)
    return erreur(
      'Le nombre total de résultats est restreint à 10 000 : le produit du numéro de page et du nombre de résultats par page (`page * per_page`) ne doit pas dépasser 10 000.',
    );
  for (const [name, target] of Object.entries(AMOUNT_TARGETS))
    if (numbers[name] !== undefined) ours.set(target, String(numbers[name]));

  const q = get('q');
  if (kind === 'near_point') {
    if (q !== null)
      return erreur("Le paramètre 'q' n'est pas autorisé pour une recherche géographique.");
    const rawLat = get('lat');
    const rawLon = get('long');
    if (rawLat === null || rawLon === null)
      return erreur(
        "Les paramètres 'lat' et 'long' sont obligatoires pour une recherche géographique.",
      );
    const lat = float('lat', rawLat, -90, 90);
    if (isError(lat)) return lat;
    const lon = float('long', rawLon, -180, 180);
    if (isError(lon)) return lon;
    const rawRadius = get('radius');
    const radius = rawRadius === null ? 5 : float('radius', rawRadius, 0.001, 50);
    if (isError(radius)) return radius;
    ours.set(SEARCH_PARAMS.lat, lat.toFixed(7));
    ours.set(SEARCH_PARAMS.lon, lon.toFixed(7));
    ours.set(SEARCH_PARAMS.radius, String(Math.max(0.001, Math.round(radius * 1000) / 1000)));
  } else {
    if (get('lat') !== null || get('long') !== null)
      return erreur(
        "Les paramètres 'lat', 'long' ne sont autorisés que pour une recherche géographique (/near_point).",
      );
    if (get('radius') !== null)
      return erreur(
        "Le paramètre 'radius' n'est autorisé que pour une recherche géographique (/near_point).",
      );
    if (q !== null) ours.set(SEARCH_PARAMS.query, q);
  }

  const lists: Record<string, string[]> = {};
  for (const [name, spec] of Object.entries(LISTS)) {
    const raw = get(name);
    if (raw === null) continue;
    const values = raw
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean);
    const wrong = values.find((v) => !spec.valid(v));
    if (wrong !== undefined || values.length === 0 || values.length > 100)
      return erreur(
        `Au moins une valeur du paramètre \`${name}\` est non valide${wrong === undefined ? '' : ` (« ${shown(wrong)} »)`} : ${spec.what}, séparés par des virgules (100 au plus).`,
      );
    if (spec.target) lists[spec.target] = [...(lists[spec.target] ?? []), ...values];
    else if (name === 'region') {
      const deps = values.flatMap((r) => departmentsOfRegionCodes(r));
      lists[FILTER_PARAMS.departments] = [...(lists[FILTER_PARAMS.departments] ?? []), ...deps];
    }
  }
  if (get('departement') !== null && get('region') !== null)
    return erreur(
      'Les paramètres `departement` et `region` ne se combinent pas dans cette copie de l’API : indiquez l’un ou l’autre.',
    );
  for (const [target, values] of Object.entries(lists))
    ours.set(target, [...new Set(values)].join(','));

  const postcode = get('code_postal');
  if (postcode !== null) {
    const codes = postcode
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!codes.every((c) => /^((0[1-9])|([1-8]\d)|(9[0-8])|(2A)|(2B))\d{3}$/.test(c.toUpperCase())))
      return erreur('Au moins une valeur du paramètre `code_postal` est non valide (5 chiffres).');
    if (codes.length > 1)
      return erreur(
        'Le paramètre `code_postal` ne prend qu’une valeur dans cette copie de l’API : pour plusieurs lieux, utilisez `code_commune`.',
      );
    ours.set(FILTER_PARAMS.place, codes[0]!);
  }

  const state = get('etat_administratif');
  if (state !== null) {
    const s = state.trim().toUpperCase();
    if (s !== 'A' && s !== 'C')
      return erreur(
        "Le paramètre `etat_administratif` doit prendre une des valeurs suivantes ['A', 'C'].",
      );
    ours.set(FILTER_PARAMS.status, s === 'A' ? 'actif' : 'cesse');
  }

  const idcc = get('id_convention_collective');
  if (idcc !== null) {
    if (!/^\d{4}$/.test(idcc.trim()))
      return erreur(
        'Le paramètre `id_convention_collective` doit contenir 4 caractères (chiffres).',
      );
    ours.set(FILTER_PARAMS.idcc, idcc.trim());
  }

  const labels: string[] = [];
  for (const [name, label] of Object.entries(LABEL_PARAMS)) {
    const raw = get(name);
    if (raw === null) continue;
    const b = bool(name, raw);
    if (isError(b)) return b;
    if (!b)
      return erreur(
        `Le paramètre \`${name}\` ne prend que la valeur 'true' dans cette copie de l’API (exclure un label n’est pas pris en charge).`,
      );
    labels.push(label);
  }
  if (labels.length) ours.set(FILTER_PARAMS.labels, labels.join(','));

  const type = get('type_personne');
  if (type !== null) {
    const t = type.trim().toUpperCase();
    if (t === 'ELU')
      return erreur(
        'Le paramètre `type_personne` vaut DIRIGEANT dans cette copie de l’API : les élus ne sont pas servis.',
      );
    if (t !== 'DIRIGEANT')
      return erreur(
        "Le paramètre `type_personne` doit prendre une des valeurs suivantes ['ELU', 'DIRIGEANT'].",
      );
  }
  const last = get('nom_personne');
  const first = get('prenoms_personne');
  if (first !== null && last === null)
    return erreur('Le paramètre `prenoms_personne` s’utilise avec `nom_personne`.');
  if (last !== null)
    ours.set(
      FILTER_PARAMS.directorName,
      [first, last].filter(Boolean).join(' ').replace(/-/g, ' '),
    );
  const births: Record<string, number> = {};
  for (const [name, target] of [
    ['date_naissance_personne_min', FILTER_PARAMS.directorBirthFrom],
    ['date_naissance_personne_max', FILTER_PARAMS.directorBirthTo],
  ] as const) {
    const raw = get(name);
    if (raw === null) continue;
    const year = isoDate(name, raw);
    if (isError(year)) return year;
    births[name] = year;
    ours.set(target, String(year));
  }
  if (
    births.date_naissance_personne_min !== undefined &&
    births.date_naissance_personne_max !== undefined &&
    get('date_naissance_personne_max')! < get('date_naissance_personne_min')!
  )
    return erreur('Veuillez indiquer une date minimale inférieure à la date maximale.');

  const minimalRaw = get('minimal');
  const minimal = minimalRaw === null ? false : bool('minimal', minimalRaw);
  if (isError(minimal)) return minimal;
  const includeRaw = get('include');
  const include = new Set<IncludeField>(
    minimal
      ? []
      : ['siege', 'dirigeants', 'finances', 'complements', 'matching_etablissements', 'tva'],
  );
  if (includeRaw !== null) {
    if (!minimal)
      return erreur(
        'Veuillez indiquer si vous souhaitez une réponse minimale avec le filtre `minimal=true` avant de préciser les champs à inclure (`include`).',
      );
    for (const f of includeRaw
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean)) {
      if (!(INCLUDE_FIELDS as readonly string[]).includes(f))
        return erreur(
          `Au moins un champ à inclure est non valide. Les champs valides : ${INCLUDE_FIELDS.join(', ')}.`,
        );
      include.add(f as IncludeField);
    }
  }

  if (criteria === 0) return erreur('Veuillez indiquer au moins un paramètre de recherche.');
  ours.set(SEARCH_PARAMS.page, String(page));
  ours.set(SEARCH_PARAMS.pageSize, String(perPage));
  return {
    ours,
    page,
    perPage,
    include,
    matchingSize: numbers.limite_matching_etablissements ?? 10,
  };
}

function departmentsOfRegionCodes(region: string): string[] {
  return (departments as Array<{ code: string; region?: string }>)
    .filter((d) => d.region === region)
    .map((d) => d.code);
}

/** Our parameter names → the government's (to name the parameter in an error of our parser). */
export const OUR_TO_GOV = lookupTable<string>({
  [SEARCH_PARAMS.query]: 'q',
  [SEARCH_PARAMS.page]: 'page',
  [SEARCH_PARAMS.pageSize]: 'per_page',
  [SEARCH_PARAMS.lat]: 'lat',
  [SEARCH_PARAMS.lon]: 'long',
  [SEARCH_PARAMS.radius]: 'radius',
  [FILTER_PARAMS.activities]: 'activite_principale',
  [FILTER_PARAMS.categories]: 'categorie_entreprise',
  [FILTER_PARAMS.departments]: 'departement',
  [FILTER_PARAMS.communes]: 'code_commune',
  [FILTER_PARAMS.epcis]: 'epci',
  [FILTER_PARAMS.legalForms]: 'nature_juridique',
  [FILTER_PARAMS.headcountBands]: 'tranche_effectif_salarie',
  [FILTER_PARAMS.place]: 'code_postal',
  [FILTER_PARAMS.status]: 'etat_administratif',
  [FILTER_PARAMS.idcc]: 'id_convention_collective',
  [FILTER_PARAMS.revenueMin]: 'ca_min',
  [FILTER_PARAMS.revenueMax]: 'ca_max',
  [FILTER_PARAMS.netResultMin]: 'resultat_net_min',
  [FILTER_PARAMS.netResultMax]: 'resultat_net_max',
  [FILTER_PARAMS.directorName]: 'nom_personne',
  [FILTER_PARAMS.directorBirthFrom]: 'date_naissance_personne_min',
  [FILTER_PARAMS.directorBirthTo]: 'date_naissance_personne_max',
  [FILTER_PARAMS.labels]: 'est_*',
});
