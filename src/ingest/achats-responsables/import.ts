/**
 * Label « Relations fournisseurs et achats responsables » (dataset 67abe64670ea0b9260c6a4a8,
 * resource a61ad4c3-5656-480d-b71c-bfc3cc99c9b0): CSV `;` with `SIREN` and `PERIMETRE`. Label
 * `achats-responsables` per SIREN (zero-padded), the perimeter kept in its detail. No row of this
 * file was found in a public repository: the importer follows the documented columns and is
 * tested on a file made from them (src/ingest/achats-responsables/fixture-rfar.csv).
 */
import { delimited, labelImporter, sirenLabels, type ParsedLabels } from '../core/labels';

export function parseAchatsResponsables(text: string, name: string): ParsedLabels {
  const rows = delimited(text, name, ['SIREN']).rows.map((r) => {
    const perimetre = r.get('PERIMETRE');
    return {
      line: r.line,
      id: r.get('SIREN'),
      detail: perimetre ? { perimetre: [perimetre] } : {},
    };
  });
  return sirenLabels(rows, 'achats-responsables');
}

export const achatsResponsablesImporter = labelImporter(
  'achats-responsables',
  parseAchatsResponsables,
);
