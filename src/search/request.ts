/**
 * URL parameters → a typed search request, and back: the one parser of the search's parameters
 * (API, pages, export, saved searches). No SQL and no server-only data here: client components
 * import it. Every invalid value is a VALIDATION_FAILED failure naming its parameter in
 * `fields` (HTTP 422), never a value silently dropped. Communes and EPCI codes are checked
 * against the official lists on the server (src/search/geo/places.ts); here, their form only.
 */
import departments from '@etalab/decoupage-administratif/data/departements.json';
import { failure, type Failure } from '@/lib/errors';
import { allHeadcountBands, allLegalForms } from '@/domain/legal-forms';
import { isNafCode } from '@/domain/reference/naf';
import { inFrance } from './geo/grid';
import {
  DEFAULT_RADIUS_KM,
  EMPTY_FILTERS,
  FILTER_PARAMS,
  MAX_RADIUS_KM,
  SEARCH_LABELS,
  SEARCH_PARAMS,
  SEARCH_SORTS,
  type SearchFilters,
  type SearchSort,
} from './filter-params';

export type Params = { get(name: string): string | null; getAll?(name: string): string[] };

/** Around a point: given coordinates, or a commune (code or name) the server resolves. */
export type NearInput =
  | { kind: 'point'; lat: number; lon: number; radiusKm: number }
  | { kind: 'commune'; commune: string; radiusKm: number };

export type SearchRequest = {
  query: string | null;
  filters: SearchFilters;
  /** `pertinence` by default; `distance` by default around a point. */
  sort: SearchSort;
  /** null: the sort's natural order (name A→Z, newest first, largest first, nearest first). */
  order: 'asc' | 'desc' | null;
  page: number;
  pageSize: number;
  near: NearInput | null;
};

/** Largest page size a URL may ask for. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Deepest row a result list serves (filters and around a point; a name ranks 500 at most). */
export const MAX_RESULT_ROWS = 10_000;

/** Departments and overseas collectivities with an INSEE code (975 Saint-Pierre-et-Miquelon…). */
const DEPARTMENTS = new Set((departments as Array<{ code: string }>).map((d) => d.code));
const NAF_SECTIONS = /^[A-U]$/;
const LEGAL_FORMS = allLegalForms().map((f) => f.code);
const BANDS = new Set(allHeadcountBands().map((b) => b.code));

type Fields = Record<string, string[]>;

function read(params: Params, name: string): string | null {
  const all = params.getAll?.(name).filter((v) => v !== '');
  if (all && all.length > 1) return all.join(',');
  const one = all && all.length === 1 ? all[0]! : params.get(name);
  return one === null || one.trim() === '' ? null : one;
}

function list(raw: string, upper = true): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((v) => (upper ? v.trim().toUpperCase() : v.trim().toLowerCase()))
        .filter(Boolean),
    ),
  ];
}

const quote = (v: string) => `« ${v.slice(0, 30)} »`;

type ListKey =
  | 'departments'
  | 'activities'
  | 'legalForms'
  | 'headcountBands'
  | 'categories'
  | 'communes'
  | 'epcis'
  | 'idcc'
  | 'collectivities'
  | 'finess'
  | 'uai'
  | 'rge';

const LISTS: Record<ListKey, { label: string; valid: (v: string) => boolean }> = {
  departments: { label: 'Département inconnu', valid: (v) => DEPARTMENTS.has(v) },
  activities: {
    label: 'Code d’activité (NAF) inconnu',
    valid: (v) => NAF_SECTIONS.test(v) || isNafCode(v),
  },
  legalForms: {
    label: 'Forme juridique inconnue',
    // A full code (5710) or the start of one (57: every SAS), as the advanced search offers.
    valid: (v) => /^\d{1,4}$/.test(v) && LEGAL_FORMS.some((c) => c.startsWith(v)),
  },
  headcountBands: { label: 'Tranche d’effectif inconnue', valid: (v) => BANDS.has(v) },
  categories: { label: 'Catégorie d’entreprise inconnue', valid: (v) => /^(PME|ETI|GE)$/.test(v) },
  communes: { label: 'Code commune INSEE mal formé', valid: (v) => /^(\d{5}|2[AB]\d{3})$/.test(v) },
  epcis: { label: 'SIREN d’EPCI mal formé', valid: (v) => /^\d{9}$/.test(v) },
  idcc: {
    label: 'Convention collective (IDCC, 4 chiffres) mal formée',
    valid: (v) => /^\d{4}$/.test(v),
  },
  collectivities: {
    label: 'Code de collectivité territoriale mal formé (2 à 9 caractères)',
    valid: (v) => /^[0-9A-Z]{2,9}$/.test(v),
  },
  finess: {
    label: 'Numéro FINESS mal formé (9 caractères)',
    valid: (v) => /^[0-9][0-9AB]\d{7}$/.test(v),
  },
  uai: {
    label: 'Numéro UAI mal formé (7 chiffres et une lettre)',
    valid: (v) => /^\d{7}[A-Z]$/.test(v),
  },
  rge: { label: 'Code de qualification RGE mal formé', valid: (v) => /^[0-9A-Z-]{1,20}$/.test(v) },
};

function amount(raw: string): number | null {
  const t = raw.replace(/[\s\u202f\u00a0]/g, '');
  if (!/^-?\d{1,15}(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The filters of a URL; every invalid value in `fields`, by parameter. */
export function parseFilters(params: Params): SearchFilters | Failure {
  const out: SearchFilters = { ...EMPTY_FILTERS };
  const fields: Fields = {};
  const bad = (key: keyof SearchFilters, message: string) =>
    (fields[FILTER_PARAMS[key]] ??= []).push(message);
  for (const key of Object.keys(LISTS) as ListKey[]) {
    const raw = read(params, FILTER_PARAMS[key]);
    if (!raw) continue;
    const values = list(raw);
    if (values.length > 100) {
      bad(key, 'Trop de valeurs (100 au plus).');
      continue;
    }
    const wrong = values.filter((v) => !LISTS[key].valid(v));
    if (wrong.length) bad(key, `${LISTS[key].label} : ${wrong.slice(0, 3).map(quote).join(', ')}.`);
    else out[key] = values;
  }
  const status = read(params, FILTER_PARAMS.status)?.trim().toLowerCase();
  if (status && status !== 'tous') {
    if (status === 'a' || status === 'actif') out.status = 'A';
    else if (status === 'c' || status === 'cesse') out.status = 'C';
    else bad('status', 'L’état est « actif », « cesse » ou « tous ».');
  }
  for (const key of ['createdFrom', 'createdTo'] as const) {
    const raw = read(params, FILTER_PARAMS[key])?.trim();
    if (!raw) continue;
    const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    const valid =
      d &&
      new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) === raw &&
      Number(d[1]) >= 1800 &&
      Number(d[1]) <= 2100;
    if (!valid) bad(key, 'Date attendue au format AAAA-MM-JJ (par exemple 2015-06-30).');
    else out[key] = raw;
  }
  const amounts = [
    ['capitalMin', 'capitalMax', 'capital'],
    ['revenueMin', 'revenueMax', 'chiffre d’affaires'],
    ['netResultMin', 'netResultMax', 'résultat net'],
  ] as const;
  for (const [min, max] of amounts) {
    for (const key of [min, max]) {
      const raw = read(params, FILTER_PARAMS[key]);
      if (!raw) continue;
      const n = amount(raw);
      if (n === null) bad(key, 'Montant attendu en euros, en chiffres, sans unité.');
      else out[key] = n;
    }
  }
  for (const key of ['directorBirthFrom', 'directorBirthTo'] as const) {
    const raw = read(params, FILTER_PARAMS[key])?.trim();
    if (!raw) continue;
    if (!/^\d{4}$/.test(raw) || Number(raw) < 1880 || Number(raw) > 2030)
      bad(key, 'Année de naissance attendue sur 4 chiffres (par exemple 1975).');
    else out[key] = Number(raw);
  }
  const director = read(params, FILTER_PARAMS.directorName)?.trim();
  if (director) {
    if (director.length > 80)
      bad('directorName', 'Le nom du dirigeant est trop long (80 caractères au plus).');
    else if (!/\p{L}{2}/u.test(director))
      bad('directorName', 'Le nom du dirigeant doit contenir des lettres.');
    else out.directorName = director;
  }
  if ((out.directorBirthFrom !== null || out.directorBirthTo !== null) && !out.directorName)
    bad('directorName', 'Une année de naissance s’applique à un dirigeant : indiquez son nom.');
  for (const key of ['labels', 'excludedLabels'] as const) {
    const labels = read(params, FILTER_PARAMS[key]);
    if (!labels) continue;
    const values = list(labels, false);
    const wrong = values.filter((v) => !Object.hasOwn(SEARCH_LABELS, v));
    if (wrong.length)
      bad(key, `Label ou certification inconnu : ${wrong.slice(0, 3).map(quote).join(', ')}.`);
    else out[key] = values;
  }
  const both = out.labels.filter((l) => out.excludedLabels.includes(l));
  if (both.length)
    bad(
      'excludedLabels',
      `Un label ne peut être à la fois exigé et exclu : ${both.map(quote).join(', ')}.`,
    );
  const elected = read(params, FILTER_PARAMS.electedName)?.trim();
  if (elected) {
    if (elected.length > 80)
      bad('electedName', 'Le nom de l’élu est trop long (80 caractères au plus).');
    else if (!/\p{L}{2}/u.test(elected))
      bad('electedName', 'Le nom de l’élu doit contenir des lettres.');
    else out.electedName = elected;
  }
  const contradictions = read(params, FILTER_PARAMS.contradictions)?.trim();
  if (contradictions && contradictions !== '0') {
    if (contradictions !== '1')
      bad('contradictions', 'Le filtre « données contradictoires » vaut 1 ou 0.');
    else out.contradictions = true;
  }
  const place = read(params, FILTER_PARAMS.place)?.trim();
  if (place) {
    if (place.length > 80) bad('place', 'Le lieu est trop long (80 caractères au plus).');
    else out.place = place;
  }
  // Ranges: the lower bound must not pass the upper one.
  const ranges = [
    ['createdFrom', 'createdTo', 'La date de création minimale est après la maximale.'],
    ['capitalMin', 'capitalMax', 'Le capital minimal dépasse le maximal.'],
    ['revenueMin', 'revenueMax', 'Le chiffre d’affaires minimal dépasse le maximal.'],
    ['netResultMin', 'netResultMax', 'Le résultat net minimal dépasse le maximal.'],
    [
      'directorBirthFrom',
      'directorBirthTo',
      'L’année de naissance minimale est après la maximale.',
    ],
  ] as const;
  for (const [lo, hi, message] of ranges) {
    const a = out[lo];
    const b = out[hi];
    if (a !== null && b !== null && a > b) bad(lo, message);
  }
  if (Object.keys(fields).length) return invalid(fields);
  return out;
}

function invalid(fields: Fields): Failure {
  const first = Object.entries(fields)[0]!;
  return failure('VALIDATION_FAILED', `Paramètre « ${first[0]} » : ${first[1][0]}`, { fields });
}

export function hasFilters(f: SearchFilters): boolean {
  return JSON.stringify(f) !== JSON.stringify(EMPTY_FILTERS);
}

/** The URL parameters of a set of filters (inverse of parseFilters). */
export function filtersToParams(f: SearchFilters): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const key of Object.keys(FILTER_PARAMS) as Array<keyof SearchFilters>) {
    const v = f[key];
    if (v === null || v === false || (Array.isArray(v) && v.length === 0)) continue;
    if (v === true) out.push([FILTER_PARAMS[key], '1']);
    else if (key === 'status') out.push([FILTER_PARAMS[key], v === 'A' ? 'actif' : 'cesse']);
    else out.push([FILTER_PARAMS[key], Array.isArray(v) ? v.join(',') : String(v)]);
  }
  return out;
}

function coordinate(raw: string, min: number, max: number): number | null {
  const t = raw.trim();
  if (!/^-?\d{1,3}(\.\d{1,10})?$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/**
 * A whole search request: `q`, the filters, `tri` and `ordre`, `page` and `per_page`, and around
 * a point (`lat` + `lon`, or `autour`, with `rayon` in km). Whether the point lies in France is
 * checked here (bounding boxes of metropolitan France and the five overseas departments).
 */
export function parseSearchRequest(params: Params): SearchRequest | Failure {
  return readSearchRequest(params).request;
}

/**
 * parseSearchRequest, with the filters as read (null when one of them is invalid): a results page
 * refusing the request (a bad page, sort or point) still shows the valid filters in its panel,
 * without reading the URL twice.
 */
export function readSearchRequest(params: Params): {
  request: SearchRequest | Failure;
  filters: SearchFilters | null;
} {
  const filters = parseFilters(params);
  return {
    request: parseRequestWith(params, filters),
    filters: 'code' in filters ? null : filters,
  };
}

function parseRequestWith(
  params: Params,
  filters: SearchFilters | Failure,
): SearchRequest | Failure {
  const fields: Fields = {};
  const bad = (name: string, message: string) => (fields[name] ??= []).push(message);
  if ('ok' in filters) Object.assign(fields, filters.fields);
  const q = read(params, SEARCH_PARAMS.query);
  if (q !== null && q.length > 200)
    bad(SEARCH_PARAMS.query, 'La recherche est trop longue (200 caractères au plus).');

  let pageSize = DEFAULT_PAGE_SIZE;
  const rawSize = read(params, SEARCH_PARAMS.pageSize)?.trim();
  if (rawSize) {
    if (!/^\d{1,3}$/.test(rawSize) || Number(rawSize) < 1 || Number(rawSize) > MAX_PAGE_SIZE)
      bad(SEARCH_PARAMS.pageSize, `Nombre entier de 1 à ${MAX_PAGE_SIZE}.`);
    else pageSize = Number(rawSize);
  }
  let page = 1;
  const rawPage = read(params, SEARCH_PARAMS.page)?.trim();
  if (rawPage) {
    const maxPage = Math.ceil(MAX_RESULT_ROWS / pageSize);
    if (!/^\d{1,6}$/.test(rawPage) || Number(rawPage) < 1 || Number(rawPage) > maxPage)
      bad(
        SEARCH_PARAMS.page,
        `Nombre entier de 1 à ${maxPage} (${MAX_RESULT_ROWS.toLocaleString('fr-FR')} résultats au plus).`,
      );
    else page = Number(rawPage);
  }

  let near: NearInput | null = null;
  const rawLat = read(params, SEARCH_PARAMS.lat);
  const rawLon = read(params, SEARCH_PARAMS.lon);
  const around = read(params, SEARCH_PARAMS.around)?.trim() ?? null;
  const rawRadius = read(params, SEARCH_PARAMS.radius)?.trim();
  let radiusKm = DEFAULT_RADIUS_KM;
  if (rawRadius) {
    const r = /^\d{1,3}(\.\d{1,3})?$/.test(rawRadius) ? Number(rawRadius) : NaN;
    if (!(r > 0 && r <= MAX_RADIUS_KM))
      bad(SEARCH_PARAMS.radius, `Rayon en kilomètres, de plus de 0 à ${MAX_RADIUS_KM}.`);
    else radiusKm = r;
  }
  if (rawLat !== null || rawLon !== null) {
    const lat = rawLat === null ? null : coordinate(rawLat, -90, 90);
    const lon = rawLon === null ? null : coordinate(rawLon, -180, 180);
    if (rawLat === null) bad(SEARCH_PARAMS.lat, 'La latitude manque (avec la longitude).');
    else if (lat === null)
      bad(SEARCH_PARAMS.lat, 'Latitude en degrés décimaux (par exemple 48.8566).');
    if (rawLon === null) bad(SEARCH_PARAMS.lon, 'La longitude manque (avec la latitude).');
    else if (lon === null)
      bad(SEARCH_PARAMS.lon, 'Longitude en degrés décimaux (par exemple 2.3522).');
    if (around)
      bad(SEARCH_PARAMS.around, 'Indiquez soit une commune, soit des coordonnées, pas les deux.');
    if (lat !== null && lon !== null) {
      if (!inFrance(lat, lon))
        bad(
          SEARCH_PARAMS.lat,
          'Ce point est hors de France (métropole et départements d’outre-mer).',
        );
      else near = { kind: 'point', lat, lon, radiusKm };
    }
  } else if (around) {
    if (around.length > 80 || !/[\p{L}\d]/u.test(around))
      bad(SEARCH_PARAMS.around, 'Commune attendue : son code INSEE ou son nom.');
    else near = { kind: 'commune', commune: around, radiusKm };
  } else if (rawRadius) {
    bad(
      SEARCH_PARAMS.radius,
      'Un rayon s’applique autour d’un point : indiquez « autour » ou « lat » et « lon ».',
    );
  }

  let sort: SearchSort = near ? 'distance' : 'pertinence';
  const rawSort = read(params, SEARCH_PARAMS.sort)?.trim().toLowerCase();
  if (rawSort) {
    if (!(SEARCH_SORTS as readonly string[]).includes(rawSort))
      bad(
        SEARCH_PARAMS.sort,
        `Tri inconnu : ${quote(rawSort)} ; valeurs : ${SEARCH_SORTS.join(', ')}.`,
      );
    else if (
      rawSort === 'distance' &&
      !near &&
      !fields[SEARCH_PARAMS.lat] &&
      !fields[SEARCH_PARAMS.around]
    )
      bad(
        SEARCH_PARAMS.sort,
        'Le tri par distance demande un point (« autour » ou « lat » et « lon »).',
      );
    else sort = rawSort as SearchSort;
  }
  let order: SearchRequest['order'] = null;
  const rawOrder = read(params, SEARCH_PARAMS.order)?.trim().toLowerCase();
  if (rawOrder) {
    if (rawOrder !== 'asc' && rawOrder !== 'desc')
      bad(SEARCH_PARAMS.order, 'L’ordre est « asc » (croissant) ou « desc » (décroissant).');
    else order = rawOrder;
  }
  if (Object.keys(fields).length) return invalid(fields);
  return {
    query: q?.trim() || null,
    filters: filters as SearchFilters,
    sort,
    order,
    page,
    pageSize,
    near,
  };
}

/** The URL parameters of a request (inverse of parseSearchRequest; defaults left out). */
export function searchRequestToParams(r: SearchRequest): URLSearchParams {
  const p = new URLSearchParams();
  if (r.query) p.set(SEARCH_PARAMS.query, r.query);
  for (const [k, v] of filtersToParams(r.filters)) p.set(k, v);
  if (r.near?.kind === 'point') {
    p.set(SEARCH_PARAMS.lat, String(r.near.lat));
    p.set(SEARCH_PARAMS.lon, String(r.near.lon));
  } else if (r.near) p.set(SEARCH_PARAMS.around, r.near.commune);
  if (r.near && r.near.radiusKm !== DEFAULT_RADIUS_KM)
    p.set(SEARCH_PARAMS.radius, String(r.near.radiusKm));
  if (r.sort !== (r.near ? 'distance' : 'pertinence')) p.set(SEARCH_PARAMS.sort, r.sort);
  if (r.order) p.set(SEARCH_PARAMS.order, r.order);
  if (r.pageSize !== DEFAULT_PAGE_SIZE) p.set(SEARCH_PARAMS.pageSize, String(r.pageSize));
  if (r.page !== 1) p.set(SEARCH_PARAMS.page, String(r.page));
  return p;
}
