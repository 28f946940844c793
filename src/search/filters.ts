/**
 * Search filters: parsed from URL parameters (shareable links) and turned into SQL conditions on
 * search_companies. Pure parsing; the SQL is built here so the pages never see it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EMPTY_FILTERS, FILTER_PARAMS, SEARCH_LABELS, type SearchFilters } from './filter-params';
import { foldName, textArray } from './normalize';
import { failure, type Failure } from '@/lib/errors';

export { EMPTY_FILTERS, type SearchFilters } from './filter-params';

/** An INVALID_FILTER failure. */
export type FilterError = Failure;

type Params = { get(name: string): string | null; getAll?(name: string): string[] };

/** A parameter's value; repeated parameters (a plain HTML form's multiple select) are joined. */
function read(params: Params, name: string): string | null {
  const all = params.getAll?.(name).filter((v) => v !== '');
  if (all && all.length > 1) return all.join(',');
  return all && all.length === 1 ? all[0]! : params.get(name);
}

const LIST_PATTERNS: Record<
  'departments' | 'activities' | 'legalForms' | 'headcountBands' | 'categories',
  RegExp
> = {
  departments: /^(\d{2}|2[AB]|97\d)$/,
  activities: /^([A-U]|\d{2}\.\d{2}[A-Z])$/,
  legalForms: /^\d{1,4}$/,
  headcountBands: /^(NN|\d{2})$/,
  categories: /^(PME|ETI|GE)$/,
};

const LIST_LABELS: Record<keyof typeof LIST_PATTERNS, string> = {
  departments: 'département',
  activities: "code d'activité",
  legalForms: 'forme juridique',
  headcountBands: "tranche d'effectif",
  categories: "catégorie d'entreprise",
};

export function hasFilters(f: SearchFilters): boolean {
  return JSON.stringify(f) !== JSON.stringify(EMPTY_FILTERS);
}

/** Reads the filters of a URL; an invalid value is an error with a French message. */
export function parseFilters(params: Params): SearchFilters | FilterError {
  const out: SearchFilters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(LIST_PATTERNS) as Array<keyof typeof LIST_PATTERNS>) {
    const raw = read(params, FILTER_PARAMS[key]);
    if (!raw) continue;
    const values = [
      ...new Set(
        raw
          .split(',')
          .map((v) => v.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    if (values.length > 100) {
      return failure('INVALID_FILTER', `Trop de valeurs pour le filtre ${LIST_LABELS[key]}.`);
    }
    for (const v of values) {
      if (!LIST_PATTERNS[key].test(v)) {
        return failure(
          'INVALID_FILTER',
          `Valeur de ${LIST_LABELS[key]} inconnue : « ${v.slice(0, 20)} ».`,
        );
      }
    }
    out[key] = values;
  }
  const status = read(params, FILTER_PARAMS.status);
  if (status && status !== 'tous') {
    if (status === 'A' || status === 'actif') out.status = 'A';
    else if (status === 'C' || status === 'cesse') out.status = 'C';
    else return failure('INVALID_FILTER', 'L’état doit être « actif » ou « cesse ».');
  }
  for (const key of ['createdFrom', 'createdTo'] as const) {
    const raw = read(params, FILTER_PARAMS[key]);
    if (!raw) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) {
      return failure('INVALID_FILTER', 'Les dates de création s’écrivent AAAA-MM-JJ.');
    }
    out[key] = raw;
  }
  for (const key of [
    'capitalMin',
    'capitalMax',
    'revenueMin',
    'revenueMax',
    'netResultMin',
    'netResultMax',
  ] as const) {
    const raw = read(params, FILTER_PARAMS[key]);
    if (!raw) continue;
    const n = Number(raw.replace(/\s/g, ''));
    if (
      !/^-?\d+(\.\d+)?$/.test(raw.replace(/\s/g, '')) ||
      !Number.isFinite(n) ||
      Math.abs(n) > 1e15
    ) {
      return failure('INVALID_FILTER', 'Les montants sont des nombres en euros, sans unité.');
    }
    out[key] = n;
  }
  const labels = read(params, FILTER_PARAMS.labels);
  if (labels) {
    const values = [...new Set(labels.split(',').map((v) => v.trim().toLowerCase()))].filter(
      Boolean,
    );
    for (const v of values)
      if (!Object.hasOwn(SEARCH_LABELS, v))
        return failure('INVALID_FILTER', `Label ou certification inconnu : « ${v.slice(0, 30)} ».`);
    out.labels = values;
  }
  const contradictions = read(params, FILTER_PARAMS.contradictions);
  if (contradictions && contradictions !== '0') {
    if (contradictions !== '1')
      return failure('INVALID_FILTER', 'Le filtre « données contradictoires » vaut 1 ou 0.');
    out.contradictions = true;
  }
  const place = read(params, FILTER_PARAMS.place)?.trim();
  if (place) {
    if (place.length > 80) return failure('INVALID_FILTER', 'Le lieu est trop long.');
    out.place = place;
  }
  return out;
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

/** SQL conditions on search_companies aliased `c`; `sql\`true\`` when there are none. */
export function filtersSql(f: SearchFilters): SQL {
  const parts: SQL[] = [];
  if (f.departments.length)
    parts.push(sql`c.department = ANY(${textArray(f.departments)}::text[])`);
  if (f.activities.length) {
    const sections = f.activities.filter((a) => a.length === 1);
    const codes = f.activities.filter((a) => a.length > 1);
    parts.push(
      sql`(c.naf_section = ANY(${textArray(sections)}::text[]) OR c.naf_code = ANY(${textArray(codes)}::text[]))`,
    );
  }
  if (f.legalForms.length) {
    const patterns = f.legalForms.map((code) => `${code}%`);
    parts.push(sql`c.legal_form_code LIKE ANY(${textArray(patterns)}::text[])`);
  }
  if (f.headcountBands.length)
    parts.push(sql`c.headcount_band = ANY(${textArray(f.headcountBands)}::text[])`);
  if (f.categories.length) parts.push(sql`c.category = ANY(${textArray(f.categories)}::text[])`);
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.createdFrom) parts.push(sql`c.creation_date >= ${f.createdFrom}::date`);
  if (f.createdTo) parts.push(sql`c.creation_date <= ${f.createdTo}::date`);
  if (f.capitalMin !== null) parts.push(sql`c.capital_amount >= ${f.capitalMin}`);
  if (f.capitalMax !== null) parts.push(sql`c.capital_amount <= ${f.capitalMax}`);
  if (f.revenueMin !== null) parts.push(sql`c.revenue >= ${f.revenueMin}`);
  if (f.revenueMax !== null) parts.push(sql`c.revenue <= ${f.revenueMax}`);
  if (f.netResultMin !== null) parts.push(sql`c.net_result >= ${f.netResultMin}`);
  if (f.netResultMax !== null) parts.push(sql`c.net_result <= ${f.netResultMax}`);
  if (f.labels.length) parts.push(sql`c.labels @> ${textArray(f.labels)}::text[]`);
  if (f.contradictions)
    parts.push(sql`EXISTS (SELECT 1 FROM company_contradictions x WHERE x.siren = c.siren)`);
  if (f.place) {
    if (/^\d{5}$/.test(f.place)) parts.push(sql`c.postcode = ${f.place}`);
    else if (/^\d{2,3}$/.test(f.place)) parts.push(sql`c.department = ${f.place}`);
    else parts.push(sql`search_fold(c.commune_name) = ${foldName(f.place)}`);
  }
  if (parts.length === 0) return sql`true`;
  return sql.join(parts, sql` AND `);
}
