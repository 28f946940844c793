import { achatsResponsablesImporter } from './achats-responsables/import';
import { administrationImporter } from './administration/import';
import { agenceBioImporter } from './agence-bio/import';
import { alimConfianceImporter } from './alim-confiance/import';
import { bodaccImporter } from './bodacc/import';
import { colterImporter } from './colter/import';
import { egaproImporter } from './egapro/import';
import { elusImporter } from './elus/import';
import { essFranceImporter } from './ess-france/import';
import { finessImporter } from './finess/import';
import { marcheInclusionImporter } from './marche-inclusion/import';
import { organismeFormationImporter } from './organisme-formation/import';
import { patrimoineVivantImporter } from './patrimoine-vivant/import';
import { rgeImporter } from './rge/import';
import { rneAnnuaireImporter } from './rne-annuaire/import';
import { spectacleImporter } from './spectacle/import';
import { uaiImporter } from './uai/import';
import type { Importer, SourceKey } from './core/run';
import { idccImporter } from './idcc/import';
import { marquesImporter } from './inpi/marques';
import { ratiosImporter } from './ratios/import';
import { rechercheImporter } from './recherche/import';
import { rneImporter } from './rne/import';
import { etablissementImporter } from './sirene/etablissement';
import { uniteLegaleImporter } from './sirene/unite-legale';

/** Every importer by its CLI name. */
export const IMPORTERS: Record<Exclude<SourceKey, 'reference'>, Importer> = {
  'sirene-ul': uniteLegaleImporter,
  'sirene-etab': etablissementImporter,
  bodacc: bodaccImporter,
  rne: rneImporter,
  ratios: ratiosImporter,
  marques: marquesImporter,
  idcc: idccImporter,
  'recherche-entreprises': rechercheImporter,
  'rne-annuaire': rneAnnuaireImporter,
  'ess-france': essFranceImporter,
  'marche-inclusion': marcheInclusionImporter,
  'agence-bio': agenceBioImporter,
  rge: rgeImporter,
  egapro: egaproImporter,
  spectacle: spectacleImporter,
  'organisme-formation': organismeFormationImporter,
  uai: uaiImporter,
  'alim-confiance': alimConfianceImporter,
  administration: administrationImporter,
  finess: finessImporter,
  colter: colterImporter,
  elus: elusImporter,
  'patrimoine-vivant': patrimoineVivantImporter,
  'achats-responsables': achatsResponsablesImporter,
};
