/**
 * The fields of the government search API's `SearchParams` model (search-api), as validation.ts
 * reads them: their public aliases, kinds and declaration order, the ranges, patterns and
 * enumerated values (the API's own label files, read in their order) they are checked against.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Public names that the API renames to its internal field names (the messages use the latter). */
export const ALIASES: Record<string, string> = {
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
export const FIELDS: Array<[string, Kind]> = [
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
export const FIELD_KIND = new Map(FIELDS);

const BIG = 9223372036854775295n;
export const LIMITS: Record<string, { min: string; max: string; def: string }> = {
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

export const REGEXES: Record<string, RegExp> = {
  commune: /^([013-9]\d|2[AB1-9])\d{3}$/,
  code_postal: /^((0[1-9])|([1-8][0-9])|(9[0-8])|(2A)|(2B))[0-9]{3}$/,
  epci: /^\d{9}$/,
};

/** The enumerated lists: the API's own label files (data/samples/labels, byte-identical). */
export const ENUMS: Record<string, { alias: string; file: string | null; values?: string[] }> = {
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

export const INCLUDE = [
  'COMPLEMENTS',
  'DIRIGEANTS',
  'FINANCES',
  'SCORE',
  'SIEGE',
  'MATCHING_ETABLISSEMENTS',
  'TVA',
];
export const INCLUDE_ADMIN = ['ETABLISSEMENTS', 'IMMATRICULATION', 'BODACC', 'ADMIN'];
export const ID_LENGTHS: Record<string, number> = {
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
export const pyList = (values: string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

export function enumOf(field: string): { set: Set<string>; repr: string } {
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
