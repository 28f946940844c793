/**
 * Export of a results list (CSV or XLSX): the same companies, in the same order, as the results
 * page for the same URL, streamed in batches so that 10,000 rows never sit in memory at once.
 *
 * First the order, as SIRENs only (10,000 at most: about 100 KB): for a query (name, SIREN,
 * SIRET, VAT number), with a place or another sort, the results' own `searchCompanies`, page by
 * page; for filters alone in the default order, search_companies in the results page's order
 * (`orderSql`), in one read. Then the rows, BATCH at a time by primary key, each batch
 * written out before the next is read (the stream pulls).
 *
 * Every cell comes from the results row (`companyResultOf`): a name or an address the results do
 * not show is not exported either. The street address of the head office is added only when the
 * index keeps the postcode (diffusible unit, docs/SEARCH.md) and the establishment is diffusible.
 * Design and figures: docs/SEARCH.md, « Export ».
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import type { AddressParts } from '@/domain/diffusion';
import { addressView } from '@/registry/addresses';
import { failure, success, type Result } from '@/lib/errors';
import { tabularStream, type Cell, type TabularColumn } from '@/lib/tabular/write';
import { searchCompanies, type CompanySearchInput } from './companies';
import {
  companyResultOf,
  MAX_CALLER_PAGE_SIZE,
  type CompanyResult,
  type SearchCompanyRow,
} from './company-results';
import { orderSql } from './sorting';
import { filtersSql, hasFilters, EMPTY_FILTERS } from './filters';
import { textArray } from '@/domain/sql-fragments';

/** Rows at most per export, signed in. */
export const EXPORT_MAX_ROWS = 10_000;
/** Rows at most per export without an account. */
export const EXPORT_ANONYMOUS_MAX_ROWS = 100;
/** Rows read per round trip. */
const BATCH = 1000;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One exported company: the results row plus what only the export shows. */
export type ExportRow = {
  result: CompanyResult;
  capital: number | null;
  address: string | null;
};

/** A column: its header (French), how it is written (src/lib/tabular/write.ts), its value. */
type Column = TabularColumn & { value: (r: ExportRow) => Cell };

/**
 * The columns a user may ask for (`colonnes=`), in the order they are written. The default set
 * is what a results row shows.
 */
export const EXPORT_COLUMNS = {
  siren: { header: 'SIREN', kind: 'text', width: 11, value: (r) => r.result.siren },
  nom: {
    header: 'Nom',
    kind: 'text',
    width: 40,
    value: (r) => r.result.name ?? 'Entrepreneur individuel (nom non diffusé)',
  },
  sigle: { header: 'Sigle', kind: 'text', width: 12, value: (r) => r.result.sigle },
  forme_juridique: {
    header: 'Forme juridique',
    kind: 'text',
    width: 30,
    value: (r) => r.result.legalForm?.label ?? r.result.legalForm?.code ?? null,
  },
  naf: { header: 'Code NAF', kind: 'text', width: 9, value: (r) => r.result.naf?.code ?? null },
  naf_libelle: {
    header: 'Activité (NAF)',
    kind: 'text',
    width: 40,
    value: (r) => r.result.naf?.label ?? null,
  },
  adresse: { header: 'Adresse du siège', kind: 'text', width: 45, value: (r) => r.address },
  code_postal: {
    header: 'Code postal',
    kind: 'text',
    width: 8,
    value: (r) => r.result.headOffice.postcode,
  },
  commune: {
    header: 'Commune',
    kind: 'text',
    width: 25,
    value: (r) => r.result.headOffice.commune,
  },
  date_creation: {
    header: 'Date de création',
    kind: 'date',
    width: 12,
    value: (r) => r.result.creationDate,
  },
  effectif: {
    header: 'Effectif',
    kind: 'text',
    width: 22,
    value: (r) => r.result.headcountBand?.label ?? r.result.headcountBand?.code ?? null,
  },
  categorie: { header: 'Catégorie', kind: 'text', width: 10, value: (r) => r.result.category },
  etat: { header: 'État', kind: 'text', width: 24, value: (r) => r.result.stateLabel },
  etablissements_ouverts: {
    header: 'Établissements ouverts',
    kind: 'integer',
    width: 10,
    value: (r) => r.result.openEstablishments,
  },
  capital: { header: 'Capital (€)', kind: 'euros', width: 14, value: (r) => r.capital },
  chiffre_affaires: {
    header: 'Chiffre d’affaires (€)',
    kind: 'euros',
    width: 16,
    value: (r) => r.result.finances?.revenue ?? null,
  },
  resultat: {
    header: 'Résultat net (€)',
    kind: 'euros',
    width: 16,
    value: (r) => r.result.finances?.netResult ?? null,
  },
  exercice: {
    header: 'Exercice',
    kind: 'integer',
    width: 9,
    value: (r) => r.result.finances?.fiscalYear ?? null,
  },
  dirigeant: {
    header: 'Dirigeant principal',
    kind: 'text',
    width: 35,
    value: (r) => {
      const d = r.result.mainDirector;
      return d ? `${d.name}${d.role ? `, ${d.role}` : ''}` : null;
    },
  },
} as const satisfies Record<string, Column>;

export type ExportColumnName = keyof typeof EXPORT_COLUMNS;

/** The columns of a results row (used when `colonnes` is absent). */
export const DEFAULT_EXPORT_COLUMNS: ExportColumnName[] = [
  'siren',
  'nom',
  'sigle',
  'etat',
  'code_postal',
  'commune',
  'date_creation',
  'naf',
  'naf_libelle',
  'forme_juridique',
  'effectif',
  'dirigeant',
  'etablissements_ouverts',
  'chiffre_affaires',
];

export const isExportColumn = (name: string): name is ExportColumnName =>
  Object.hasOwn(EXPORT_COLUMNS, name);

export const columnOf = (name: ExportColumnName): Column => EXPORT_COLUMNS[name];

/**
 * The bytes of an export in `format`, by the one tabular writer (src/lib/tabular/write.ts): a
 * batch is read from the database only when the client has taken the previous one.
 */
export function exportStream(
  format: ExportFormat,
  columns: readonly ExportColumnName[],
  batches: AsyncIterable<ExportRow[]>,
): ReadableStream<Uint8Array> {
  const cols = columns.map(columnOf);
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => cols.map((c) => c.value(row)));
  }
  return tabularStream(format, 'Entreprises', cols, rows());
}

/** What a prepared export gives: its row count, known before the first byte, and its batches. */
export type PreparedExport = {
  total: number;
  batches: AsyncIterable<ExportRow[]>;
};

type ExportDbRow = SearchCompanyRow & AddressParts & { shown_address: boolean };

/** The head office's address columns, read only when the results would show the postcode. */
const ROW_SELECT = sql`c.*, (c.postcode IS NOT NULL AND c.name IS NOT NULL AND e.diffusion = 'O') AS shown_address,
  e.address_number AS "addressNumber", e.address_repetition AS "addressRepetition",
  e.address_street_type AS "addressStreetType", e.address_street AS "addressStreet",
  e.address_complement AS "addressComplement", e.address_post_box AS "addressPostBox",
  e.postcode AS "postcode_e", e.commune_code AS "communeCode", e.commune_name AS "communeName",
  e.cedex, e.foreign_city AS "foreignCity", e.foreign_country AS "foreignCountry"`;

function exportRowOf(
  r: ExportDbRow & { postcode_e?: string | null },
  matched: CompanyResult['matched'],
  hideFinancialData: boolean,
): ExportRow {
  const result = companyResultOf(r, matched, hideFinancialData);
  let address: string | null = null;
  if (r.shown_address) {
    const view = addressView({ ...r, postcode: r.postcode_e ?? r.postcode }, false);
    address = view.lines.join(', ') || null;
  }
  const capital = r.capital_amount === null ? null : Number(r.capital_amount);
  return { result, capital: Number.isFinite(capital) ? capital : null, address };
}

/**
 * Prepares the export of a results list: checks the search as the results page does (same
 * failures), reads its order (at most `limit` SIRENs: the row count is known before the first
 * byte), and gives its batches.
 */
export async function prepareExport(
  db: Db,
  input: Omit<CompanySearchInput, 'page' | 'perPage'>,
  limit: number,
): Promise<Result<PreparedExport>> {
  const filters = input.filters ?? EMPTY_FILTERS;
  const hide = !!input.hideFinancialData;
  const qText = input.q?.trim() ?? '';
  // Filters alone, in the default order and with no place to resolve (communes, EPCIs, a point):
  // one ordered read of the SIRENs (a few hundred kilobytes for 10,000), then the rows by batches:
  // one sort for the whole export, where a keyset read re-sorted every company of the filter at
  // each batch (many share a popularity).
  const plainFilters =
    !input.near &&
    filters.communes.length === 0 &&
    filters.epcis.length === 0 &&
    (!input.sort || input.sort === 'pertinence');
  if (!qText && hasFilters(filters) && plainFilters) {
    const sirens = await queryRows<{ siren: string }>(
      db,
      sql`SELECT c.siren FROM search_companies c WHERE ${filtersSql(filters)} AND c.name IS NOT NULL
        ORDER BY ${orderSql('pertinence', 'desc', null)} LIMIT ${limit}`,
    );
    const order = sirens.map((r) => ({ siren: r.siren, matched: null }));
    return success({ total: order.length, batches: rowBatches(db, order, hide) });
  }
  // Otherwise the results page's own search (its sort, its place, its ranking), page by page.
  const order: Array<{ siren: string; matched: CompanyResult['matched'] }> = [];
  for (let page = 1; order.length < limit; page++) {
    const found = await searchCompanies(db, { ...input, page, perPage: MAX_CALLER_PAGE_SIZE });
    if (!found.ok) return found;
    order.push(...found.value.results.slice(0, limit - order.length));
    if (page >= found.value.totalPages || found.value.results.length === 0) break;
  }
  return success({ total: order.length, batches: rowBatches(db, order, hide) });
}

/** The rows of `order`, BATCH at a time, in that order. */
async function* rowBatches(
  db: Db,
  order: Array<{ siren: string; matched: CompanyResult['matched'] }>,
  hide: boolean,
): AsyncGenerator<ExportRow[]> {
  for (let i = 0; i < order.length; i += BATCH) {
    const part = order.slice(i, i + BATCH);
    const rows = await queryRows<ExportDbRow>(
      db,
      sql`SELECT ${ROW_SELECT} FROM search_companies c
        LEFT JOIN establishments e ON e.siret = c.head_office_siret
        WHERE c.siren = ANY(${textArray(part.map((r) => r.siren))}::bpchar[])`,
    );
    const bySiren = new Map(rows.map((r) => [r.siren, r]));
    const out: ExportRow[] = [];
    for (const r of part) {
      const row = bySiren.get(r.siren);
      if (row) out.push(exportRowOf(row, r.matched, hide));
    }
    yield out;
  }
}

/** Reads `colonnes` (comma-separated names of EXPORT_COLUMNS); absent: the results row's columns. */
export function parseExportColumns(raw: string | null): ExportColumnName[] | string {
  if (raw === null || raw.trim() === '') return DEFAULT_EXPORT_COLUMNS;
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return DEFAULT_EXPORT_COLUMNS;
  for (const n of names) if (!isExportColumn(n)) return n.slice(0, 40);
  return names as ExportColumnName[];
}

/** A column failure, naming the parameter and the unknown column. */
export const unknownColumn = (name: string) =>
  failure(
    'INVALID_EXPORT',
    `Paramètre « colonnes » : colonne inconnue « ${name} ». Colonnes possibles : ${Object.keys(EXPORT_COLUMNS).join(', ')}.`,
  );
