/**
 * ESS France, « Liste des entreprises de l'ESS » (data.gouv.fr resource
 * 57bc99ca-0432-4b46-8fcc-e76a35c9efaf): the CSV, or its tabular-API JSON view
 * (`{data: [{SIREN, …}]}`, keys = the CSV's columns). Each SIREN listed gets the label `ess`;
 * the search API's `est_ess` is this list OR SIRENE's economieSocialeSolidaireUniteLegale.
 */
import {
  delimited,
  jsonRecords,
  labelImporter,
  parseJson,
  sirenLabels,
  type ParsedLabels,
} from '../core/labels';

export function parseEssFrance(text: string, name: string): ParsedLabels {
  const rows = /^\s*[[{]/.test(text)
    ? jsonRecords(parseJson(text, name), ['data'], name).map((r, i) => ({
        line: i + 1,
        id: r.SIREN,
      }))
    : delimited(text, name, ['SIREN']).rows.map((r) => ({ line: r.line, id: r.get('SIREN') }));
  return sirenLabels(rows, 'ess');
}

export const essFranceImporter = labelImporter('ess-france', parseEssFrance);
