/**
 * Elected officials (`elected_officials`, issue 39), written by the RNE élus' files
 * (src/ingest/elus) and by the Annuaire's answers (src/ingest/recherche): birth month and year
 * only, as for directors.
 */
import type { SourceName } from '@/db/schema';
import type { Conn } from './conn';
import { copyRow } from './copy';

export type ElectedRow = {
  colterCode: string;
  /** The authority's SIREN when known (the Annuaire's answers); else tied through `colter_code`. */
  siren?: string | null;
  lastName: string;
  firstNames: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  sex: string | null;
  function: string | null;
};

export async function insertElectedOfficials(
  conn: Conn,
  rows: readonly ElectedRow[],
  o: { source: SourceName; part?: string; date: string | null },
): Promise<void> {
  if (!rows.length) return;
  await conn.copyText(
    'elected_officials',
    [
      'colter_code',
      'siren',
      'last_name',
      'first_names',
      'birth_year',
      'birth_month',
      'sex',
      'function',
      'source',
      'part',
      'source_date',
    ],
    rows
      .map((e) =>
        copyRow([
          e.colterCode,
          e.siren ?? null,
          e.lastName,
          e.firstNames,
          e.birthYear,
          e.birthMonth,
          e.sex,
          e.function,
          o.source,
          o.part ?? '',
          o.date?.slice(0, 10) ?? null,
        ]),
      )
      .join(''),
  );
}
