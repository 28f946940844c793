import { sql } from 'drizzle-orm';
import { establishments } from '@/db/schema';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { ESTABLISHMENT_ADDRESS_COLUMNS, ESTABLISHMENT_STATE_COLUMNS } from '@/db/shared-columns';
import { isAddressHidden } from '@/domain/diffusion';
import { headcountBandLabel } from '@/domain/legal-forms';
import { nafLabel } from '@/domain/reference/naf';
import { clean, sourceRef, type SourceRef } from './result';
import { addressPartsOfRow, addressView, type AddressView } from './addresses';

/** One establishment as the registry reads it (`ESTABLISHMENT_COLUMNS`) and as pages may print it. */
export type EstablishmentView = {
  siret: string;
  nic: string;
  isHeadOffice: boolean;
  open: boolean;
  creationDate: string | null;
  closedDate: string | null;
  signs: string[];
  naf: { code: string | null; label: string | null; version: string | null };
  headcount: { band: string | null; label: string | null; year: number | null };
  address: AddressView;
  source: SourceRef;
};

const ESTABLISHMENT_FIELDS = [
  'siret',
  'nic',
  ...ESTABLISHMENT_STATE_COLUMNS,
  'naf_version',
  'headcount_band',
  'headcount_year',
  ...ESTABLISHMENT_ADDRESS_COLUMNS,
  'source',
] as const satisfies readonly ColumnName<typeof establishments>[];

/** One `establishments` row as ESTABLISHMENT_COLUMNS reads it; `source_date` is the source's own date. */
export type EstablishmentRow = Pick<
  RawRow<typeof establishments>,
  (typeof ESTABLISHMENT_FIELDS)[number]
> & { source_date: string | null };

/** The establishment columns pages print (`e.`), the one list of the registry's reads. */
export const ESTABLISHMENT_COLUMNS = sql`${selectList(establishments, 'e', ESTABLISHMENT_FIELDS, [
  'creation_date',
  'closed_date',
])}, COALESCE(e.source_updated_at, e.sirene_updated_at)::text AS source_date`;

/**
 * One establishment row as pages may print it. `companyProtected` carries the unit's partial
 * diffusion (or opposition) down: a protected natural person's signs are their name.
 */
export function establishmentView(
  row: EstablishmentRow,
  company: { protected: boolean; isNaturalPerson: boolean },
): EstablishmentView {
  const hideStreet = company.protected || isAddressHidden(row.diffusion);
  const hideSigns = (company.protected || row.diffusion !== 'O') && company.isNaturalPerson;
  return {
    siret: row.siret,
    nic: row.nic,
    isHeadOffice: row.is_head_office,
    open: row.status !== 'F',
    creationDate: row.creation_date,
    closedDate: row.closed_date,
    signs: hideSigns ? [] : (row.signs ?? []).map((s) => clean(s)).filter((s): s is string => !!s),
    naf: { code: row.naf_code, label: nafLabel(row.naf_code), version: row.naf_version },
    headcount: {
      band: row.headcount_band,
      label: headcountBandLabel(row.headcount_band),
      year: row.headcount_year,
    },
    address: addressView(addressPartsOfRow(row), hideStreet),
    source: sourceRef(row.source ?? 'sirene', row.source_date),
  };
}
