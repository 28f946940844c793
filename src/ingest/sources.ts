import { bodaccImporter } from './bodacc/import';
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
};
