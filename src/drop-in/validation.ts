/**
 * The government search API's reading of a query string (recherche-entreprises.api.gouv.fr,
 * search-api `SearchParams`), rule for rule: the same aliases, the same normalisation, the same
 * validation order (fields in the model's declaration order, then the cross-field rules; the first
 * failing rule wins) and the same `erreur` strings, byte for byte, because clients parse them.
 * Pure: no SQL, no search; params.ts turns the result into our search.
 * Reference: docs/DROP-IN.md; the API's app/controller/search_params_model.py (search-api).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type DropInKind = 'search' | 'near_point';

/** The government's error answer: 400 with `{ "erreur": … }`. */
export type DropInError = { status: 400; body: { erreur: string } };
export const erreur = (message: string): DropInError => ({
  status: 400,
  body: { erreur: message },
});
export const isDropInError = (v: unknown): v is DropInError =>
  typeof v === 'object' && v !== null && 'body' in v && 'status' in v;

/** Public names that the API renames to its internal field names (the messages use the latter). */
const ALIASES: Record<string, string> = {
  q: 'terms',
  limite_matching_etablissements: 'matching_size',
  nature_juridique: 'nature_juridique_unite_legale',
  date_naissance_personne_min: 'min_date_naiss_personne',
  date_naissance_personne_max: 'max_date_naiss_personne',
  etat_administratif: 'etat_administratif_unite_legale',
  activite_principale: 'activite_principale_unite_legale',
  code_commune: 'commune',
  tranche_effectif_salarie: 'tranche_effectif_salarie_unite_legale',
  long: 'lon',
};

/** The boolean filters, by internal name. */
export const BOOLEAN_FILTERS = [
  'est_entrepreneur_individuel',
  'convention_collective_renseignee',
  'egapro_renseignee',
  'est_achats_responsables',
  'est_alim_confiance',
  'est_bio',
  'est_finess',
  'est_uai',
  'est_collectivite_territoriale',
  'est_entrepreneur_spectacle',
  'est_patrimoine_vivant',
  'est_association',
  'est_ess',
  'est_organisme_formation',
  'est_qualiopi',
  'est_rge',
  'est_administration',
  'est_societe_mission',
  'est_siae',
] as const;
export type BooleanFilter = (typeof BOOLEAN_FILTERS)[number];

type Kind =
  | 'int'
  | 'float'
  | 'upper'
  | 'list-regex'
  | 'list-enum'
  | 'list-colter'
  | 'list-include'
  | 'bool'
  | 'length'
  | 'str'
  | 'name'
  | 'date';

/** The model's fields in declaration order: the order their rules run in. */
const FIELDS: Array<[string, Kind]> = [
  ['page', 'int'],
  ['page_etablissements', 'int'],
  ['per_page', 'int'],
  ['terms', 'upper'],
  ['activite_principale_unite_legale', 'list-enum'],
  ['categorie_entreprise', 'list-enum'],
  ['commune', 'list-regex'],
  ['code_postal', 'list-regex'],
  ['departement', 'list-enum'],
  ['region', 'list-enum'],
  ['est_entrepreneur_individuel', 'bool'],
  ['section_activite_principale', 'list-enum'],
  ['tranche_effectif_salarie_unite_legale', 'list-enum'],
  ['convention_collective_renseignee', 'bool'],
  ['egapro_renseignee', 'bool'],
  ['est_achats_responsables', 'bool'],
  ['est_alim_confiance', 'bool'],
  ['epci', 'list-regex'],
  ['est_bio', 'bool'],
  ['est_finess', 'bool'],
  ['est_uai', 'bool'],
  ['est_collectivite_territoriale', 'bool'],
  ['est_entrepreneur_spectacle', 'bool'],
  ['est_patrimoine_vivant', 'bool'],
  ['est_association', 'bool'],
  ['est_ess', 'bool'],
  ['est_organisme_formation', 'bool'],
  ['est_qualiopi', 'bool'],
  ['est_rge', 'bool'],
  ['est_administration', 'bool'],
  ['est_societe_mission', 'bool'],
  ['id_convention_collective', 'length'],
  ['id_finess', 'length'],
  ['id_uai', 'length'],
  ['code_collectivite_territoriale', 'list-colter'],
  ['id_rge', 'str'],
  ['nom_personne', 'name'],
  ['prenoms_personne', 'name'],
  ['min_date_naiss_personne', 'date'],
  ['max_date_naiss_personne', 'date'],
  ['ca_min', 'int'],
  ['ca_max', 'int'],
  ['resultat_net_min', 'int'],
  ['resultat_net_max', 'int'],
  ['type_personne', 'upper'],
  ['etat_administratif_unite_legale', 'upper'],
  ['nature_juridique_unite_legale', 'list-enum'],
  ['est_siae', 'bool'],
  ['matching_size', 'int'],
  ['lat', 'float'],
  ['lon', 'float'],
  ['radius', 'float'],
  ['minimal', 'bool'],
  ['include', 'list-include'],
  ['include_admin', 'list-include'],
  ['sort_by_size', 'bool'],
];
const FIELD_KIND = new Map(FIELDS);

const BIG = 9223372036854775295n;
const LIMITS: Record<string, { min: string; max: string; def: string }> = {
  page: { min: '1', max: '1000', def: '1' },
  page_etablissements: { min: '1', max: '1000', def: 'None' },
  per_page: { min: '1', max: '25', def: '10' },
  matching_size: { min: '1', max: '100', def: '10' },
  ca_min: { min: `-${BIG}`, max: `${BIG}`, def: 'None' },
  ca_max: { min: `-${BIG}`, max: `${BIG}`, def: 'None' },
  resultat_net_min: { min: `-${BIG}`, max: `${BIG}`, def: 'None' },
  resultat_net_max: { min: `-${BIG}`, max: `${BIG}`, def: 'None' },
  lat: { min: '-90', max: '90', def: 'None' },
  lon: { min: '-180', max: '180', def: 'None' },
  radius: { min: '0.001', max: '50', def: '5' },
};

const REGEXES: Record<string, RegExp> = {
  commune: /^([013-9]\d|2[AB1-9])\d{3}$/,
  code_postal: /^((0[1-9])|([1-8][0-9])|(9[0-8])|(2A)|(2B))[0-9]{3}$/,
  epci: /^\d{9}$/,
};

/** The enumerated lists: the API's own label files (data/samples/labels, byte-identical). */
const ENUMS: Record<string, { alias: string; file: string | null; values?: string[] }> = {
  nature_juridique_unite_legale: { alias: 'nature_juridique', file: 'natures-juridiques' },
  categorie_entreprise: { alias: 'categorie_entreprise', file: null, values: ['GE', 'PME', 'ETI'] },
  departement: { alias: 'departement', file: 'departements' },
  tranche_effectif_salarie_unite_legale: {
    alias: 'tranche_effectif_salarie',
    file: 'tranches-effectifs',
  },
  section_activite_principale: {
    alias: 'section_activite_principale',
    file: 'sections-codes-NAF',
  },
  region: { alias: 'region', file: 'regions' },
  activite_principale_unite_legale: { alias: 'activite_principale', file: 'codes-NAF' },
};

const INCLUDE = [
  'COMPLEMENTS',
  'DIRIGEANTS',
  'FINANCES',
  'SCORE',
  'SIEGE',
  'MATCHING_ETABLISSEMENTS',
  'TVA',
];
const INCLUDE_ADMIN = ['ETABLISSEMENTS', 'IMMATRICULATION', 'BODACC', 'ADMIN'];
const ID_LENGTHS: Record<string, number> = {
  id_convention_collective: 4,
  id_finess: 9,
  id_uai: 8,
};

/**
 * The keys of a JSON object in the file's order. The API prints its valid values in that order;
 * a JavaScript object would put the integer-like keys ("1000", "11") first.
 */
function keysInFileOrder(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const token = JSON.parse(text.slice(i, j + 1)) as string;
      let k = j + 1;
      while (/\s/.test(text[k] ?? '')) k++;
      if (depth === 1 && text[k] === ':') keys.push(token);
      i = j;
    }
    i++;
  }
  return keys;
}

const enumCache = new Map<string, { set: Set<string>; repr: string }>();
/** Python's `repr` of a list of plain strings (the codes hold no quote nor backslash). */
const pyList = (values: string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

function enumOf(field: string): { set: Set<string>; repr: string } {
  const cached = enumCache.get(field);
  if (cached) return cached;
  const spec = ENUMS[field]!;
  const values =
    spec.values ??
    keysInFileOrder(
      readFileSync(path.resolve(process.cwd(), 'data/samples/labels', `${spec.file}.json`), 'utf8'),
    );
  const out = { set: new Set(values), repr: pyList(values) };
  enumCache.set(field, out);
  return out;
}

/** Python's `int(str)`: surrounding whitespace, a sign, digits with single underscores. */
function pyInt(raw: string): bigint | null {
  const t = raw.trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(t)) return null;
  return BigInt(t.replace(/_/g, ''));
}

/** Python's `float(str)` (NaN refused as the API does); null when it is not a float. */
function pyFloat(raw: string): number | null {
  if (raw.toLowerCase() === 'nan') return null;
  const t = raw.trim();
  const digits = String.raw`\d+(?:_\d+)*`;
  const re = new RegExp(
    `^[+-]?(?:(?:${digits}(?:\\.(?:${digits})?)?|\\.${digits})(?:[eE][+-]?${digits})?|inf|infinity|nan)$`,
    'i',
  );
  if (!re.test(t)) return null;
  const n = Number(t.replace(/_/g, '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
  return Number.isNaN(n) ? null : n;
}

/** `clean_str` then a split on commas: hyphens and spaces removed, upper case. */
const cleanList = (raw: string) =>
  raw.replace(/-/g, ' ').replace(/ /g, '').toUpperCase().split(',');

/** Python's `date.fromisoformat` (3.12): calendar dates and ISO week dates, basic or extended. */
function pyDate(raw: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
    const last = new Date(Date.UTC(2000, mo, 0)).getUTCDate();
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    if (d > (mo === 2 ? (leap ? 29 : 28) : last)) return null;
    return `${m[1]}-${m[2]}-${m[3]}`;
  }
  m = /^(\d{4})-?W(\d{2})(?:-?([1-7]))?$/.exec(raw);
  if (m && /^\d{4}(W\d{2}([1-7])?|-W\d{2}(-[1-7])?)$/.test(raw)) {
    const [y, w, d] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)];
    if (y < 1) return null;
    // Monday of week 1 is the Monday of the week holding 4 January.
    const jan4 = new Date(Date.UTC(0, 0, 4));
    jan4.setUTCFullYear(y);
    const monday1 = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
    const jan4Next = new Date(Date.UTC(0, 0, 4));
    jan4Next.setUTCFullYear(y + 1);
    const weeks =
      (jan4Next.getTime() - ((jan4Next.getUTCDay() + 6) % 7) * 86_400_000 - monday1.getTime()) /
      (7 * 86_400_000);
    if (w < 1 || w > weeks) return null;
    const day = new Date(monday1.getTime() + ((w - 1) * 7 + d - 1) * 86_400_000);
    const yy = String(day.getUTCFullYear()).padStart(4, '0');
    return `${yy}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}`;
  }
  return null;
}

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
