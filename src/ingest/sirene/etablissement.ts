import type { ColumnName } from '@/db/raw-rows';
import { ESTABLISHMENT_ADDRESS_COLUMNS, ESTABLISHMENT_STATE_COLUMNS } from '@/db/shared-columns';
import type { establishments } from '@/db/schema';
import { openInput } from '../core/input';
import { ImportContext, type Importer } from '../core/run';
import { importCsvBulk } from './bulk';
import { inFrance } from '@/search/geo/grid';
import { sireneXyToWgs84 } from '@/search/geo/projections';
import { ETABLISSEMENT_SCHEMAS } from './schemas';
import { refreshOpenEstablishments, uniteLegaleImporter } from './unite-legale';
import { bool, clean, date, digits, flag, oneOf, RowError, timestamp, year } from './values';

export const ET_COLUMNS = [
  'siret',
  'siren',
  'nic',
  ...ESTABLISHMENT_STATE_COLUMNS,
  'naf_version',
  'naf25_code',
  'headcount_band',
  'headcount_year',
  'employer',
  ...ESTABLISHMENT_ADDRESS_COLUMNS,
  'sirene_updated_at',
  'source',
  'source_updated_at',
  'latitude',
  'longitude',
] as const satisfies readonly ColumnName<typeof establishments>[];

const DIFFUSION = ['O', 'P', 'N'] as const;
const STATUS = ['A', 'F'] as const;

export function etablissementMapper(col: (name: string) => number) {
  const i = {
    siren: col('siren'),
    nic: col('nic'),
    siret: col('siret'),
    diffusion: col('statutDiffusionEtablissement'),
    creation: col('dateCreationEtablissement'),
    band: col('trancheEffectifsEtablissement'),
    bandYear: col('anneeEffectifsEtablissement'),
    updated: col('dateDernierTraitementEtablissement'),
    siege: col('etablissementSiege'),
    complement: col('complementAdresseEtablissement'),
    numero: col('numeroVoieEtablissement'),
    indice: col('indiceRepetitionEtablissement'),
    typeVoie: col('typeVoieEtablissement'),
    voie: col('libelleVoieEtablissement'),
    cp: col('codePostalEtablissement'),
    commune: col('libelleCommuneEtablissement'),
    communeEtranger: col('libelleCommuneEtrangerEtablissement'),
    distribution: col('distributionSpecialeEtablissement'),
    codeCommune: col('codeCommuneEtablissement'),
    cedex: col('codeCedexEtablissement'),
    pays: col('libellePaysEtrangerEtablissement'),
    debut: col('dateDebut'),
    etat: col('etatAdministratifEtablissement'),
    e1: col('enseigne1Etablissement'),
    e2: col('enseigne2Etablissement'),
    e3: col('enseigne3Etablissement'),
    du: col('denominationUsuelleEtablissement'),
    naf: col('activitePrincipaleEtablissement'),
    nafVersion: col('nomenclatureActivitePrincipaleEtablissement'),
    employer: col('caractereEmployeurEtablissement'),
    naf25: col('activitePrincipaleNAF25Etablissement'),
    lastNumber: col('dernierNumeroVoieEtablissement'),
    lambertX: col('coordonneeLambertAbscisseEtablissement'),
    lambertY: col('coordonneeLambertOrdonneeEtablissement'),
    longitude: col('longitude'),
    latitude: col('latitude'),
  };
  return (f: string[]): unknown[] => {
    const siret = f[i.siret] ?? '';
    const siren = f[i.siren] ?? '';
    const nic = f[i.nic] ?? '';
    if (!/^\d{14}$/.test(siret))
      throw new RowError(`SIRET absent ou mal formé : « ${siret} » (14 chiffres attendus)`);
    if (siret !== siren + nic)
      throw new RowError(
        `SIRET incohérent : « ${siret} » n'est pas la suite du SIREN « ${siren} » et du NIC « ${nic} »`,
      );
    const d = oneOf(f[i.diffusion], DIFFUSION, 'statutDiffusionEtablissement');
    if (d === null) throw new RowError('statutDiffusionEtablissement absent');
    const status = oneOf(f[i.etat], STATUS, 'etatAdministratifEtablissement') ?? 'A';
    const debut = date(f[i.debut], 'dateDebut');
    const signs = [f[i.e1], f[i.e2], f[i.e3], f[i.du]]
      .map(clean)
      .filter((x): x is string => x !== null);
    const updated = timestamp(f[i.updated], 'dateDernierTraitementEtablissement');
    const creation = date(f[i.creation], 'dateCreationEtablissement');
    const position = coordinates(f, i);
    return [
      siret,
      siren,
      nic,
      d === 'N' ? 'P' : d,
      bool(f[i.siege], 'etablissementSiege') ?? false,
      status,
      creation === '1900-01-01' ? null : creation,
      status === 'F' ? debut : null,
      signs,
      clean(f[i.naf]),
      clean(f[i.nafVersion]),
      i.naf25 >= 0 ? clean(f[i.naf25]) : null,
      clean(f[i.band]),
      year(f[i.bandYear], 'anneeEffectifsEtablissement'),
      flag(f[i.employer], 'caractereEmployeurEtablissement'),
      numberRange(clean(f[i.numero]), i.lastNumber >= 0 ? clean(f[i.lastNumber]) : null),
      clean(f[i.indice]),
      clean(f[i.typeVoie]),
      clean(f[i.voie]),
      clean(f[i.complement]),
      clean(f[i.distribution]),
      clean(f[i.cp]),
      digitsOrCode(f[i.codeCommune]),
      clean(f[i.commune]),
      clean(f[i.cedex]),
      clean(f[i.communeEtranger]),
      clean(f[i.pays]),
      updated,
      'sirene',
      updated,
      position?.lat ?? null,
      position?.lon ?? null,
    ];
  };
}

/**
 * The establishment's position in degrees: SIRENE's x/y converted by its territory's projection
 * (Lambert-93 in metropolitan France, UTM overseas: src/search/geo/projections.ts), or the
 * geocoded stock's own longitude/latitude. Unreadable coordinates are dropped, never an error.
 */
function coordinates(
  f: string[],
  i: {
    lambertX: number;
    lambertY: number;
    longitude: number;
    latitude: number;
    codeCommune: number;
  },
): { lat: number; lon: number } | null {
  const num = (k: number) => {
    const v = k >= 0 ? (f[k] ?? '').trim() : '';
    return v === '' || v === '[ND]' ? NaN : Number(v);
  };
  const x = num(i.lambertX);
  const y = num(i.lambertY);
  if (Number.isFinite(x) && Number.isFinite(y)) {
    const p = sireneXyToWgs84(digitsOrCode(f[i.codeCommune]), x, y);
    if (p) return { lat: round6(p.lat), lon: round6(p.lon) };
  }
  const lat = num(i.latitude);
  const lon = num(i.longitude);
  if (Number.isFinite(lat) && Number.isFinite(lon) && inFrance(lat, lon)) return { lat, lon };
  return null;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * A street number and the last number of a range ("59" and "61" → "59-61"), as the address is
 * written: the range is part of the address, never cut to its first number.
 */
export function numberRange(first: string | null, last: string | null): string | null {
  if (!first) return last;
  return last && last !== first ? `${first}-${last}` : first;
}

/** Commune codes are 5 characters (2A/2B for Corsica). */
function digitsOrCode(v: string | undefined): string | null {
  const c = clean(v);
  if (c === null) return null;
  if (!/^[0-9][0-9AB][0-9]{3}$/.test(c))
    throw new RowError(`codeCommuneEtablissement mal formé : « ${c} »`);
  return c;
}
void digits;

/**
 * An INSEE API establishment answer (`/siret`) carries each establishment's legal unit
 * (`uniteLegale`): its identity is imported too, through the legal-unit path (same validation,
 * newer-wins date and upsert), before the establishments. Without it a SIREN known only from such
 * an answer had no name, legal form nor creation date (issue 28). Same transaction as the file.
 */
async function importEmbeddedUnits(ctx: ImportContext): Promise<void> {
  const sub = new ImportContext(ctx.conn, await openInput(ctx.input.path, ['.json']), 'sirene-ul', {
    ...ctx.options,
    progress: 'off',
    directLoad: false,
  });
  await uniteLegaleImporter.run(sub);
  for (const [table, counts] of Object.entries(sub.tables)) ctx.count(table, counts);
  for (const r of sub.rejects) ctx.reject(r.line, `unité légale : ${r.reason}`, r.excerpt);
  const changed = sub.changedSirens();
  if (changed) ctx.noteChanged(changed);
}

export const etablissementImporter: Importer = {
  zipEntries: ['.csv', '.json'],
  run: async (ctx) => {
    if (/\.json(\.gz)?$/i.test(ctx.input.entryName ?? ctx.input.name))
      await importEmbeddedUnits(ctx);
    await importCsvBulk(ctx, {
      schemas: ETABLISSEMENT_SCHEMAS,
      spec: {
        table: 'establishments',
        key: ['siret'],
        columns: [...ET_COLUMNS, 'sirene_hash'],
        changedKey: 'siren',
        newerWhen:
          "t.source <> 'sirene' OR t.sirene_updated_at IS NULL OR EXCLUDED.sirene_updated_at >= t.sirene_updated_at",
        touchUpdatedAt: true,
        dateIndex: ET_COLUMNS.indexOf('sirene_updated_at'),
      },
      mapper: etablissementMapper,
      mapperName: 'sirene-etab',
      hashGuard: "source = 'sirene'",
      afterBatch: async (ctx, counts) => {
        if (counts.inserted + counts.updated > 0)
          await refreshOpenEstablishments(ctx.conn, { stagingTable: 'stg_establishments' });
      },
      afterFile: async (ctx, direct) => {
        if (direct) await refreshOpenEstablishments(ctx.conn, 'all');
      },
    });
  },
};
