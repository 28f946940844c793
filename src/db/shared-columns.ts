/**
 * Runs of columns that an import writes and the registry's reads select, in one order: each
 * list once, checked against the schema (a renamed column fails to compile on both sides).
 */
import type { ColumnName } from './raw-rows';
import type { companies, directors, establishments, financials, notices } from './schema';

/** A company's names and identity, as SIRENE gives them (key first). */
export const COMPANY_IDENTITY_COLUMNS = [
  'siren',
  'diffusion',
  'name',
  'sigle',
  'other_names',
  'is_natural_person',
  'last_name',
  'usage_name',
  'first_names',
] as const satisfies readonly ColumnName<typeof companies>[];

/** A company's state, size and head office, as SIRENE gives them. */
export const COMPANY_STATE_COLUMNS = [
  'status',
  'creation_date',
  'ceased_date',
  'headcount_band',
  'headcount_year',
  'category',
  'category_year',
  'ess',
  'mission_company',
  'employer',
  'head_office_nic',
] as const satisfies readonly ColumnName<typeof companies>[];

/** An establishment's state and activity, as SIRENE gives them. */
export const ESTABLISHMENT_STATE_COLUMNS = [
  'diffusion',
  'is_head_office',
  'status',
  'creation_date',
  'closed_date',
  'signs',
  'naf_code',
] as const satisfies readonly ColumnName<typeof establishments>[];

/** An establishment's address columns, in print order. */
export const ESTABLISHMENT_ADDRESS_COLUMNS = [
  'address_number',
  'address_repetition',
  'address_street_type',
  'address_street',
  'address_complement',
  'address_post_box',
  'postcode',
  'commune_code',
  'commune_name',
  'cedex',
  'foreign_city',
  'foreign_country',
] as const satisfies readonly ColumnName<typeof establishments>[];

/** A director's mandate up to its start (key first); its end, key and source follow. */
export const DIRECTOR_MANDATE_COLUMNS = [
  'id',
  'siren',
  'kind',
  'role_code',
  'role_label',
  'last_name',
  'usage_name',
  'first_names',
  'birth_year',
  'birth_month',
  'nationality',
  'director_siren',
  'company_name',
  'start_date',
] as const satisfies readonly ColumnName<typeof directors>[];

/** A set of accounts' figures and their source (after its year and closing date). */
export const FINANCIAL_FIGURE_COLUMNS = [
  'accounts_type',
  'revenue',
  'net_result',
  'ebitda',
  'ratios',
  'source',
  'source_date',
  'quality',
] as const satisfies readonly ColumnName<typeof financials>[];

/** A BODACC notice's publication (after its key and company). */
export const NOTICE_PUBLICATION_COLUMNS = [
  'bodacc_kind',
  'family',
  'type_label',
  'published_at',
  'issue_number',
  'notice_number',
  'court',
] as const satisfies readonly ColumnName<typeof notices>[];
