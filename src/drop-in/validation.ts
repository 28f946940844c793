/**
 * The government search API's reading of a query string (recherche-entreprises.api.gouv.fr,
 * search-api `SearchParams`), rule for rule: the same aliases, the same normalisation, the same
 * validation order (fields in the model's declaration order, then the cross-field rules; the first
 * failing rule wins) and the same `erreur` strings, byte for byte, because clients parse them.
 * Pure: no SQL, no search; params.ts turns the result into our search.
 * Reference: docs/DROP-IN.md; the API's app/controller/search_params_model.py (search-api).
 */
import {
  ALIASES,
  ENUMS,
  FIELD_KIND,
  FIELDS,
  ID_LENGTHS,
  INCLUDE,
  INCLUDE_ADMIN,
  LIMITS,
  REGEXES,
  enumOf,
  pyList,
  type BooleanFilter,
} from './gov-fields';
import { cleanList, pyDate, pyFloat, pyInt } from './py-parse';

export type DropInKind = 'search' | 'near_point';

/** The government's error answer: 400 with `{ "erreur": … }`. */
export type DropInError = { status: 400; body: { erreur: string } };
export const erreur = (message: string): DropInError => ({
  status: 400,
  body: { erreur: message },
});
export const isDropInError = (v: unknown): v is DropInError =>
  typeof v === 'object' && v !== null && 'body' in v && 'status' in v;

/** The validated request, by the API's internal field names. */
export type GovParams = {
  kind: DropInKind;
  page: number;
  pageEtablissements: number | null;
  perPage: number;
  matchingSize: number;
  /** Upper-cased, as the API searches it. */
  terms: string | null;
  lists: Partial<Record<string, string[]>>;
  booleans: Partial<Record<BooleanFilter, boolean>>;
  idConventionCollective: string | null;
  idFiness: string | null;
  idUai: string | null;
  idRge: string | null;
  /** Lower case, hyphens as spaces. */
  nomPersonne: string | null;
  prenomsPersonne: string | null;
  /** ISO dates (YYYY-MM-DD). */
  dateMin: string | null;
  dateMax: string | null;
  /** Amounts beyond 2^53: kept exact. */
  caMin: bigint | null;
  caMax: bigint | null;
  resultatNetMin: bigint | null;
  resultatNetMax: bigint | null;
  typePersonne: 'ELU' | 'DIRIGEANT' | null;
  etat: 'A' | 'C' | null;
  lat: number | null;
  lon: number | null;
  radius: number;
  minimal: boolean;
  /** Lower case, as `include` names the answer's keys. */
  include: string[] | null;
  includeAdmin: string[] | null;
  sortBySize: boolean | null;
};

/** Fields that do not make a search on their own (`check_if_all_empty_params`). */
const NOT_A_SEARCH = new Set([
  'radius',
  'page',
  'page_etablissements',
  'per_page',
  'matching_size',
  'minimal',
  'include',
  'include_admin',
  'sort_by_size',
]);
/** Fields that do not lift the 3-character minimum (page_etablissements does). */
const NOT_A_FILTER = new Set([
  'radius',
  'page',
  'per_page',
  'matching_size',
  'terms',
  'minimal',
  'include',
  'include_admin',
  'sort_by_size',
]);

/**
 * The query string as the API reads it: each key's last value, public names mapped to internal
 * ones (a later key wins over an earlier one of the same field), unknown keys dropped. A
 * prototype-less map: `constructor=1` or `__proto__=1` are unknown keys like any other.
 */
function mapped(params: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const field = Object.hasOwn(ALIASES, key) ? ALIASES[key]! : key;
    if (!FIELD_KIND.has(field)) continue;
    out.set(field, params.getAll(key).at(-1)!);
  }
  return out;
}

/** The API's validation of a `/search` or `/near_point` query string. */
export function validateGovParams(
  params: URLSearchParams,
  kind: DropInKind,
): GovParams | DropInError {
  const raw = mapped(params);
  const out: GovParams = {
    kind,
    page: 1,
    pageEtablissements: null,
    perPage: 10,
    matchingSize: 10,
    terms: null,
    lists: {},
    booleans: {},
    idConventionCollective: null,
    idFiness: null,
    idUai: null,
    idRge: null,
    nomPersonne: null,
    prenomsPersonne: null,
    dateMin: null,
    dateMax: null,
    caMin: null,
    caMax: null,
    resultatNetMin: null,
    resultatNetMax: null,
    typePersonne: null,
    etat: null,
    lat: null,
    lon: null,
    radius: 5,
    minimal: false,
    include: null,
    includeAdmin: null,
    sortBySize: null,
  };
  const outOfRange = (field: string) => {
    const l = LIMITS[field]!;
    return erreur(
      `Veuillez indiquer un paramètre \`${field}\` entre \`${l.min}\` et \`${l.max}\`, par défaut \`${l.def}\`.`,
    );
  };
  for (const [field, kindOf] of FIELDS) {
    const value = raw.get(field);
    if (value === undefined) continue;
    switch (kindOf) {
      case 'int': {
        const n = pyInt(value);
        if (n === null) return erreur(`Veuillez indiquer un paramètre \`${field}\` entier.`);
        const l = LIMITS[field]!;
        if (n < BigInt(l.min) || n > BigInt(l.max)) return outOfRange(field);
        if (field === 'page') out.page = Number(n);
        else if (field === 'page_etablissements') out.pageEtablissements = Number(n);
        else if (field === 'per_page') out.perPage = Number(n);
        else if (field === 'matching_size') out.matchingSize = Number(n);
        else if (field === 'ca_min') out.caMin = n;
        else if (field === 'ca_max') out.caMax = n;
        else if (field === 'resultat_net_min') out.resultatNetMin = n;
        else out.resultatNetMax = n;
        break;
      }
      case 'float': {
        const n = pyFloat(value);
        if (n === null) return erreur(`Veuillez indiquer un paramètre \`${field}\` flottant.`);
        const l = LIMITS[field]!;
        if (n < Number(l.min) || n > Number(l.max)) return outOfRange(field);
        if (field === 'lat') out.lat = n;
        else if (field === 'lon') out.lon = n;
        else out.radius = n;
        break;
      }
      case 'upper': {
        const v = value.toUpperCase();
        if (field === 'terms') out.terms = v;
        else if (field === 'type_personne') {
          if (v !== 'ELU' && v !== 'DIRIGEANT')
            return erreur(
              "Le paramètre `type_personne` doit prendre une des valeurs suivantes ['ELU', 'DIRIGEANT'].",
            );
          out.typePersonne = v;
        } else {
          if (v !== 'A' && v !== 'C')
            return erreur(
              "Le paramètre `etat_administratif` doit prendre une des valeurs suivantes ['A', 'C'].",
            );
          out.etat = v;
        }
        break;
      }
      case 'list-regex': {
        const values = cleanList(value);
        if (values.some((v) => !REGEXES[field]!.test(v)))
          return erreur(`Au moins une valeur du paramètre ${field} est non valide.`);
        out.lists[field] = values;
        break;
      }
      case 'list-enum': {
        const values = cleanList(value);
        const valid = enumOf(field);
        if (values.some((v) => !valid.set.has(v)))
          return erreur(
            `Au moins un paramètre \`${ENUMS[field]!.alias}\` est non valide. Les valeurs valides : ${valid.repr}.`,
          );
        out.lists[field] = values;
        break;
      }
      case 'list-colter': {
        const values = cleanList(value);
        if (values.some((v) => [...v].length < 2))
          return erreur(
            "Chaque identifiant code insee d'une collectivité\n                    territoriale doit contenir au moins 2 caractères.",
          );
        out.lists[field] = values;
        break;
      }
      case 'list-include': {
        const values = cleanList(value);
        const valid = field === 'include' ? INCLUDE : INCLUDE_ADMIN;
        if (values.some((v) => !valid.includes(v)))
          return erreur(
            `Au moins un champ à inclure est non valide. Les champs valides : ${pyList(valid.map((v) => v.toLowerCase()))}.`,
          );
        const lower = values.map((v) => v.toLowerCase());
        if (field === 'include') out.include = lower;
        else out.includeAdmin = lower;
        break;
      }
      case 'bool': {
        const v = value.toUpperCase();
        if (v !== 'TRUE' && v !== 'FALSE')
          return erreur(`${field} doit prendre la valeur 'true' ou 'false' !`);
        if (field === 'minimal') out.minimal = v === 'TRUE';
        else if (field === 'sort_by_size') out.sortBySize = v === 'TRUE';
        else out.booleans[field as BooleanFilter] = v === 'TRUE';
        break;
      }
      case 'length': {
        if ([...value].length !== ID_LENGTHS[field])
          return erreur(`Le paramètre \`${field}\` doit contenir ${ID_LENGTHS[field]} caractères.`);
        if (field === 'id_convention_collective') out.idConventionCollective = value;
        else if (field === 'id_finess') out.idFiness = value;
        else out.idUai = value;
        break;
      }
      case 'str':
        out.idRge = value;
        break;
      case 'name': {
        const v = value.replace(/-/g, ' ').toLowerCase();
        if (field === 'nom_personne') out.nomPersonne = v;
        else out.prenomsPersonne = v;
        break;
      }
      case 'date': {
        const d = pyDate(value);
        if (d === null)
          return erreur(
            "Veuillez indiquer une date sous le format : aaaa-mm-jj. Exemple : '1990-01-02'",
          );
        if (field === 'min_date_naiss_personne') out.dateMin = d;
        else out.dateMax = d;
        break;
      }
    }
  }

  // The cross-field rules, in the model's order.
  if (kind === 'near_point') {
    if (raw.has('terms'))
      return erreur("Le paramètre 'terms' n'est pas autorisé pour une recherche géographique.");
    if (!raw.has('lat') || !raw.has('lon'))
      return erreur(
        "Les paramètres 'lat' et 'long' sont obligatoires pour une recherche géographique.",
      );
  } else if (raw.has('lat') || raw.has('lon'))
    return erreur(
      "Les paramètres 'lat', 'long' ne sont autorisés que pour une recherche géographique.",
    );
  if (out.page * out.perPage > 10_000)
    return erreur(
      "Le nombre total de résultats est restreint à 10 000. Pour garantir cela, le produit du numéro de page (par défaut, page = 1) et du nombre de résultats par page (par défaut, per_page = 10), c'est-à-dire `page * per_page`, ne doit pas excéder 10 000.",
    );
  if (out.dateMin && out.dateMax && out.dateMax < out.dateMin)
    return erreur('Veuillez indiquer une date minimale inférieure à la date maximale.');
  if (out.include && !out.minimal)
    return erreur(
      'Veuillez indiquer si vous souhaitez une réponse minimale avec le filtre `minimal=True`` avant de préciser les champs à inclure.',
    );
  const fields = [...raw.keys()];
  if (fields.every((f) => NOT_A_SEARCH.has(f)))
    return erreur('Veuillez indiquer au moins un paramètre de recherche.');
  if (out.terms !== null && [...out.terms].length < 3 && fields.every((f) => NOT_A_FILTER.has(f)))
    return erreur(
      '3 caractères minimum pour les termes de la requête (ou utilisez au moins un filtre)',
    );
  return out;
}
