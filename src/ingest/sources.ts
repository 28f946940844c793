import { bodaccImporter } from './bodacc/import';
import type { Importer, SourceKey } from './core/run';
import { etablissementImporter } from './sirene/etablissement';
import { uniteLegaleImporter } from './sirene/unite-legale';

/** Every importer by its CLI name. */
export const IMPORTERS: Partial<Record<SourceKey, Importer>> = {
  'sirene-ul': uniteLegaleImporter,
  'sirene-etab': etablissementImporter,
  bodacc: bodaccImporter,
};
