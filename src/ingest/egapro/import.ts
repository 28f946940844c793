/**
 * Index de l'égalité professionnelle femmes-hommes (Egapro, Ministère du Travail): the XLSX the
 * search API reads (dataset 61a73dcfe3171089843587bf, column `SIREN`), its CSV, or the Egapro
 * API's search answers (`{data: [{entreprise: {siren}}]}`). Every SIREN listed gets the label
 * `egapro` (the API's `egapro_renseignee`).
 */
import { jsonOrDelimited, labelImporter, sirenLabels } from '../core/labels';

export const parseEgapro = (text: string, name: string) =>
  sirenLabels(
    jsonOrDelimited(
      text,
      name,
      {
        keys: ['data'],
        row: (r) => ({
          id: (r.entreprise as Record<string, unknown> | undefined)?.siren ?? r.siren,
        }),
      },
      { required: ['SIREN'], row: (r) => ({ id: r.get('SIREN') as unknown }) },
    ),
    'egapro',
  );

export const egaproImporter = labelImporter('egapro', parseEgapro, { xlsxHeader: ['SIREN'] });
