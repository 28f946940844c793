import { COMPANY_IDENTITY_COLUMNS, COMPANY_STATE_COLUMNS } from '@/db/shared-columns';

/** Columns of `companies` that SIRENE owns (see docs/DATA.md, precedence). */
export const UL_COLUMNS = [
  ...COMPANY_IDENTITY_COLUMNS,
  'gender',
  'legal_form_code',
  'naf_code',
  'naf_version',
  'naf25_code',
  ...COMPANY_STATE_COLUMNS,
  'sirene_updated_at',
] as const;

/** The company fields SIRENE writes, its key and its date aside; their source is implicit. */
export const SIRENE_FIELDS: ReadonlySet<string> = new Set(
  UL_COLUMNS.filter((c) => c !== 'siren' && c !== 'sirene_updated_at'),
);
