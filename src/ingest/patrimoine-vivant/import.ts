/**
 * « Entreprises du patrimoine vivant » (EPV), the label's list on data.gouv.fr (resource
 * 9bca3cea-1659-422d-8c4d-40137b2a1ee8): CSV `;` with a `SIRET` column. Label `patrimoine-vivant`
 * per SIREN (the SIRET's first 9 digits); rows without a SIRET are dropped, as the search API does.
 * No row of this file was found in a public repository: the importer follows the documented
 * columns and is tested on a file made from them (src/ingest/patrimoine-vivant/fixture-epv.csv).
 */
import { delimited, labelImporter, sirenLabels, type ParsedLabels } from '../core/labels';

export function parsePatrimoineVivant(text: string, name: string): ParsedLabels {
  const rows = delimited(text, name, ['SIRET']).rows.map((r) => ({
    line: r.line,
    id: r.get('SIRET'),
  }));
  return sirenLabels(rows, 'patrimoine-vivant', { fromSiret: true, skipEmpty: true });
}

export const patrimoineVivantImporter = labelImporter('patrimoine-vivant', parsePatrimoineVivant);
