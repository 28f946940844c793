/**
 * Establishments seen by other sources than SIRENE (RNE, recherche-entreprises), ranked against
 * the row in place by source (SOURCE_RANK of merge.ts), and their positions filled in.
 */
import type { ColumnName } from '@/db/raw-rows';
import type { establishments, SourceName } from '@/db/schema';
import { ESTABLISHMENT_STATE_COLUMNS } from '@/db/shared-columns';
import type { Conn } from './conn';
import { TableWriter, type Counts } from './writer';
import { SOURCE_RANK } from './merge';

export type EstablishmentPatch = {
  siret: string;
  diffusion: 'O' | 'P';
  isHeadOffice: boolean;
  status: 'A' | 'F';
  creationDate: string | null;
  closedDate: string | null;
  signs: string[];
  nafCode: string | null;
  headcountBand: string | null;
  addressNumber: string | null;
  addressRepetition: string | null;
  addressStreetType: string | null;
  addressStreet: string | null;
  addressComplement: string | null;
  postcode: string | null;
  communeCode: string | null;
  communeName: string | null;
  foreignCity?: string | null;
  foreignCountry: string | null;
  source: SourceName;
  date: string | null;
};

const ESTABLISHMENT_COLUMNS = [
  'siret',
  'siren',
  'nic',
  ...ESTABLISHMENT_STATE_COLUMNS,
  'headcount_band',
  'address_number',
  'address_repetition',
  'address_street_type',
  'address_street',
  'address_complement',
  'postcode',
  'commune_code',
  'commune_name',
  'foreign_city',
  'foreign_country',
  'source',
  'source_updated_at',
] as const satisfies readonly ColumnName<typeof establishments>[];

const RANK_SQL = (col: string) =>
  `CASE ${col} ${Object.entries(SOURCE_RANK)
    .map(([s, r]) => `WHEN '${s}' THEN ${r}`)
    .join(' ')} ELSE 99 END`;

/** Establishments seen by other sources than SIRENE: they never overwrite a SIRENE row. */
export function establishmentWriter(conn: Conn): {
  write(rows: EstablishmentPatch[]): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'establishments',
    key: ['siret'],
    columns: [...ESTABLISHMENT_COLUMNS],
    touchUpdatedAt: true,
    newerWhen: `t.source <> 'sirene' AND (${RANK_SQL('EXCLUDED.source')} < ${RANK_SQL('t.source')} OR (EXCLUDED.source = t.source AND (t.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= t.source_updated_at)))`,
    dateIndex: ESTABLISHMENT_COLUMNS.indexOf('source_updated_at'),
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((e) => [
          e.siret,
          e.siret.slice(0, 9),
          e.siret.slice(9),
          e.diffusion,
          e.isHeadOffice,
          e.status,
          e.creationDate,
          e.closedDate,
          e.signs,
          e.nafCode,
          e.headcountBand,
          e.addressNumber,
          e.addressRepetition,
          e.addressStreetType,
          e.addressStreet,
          e.addressComplement,
          e.postcode,
          e.communeCode,
          e.communeName,
          e.foreignCity ?? null,
          e.foreignCountry,
          e.source,
          e.date,
        ]),
      ),
  };
}

/**
 * Positions (WGS84) another source gives for establishments (the Annuaire des Entreprises'
 * `latitude`/`longitude`): written where SIRENE gave none, never over SIRENE's own (converted from
 * its Lambert-93 coordinates at import). Returns the SIRENs whose head office may have moved.
 */
export async function fillEstablishmentPositions(
  conn: Conn,
  rows: Array<{ siret: string; latitude: number; longitude: number }>,
): Promise<Counts> {
  const valid = rows.filter(
    (r) =>
      Number.isFinite(r.latitude) &&
      Number.isFinite(r.longitude) &&
      Math.abs(r.latitude) <= 90 &&
      Math.abs(r.longitude) <= 180 &&
      !(r.latitude === 0 && r.longitude === 0),
  );
  if (!valid.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const changed = await conn.query(
    `UPDATE establishments e SET latitude = p.lat, longitude = p.lon
       FROM (SELECT unnest($1::text[]) AS siret, unnest($2::real[]) AS lat, unnest($3::real[]) AS lon) p
      WHERE e.siret = p.siret
        AND (e.latitude IS NULL OR (e.source <> 'sirene'
             AND (e.latitude, e.longitude) IS DISTINCT FROM (p.lat, p.lon)))
      RETURNING e.siret`,
    [valid.map((r) => r.siret), valid.map((r) => r.latitude), valid.map((r) => r.longitude)],
  );
  return { inserted: 0, updated: changed.length, unchanged: valid.length - changed.length };
}
