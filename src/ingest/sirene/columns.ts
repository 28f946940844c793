/** Columns of `companies` that SIRENE owns (see docs/DATA.md, precedence). */
export const UL_COLUMNS = [
  'siren',
  'diffusion',
  'name',
  'sigle',
  'other_names',
  'is_natural_person',
  'last_name',
  'usage_name',
  'first_names',
  'gender',
  'legal_form_code',
  'naf_code',
  'naf_version',
  'naf25_code',
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
  'sirene_updated_at',
] as const;

/** The company fields SIRENE writes, its key and its date aside; their source is implicit. */
export const SIRENE_FIELDS: ReadonlySet<string> = new Set(
  UL_COLUMNS.filter((c) => c !== 'siren' && c !== 'sirene_updated_at'),
);
