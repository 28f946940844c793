/**
 * ESS France, « Liste des entreprises de l'ESS » (data.gouv.fr resource
 * 57bc99ca-0432-4b46-8fcc-e76a35c9efaf): the CSV, or its tabular-API JSON view
 * (`{data: [{SIREN, …}]}`, keys = the CSV's columns). Each SIREN listed gets the label `ess`;
 * the search API's `est_ess` is this list OR SIRENE's economieSocialeSolidaireUniteLegale.
 */
import {
  cleanSiren,
  delimited,
  emptyParse,
  jsonRecords,
  labelImporter,
  parseJson,
  type ParsedLabels,
} from '../core/labels';

export function parseEssFrance(text: string, name: string): ParsedLabels {
  const out = emptyParse({ labels: ['ess'] });
  const rows = /^\s*[[{]/.test(text)
    ? jsonRecords(parseJson(text, name), ['data'], name).map((r, i) => ({
        line: i + 1,
        siren: r.SIREN,
      }))
    : delimited(text, name, ['SIREN']).rows.map((r) => ({ line: r.line, siren: r.get('SIREN') }));
  for (const r of rows) {
    out.read++;
    const siren = cleanSiren(r.siren);
    if (!siren)
      out.rejects.push({ line: r.line, reason: `SIREN mal formé : « ${String(r.siren ?? '')} »` });
    else out.labels.push({ siren, label: 'ess' });
  }
  return out;
}

export const essFranceImporter = labelImporter('ess-france', parseEssFrance);
