/**
 * The results pages' state lives in the URL only (shareable, the back button restores it): the
 * query `q`, the filters (FILTER_PARAMS), the place around which to search, the sort `tri` and
 * the `page`. Pure functions, shared by the server components (chips, links) and the client ones
 * (filter panel, sort select).
 */
import { FILTER_PARAMS } from '@/search/filter-params';

export const SORT_PARAM = 'tri';

/** The sorts a results page offers, in menu order; `pertinence` is the default (no parameter). */
export const SORTS = [
  { value: 'pertinence', label: 'Pertinence' },
  { value: 'nom', label: 'Nom' },
  { value: 'creation', label: 'Date de création' },
  { value: 'taille', label: 'Taille' },
  { value: 'ca', label: 'Chiffre d’affaires' },
] as const;

export type SortValue = (typeof SORTS)[number]['value'];

export function sortOf(params: URLSearchParams): SortValue {
  const v = params.get(SORT_PARAM);
  return SORTS.find((s) => s.value === v)?.value ?? 'pertinence';
}

/** Search around a place: a commune or an address (`autour`), or a point (`lat`, `lon`). */
export const GEO_PARAMS = { around: 'autour', radius: 'rayon', lat: 'lat', lon: 'lon' } as const;

export const RADII_KM = [1, 2, 5, 10, 20, 50] as const;

/** Parameters that hold a comma-separated list of codes. */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  FILTER_PARAMS.departments,
  FILTER_PARAMS.activities,
  FILTER_PARAMS.legalForms,
  FILTER_PARAMS.headcountBands,
  FILTER_PARAMS.categories,
  FILTER_PARAMS.labels,
  FILTER_PARAMS.excludedLabels,
  FILTER_PARAMS.collectivities,
  FILTER_PARAMS.finess,
  FILTER_PARAMS.uai,
  FILTER_PARAMS.rge,
]);

/** Every parameter that narrows the results (a chip each), in the panel's order. */
export const NARROWING_PARAMS: readonly string[] = [
  FILTER_PARAMS.activities,
  FILTER_PARAMS.legalForms,
  FILTER_PARAMS.departments,
  FILTER_PARAMS.place,
  FILTER_PARAMS.communes,
  FILTER_PARAMS.epcis,
  GEO_PARAMS.around,
  GEO_PARAMS.lat,
  FILTER_PARAMS.headcountBands,
  FILTER_PARAMS.categories,
  FILTER_PARAMS.status,
  FILTER_PARAMS.labels,
  FILTER_PARAMS.contradictions,
  FILTER_PARAMS.idcc,
  FILTER_PARAMS.directorName,
  FILTER_PARAMS.directorBirthFrom,
  FILTER_PARAMS.directorBirthTo,
  FILTER_PARAMS.createdFrom,
  FILTER_PARAMS.createdTo,
  FILTER_PARAMS.capitalMin,
  FILTER_PARAMS.capitalMax,
  FILTER_PARAMS.revenueMin,
  FILTER_PARAMS.revenueMax,
  FILTER_PARAMS.netResultMin,
  FILTER_PARAMS.netResultMax,
];

export function listValues(params: URLSearchParams, param: string): string[] {
  return (params.get(param) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The URL parameters after some changes (`null` or an empty list removes a parameter). Any change
 * of filters or sort starts again at page 1; parameters keep a stable order so that two ways to
 * the same search give the same URL.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | string[] | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const [k, v] of Object.entries(changes)) {
    const value = Array.isArray(v) ? v.join(',') : v;
    if (value === null || value.trim() === '') next.delete(k);
    else next.set(k, value.trim());
  }
  if (next.get(SORT_PARAM) === 'pertinence') next.delete(SORT_PARAM);
  if (next.get(FILTER_PARAMS.status) === 'tous') next.delete(FILTER_PARAMS.status);
  // Around a place without a place: the radius alone means nothing.
  if (!next.get(GEO_PARAMS.around) && !next.get(GEO_PARAMS.lat)) next.delete(GEO_PARAMS.radius);
  return next;
}

export function hrefOf(basePath: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** True when the URL narrows the results (a filter or a place), whatever the query. */
export function hasNarrowing(params: URLSearchParams): boolean {
  return NARROWING_PARAMS.some((p) => (params.get(p) ?? '').trim() !== '');
}

export type Chip = { key: string; label: string; href: string };

/**
 * One removable chip per chosen value: a list parameter gives a chip per code, the others one
 * chip. `describe` prints a value with its label (« Département : 75 – Paris »).
 */
export function chipsOf(
  basePath: string,
  params: URLSearchParams,
  describe: (param: string, value: string, params: URLSearchParams) => string,
): Chip[] {
  const chips: Chip[] = [];
  for (const param of NARROWING_PARAMS) {
    const raw = (params.get(param) ?? '').trim();
    if (!raw) continue;
    if (LIST_PARAMS.has(param)) {
      const values = listValues(params, param);
      for (const v of values) {
        chips.push({
          key: `${param}=${v}`,
          label: describe(param, v, params),
          href: hrefOf(basePath, withChanges(params, { [param]: values.filter((x) => x !== v) })),
        });
      }
    } else if (param === GEO_PARAMS.lat) {
      chips.push({
        key: 'position',
        label: describe(param, raw, params),
        href: hrefOf(
          basePath,
          withChanges(params, { [GEO_PARAMS.lat]: null, [GEO_PARAMS.lon]: null }),
        ),
      });
    } else {
      chips.push({
        key: `${param}=${raw}`,
        label: describe(param, raw, params),
        href: hrefOf(basePath, withChanges(params, { [param]: null })),
      });
    }
  }
  return chips;
}

/** The URL without any filter (query and sort kept). */
export function withoutNarrowing(params: URLSearchParams): URLSearchParams {
  const changes: Record<string, null> = {};
  for (const p of [...NARROWING_PARAMS, GEO_PARAMS.lon, GEO_PARAMS.radius]) changes[p] = null;
  return withChanges(params, changes);
}
