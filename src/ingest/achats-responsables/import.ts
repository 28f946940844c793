/**
 * Label « Relations fournisseurs et achats responsables » (dataset 67abe64670ea0b9260c6a4a8,
 * resource a61ad4c3-5656-480d-b71c-bfc3cc99c9b0): CSV `;` with `SIREN` and `PERIMETRE`. Label
 * `achats-responsables` per SIREN (zero-padded), the perimeter kept in its detail. No row of this
 * file was found in a public repository: the importer follows the documented columns and is
 * tested on a file made from them (src/ingest/achats-responsables/fixture-rfar.csv).
 */
import {
  cleanSiren,
  delimited,
  emptyParse,
  labelImporter,
  type ParsedLabels,
} from '../core/labels';

export function parseAchatsResponsables(text: string, name: string): ParsedLabels {
  const out = emptyParse({ labels: ['achats-responsables'] });
  for (const r of delimited(text, name, ['SIREN']).rows) {
    out.read++;
    const siren = cleanSiren(r.get('SIREN'));
    if (!siren) {
      out.rejects.push({ line: r.line, reason: `SIREN mal formé : « ${r.get('SIREN') ?? ''} »` });
      continue;
    }
    const perimetre = r.get('PERIMETRE');
    out.labels.push({
      siren,
      label: 'achats-responsables',
      detail: perimetre ? { perimetre: [perimetre] } : {},
    });
  }
  return out;
}

export const achatsResponsablesImporter = labelImporter(
  'achats-responsables',
  parseAchatsResponsables,
);
