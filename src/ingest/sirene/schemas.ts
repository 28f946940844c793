/**
 * The SIRENE stock file layouts INSEE has published. A file must match one of them exactly (same
 * columns, any order); anything else fails at once, naming the expected and the found columns.
 */
import { ImportError } from '../core/errors';

export type KnownSchema = { name: string; columns: string[] };

const UL_2019 = [
  'siren',
  'statutDiffusionUniteLegale',
  'unitePurgeeUniteLegale',
  'dateCreationUniteLegale',
  'sigleUniteLegale',
  'sexeUniteLegale',
  'prenom1UniteLegale',
  'prenom2UniteLegale',
  'prenom3UniteLegale',
  'prenom4UniteLegale',
  'prenomUsuelUniteLegale',
  'pseudonymeUniteLegale',
  'identifiantAssociationUniteLegale',
  'trancheEffectifsUniteLegale',
  'anneeEffectifsUniteLegale',
  'dateDernierTraitementUniteLegale',
  'nombrePeriodesUniteLegale',
  'categorieEntreprise',
  'anneeCategorieEntreprise',
  'dateDebut',
  'etatAdministratifUniteLegale',
  'nomUniteLegale',
  'nomUsageUniteLegale',
  'denominationUniteLegale',
  'denominationUsuelle1UniteLegale',
  'denominationUsuelle2UniteLegale',
  'denominationUsuelle3UniteLegale',
  'categorieJuridiqueUniteLegale',
  'activitePrincipaleUniteLegale',
  'nomenclatureActivitePrincipaleUniteLegale',
  'nicSiegeUniteLegale',
  'economieSocialeSolidaireUniteLegale',
  'caractereEmployeurUniteLegale',
];
const UL_2022 = [
  ...UL_2019.slice(0, 32),
  'societeMissionUniteLegale',
  'caractereEmployeurUniteLegale',
];
const UL_2025 = [...UL_2022, 'activitePrincipaleNAF25UniteLegale'];

export const UNITE_LEGALE_SCHEMAS: KnownSchema[] = [
  { name: 'StockUniteLegale 2025 (35 colonnes, avec NAF 2025)', columns: UL_2025 },
  { name: 'StockUniteLegale 2022 (34 colonnes, avec société à mission)', columns: UL_2022 },
  { name: 'StockUniteLegale 2019 (33 colonnes)', columns: UL_2019 },
];

const ET_ADDRESS_2019 = (n: '' | '2') => [
  `complementAdresse${n}Etablissement`,
  `numeroVoie${n}Etablissement`,
  `indiceRepetition${n}Etablissement`,
  `typeVoie${n}Etablissement`,
  `libelleVoie${n}Etablissement`,
  `codePostal${n}Etablissement`,
  `libelleCommune${n}Etablissement`,
  `libelleCommuneEtranger${n}Etablissement`,
  `distributionSpeciale${n}Etablissement`,
  `codeCommune${n}Etablissement`,
  `codeCedex${n}Etablissement`,
  `libelleCedex${n}Etablissement`,
  `codePaysEtranger${n}Etablissement`,
  `libellePaysEtranger${n}Etablissement`,
];
const ET_HEAD = [
  'siren',
  'nic',
  'siret',
  'statutDiffusionEtablissement',
  'dateCreationEtablissement',
  'trancheEffectifsEtablissement',
  'anneeEffectifsEtablissement',
  'activitePrincipaleRegistreMetiersEtablissement',
  'dateDernierTraitementEtablissement',
  'etablissementSiege',
  'nombrePeriodesEtablissement',
];
const ET_TAIL = [
  'dateDebut',
  'etatAdministratifEtablissement',
  'enseigne1Etablissement',
  'enseigne2Etablissement',
  'enseigne3Etablissement',
  'denominationUsuelleEtablissement',
  'activitePrincipaleEtablissement',
  'nomenclatureActivitePrincipaleEtablissement',
  'caractereEmployeurEtablissement',
];
const ET_2019 = [...ET_HEAD, ...ET_ADDRESS_2019(''), ...ET_ADDRESS_2019('2'), ...ET_TAIL];
const ET_ADDRESS_2024 = [
  'complementAdresseEtablissement',
  'numeroVoieEtablissement',
  'indiceRepetitionEtablissement',
  'dernierNumeroVoieEtablissement',
  'indiceRepetitionDernierNumeroVoieEtablissement',
  'typeVoieEtablissement',
  'libelleVoieEtablissement',
  'codePostalEtablissement',
  'libelleCommuneEtablissement',
  'libelleCommuneEtrangerEtablissement',
  'distributionSpecialeEtablissement',
  'codeCommuneEtablissement',
  'codeCedexEtablissement',
  'libelleCedexEtablissement',
  'codePaysEtrangerEtablissement',
  'libellePaysEtrangerEtablissement',
  'identifiantAdresseEtablissement',
  'coordonneeLambertAbscisseEtablissement',
  'coordonneeLambertOrdonneeEtablissement',
];
const ET_2024 = [...ET_HEAD, ...ET_ADDRESS_2024, ...ET_ADDRESS_2019('2'), ...ET_TAIL];
const ET_2025 = [...ET_2024, 'activitePrincipaleNAF25Etablissement'];
/** Etalab's geocoded SIRENE (geo-sirene, 2019): the INSEE columns plus nine geocoding ones. */
const ET_2019_GEO = [
  ...ET_2019,
  'longitude',
  'latitude',
  'geo_score',
  'geo_type',
  'geo_adresse',
  'geo_id',
  'geo_ligne',
  'geo_l4',
  'geo_l5',
];

export const ETABLISSEMENT_SCHEMAS: KnownSchema[] = [
  { name: 'StockEtablissement 2025 (54 colonnes, avec NAF 2025)', columns: ET_2025 },
  { name: 'StockEtablissement 2024 (53 colonnes)', columns: ET_2024 },
  { name: 'StockEtablissement 2019 (48 colonnes)', columns: ET_2019 },
  { name: 'StockEtablissement géocodé Etalab 2019 (57 colonnes)', columns: ET_2019_GEO },
];

/** Finds the schema a header matches, or throws naming the expected and found columns. */
export function matchSchema(
  header: string[],
  schemas: KnownSchema[],
  fileName: string,
): KnownSchema {
  const found = header.map((h) => h.trim());
  const set = new Set(found);
  for (const s of schemas) {
    if (s.columns.length === found.length && s.columns.every((c) => set.has(c))) return s;
  }
  let best = schemas[0]!;
  let bestScore = Infinity;
  for (const s of schemas) {
    const cols = new Set(s.columns);
    const score =
      found.filter((c) => !cols.has(c)).length + s.columns.filter((c) => !set.has(c)).length;
    if (score < bestScore) {
      best = s;
      bestScore = score;
    }
  }
  const cols = new Set(best.columns);
  const extra = found.filter((c) => !cols.has(c));
  const missing = best.columns.filter((c) => !set.has(c));
  throw new ImportError(
    `Colonnes inattendues dans ${fileName}.\n` +
      `  Attendu (${best.name}) : ${best.columns.join(', ')}\n` +
      `  Trouvé (${found.length} colonnes) : ${found.join(', ')}\n` +
      (missing.length ? `  Manquantes : ${missing.join(', ')}\n` : '') +
      (extra.length ? `  En trop : ${extra.join(', ')}\n` : '') +
      `  Formats reconnus : ${schemas.map((s) => s.name).join(' ; ')}`,
  );
}
