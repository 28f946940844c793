import type { ColumnName } from './raw-rows';
import type { establishments } from './schema';

/**
 * An establishment's address columns, in print order: the one list the SIRENE import writes and
 * the registry's reads select (checked against the schema).
 */
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
