/**
 * DGAL « Alim'confiance » export (resource fff0cc27-977b-40d5-9c11-f7e4e79a0b72): CSV `;` with a
 * `SIRET` column, one row per inspection. Label `alim-confiance` per SIREN (the SIRET's first 9
 * digits, spaces removed), dated by its latest inspection.
 */
import { delimited, labelImporter, sirenLabels, type ParsedLabels } from '../core/labels';

export function parseAlimConfiance(text: string, name: string): ParsedLabels {
  const rows = delimited(text, name, ['SIRET']).rows.map((r) => ({
    line: r.line,
    id: r.get('SIRET'),
    date: r.get('Date_inspection'),
  }));
  return sirenLabels(rows, 'alim-confiance', { fromSiret: true });
}

export const alimConfianceImporter = labelImporter('alim-confiance', parseAlimConfiance);
