/**
 * ESS France, « Liste des entreprises de l'ESS » (data.gouv.fr resource
 * 57bc99ca-0432-4b46-8fcc-e76a35c9efaf): the CSV, or its tabular-API JSON view
 * (`{data: [{SIREN, …}]}`, keys = the CSV's columns). Each SIREN listed gets the label `ess`;
 * the search API's `est_ess` is this list OR SIRENE's economieSocialeSolidaireUniteLegale.
 */
import { jsonOrDelimited, labelImporter, sirenLabels } from '../core/labels';

export const parseEssFrance = (text: string, name: string) =>
  sirenLabels(
    jsonOrDelimited(
      text,
      name,
      { keys: ['data'], row: (r) => ({ id: r.SIREN }) },
      { required: ['SIREN'], row: (r) => ({ id: r.get('SIREN') as unknown }) },
    ),
    'ess',
  );

export const essFranceImporter = labelImporter('ess-france', parseEssFrance);
