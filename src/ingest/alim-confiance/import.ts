/**
 * DGAL « Alim'confiance » export (resource fff0cc27-977b-40d5-9c11-f7e4e79a0b72): CSV `;` with a
 * `SIRET` column, one row per inspection. Label `alim-confiance` per SIREN (the SIRET's first 9
 * digits, spaces removed), dated by its latest inspection.
 */
import {
  cleanSiren,
  delimited,
  emptyParse,
  labelImporter,
  type ParsedLabels,
} from '../core/labels';

export function parseAlimConfiance(text: string, name: string): ParsedLabels {
  const out = emptyParse({ labels: ['alim-confiance'] });
  for (const r of delimited(text, name, ['SIRET']).rows) {
    out.read++;
    const raw = r.get('SIRET')?.replace(/\s/g, '') ?? '';
    const siren = raw.length >= 9 ? cleanSiren(raw.slice(0, 9)) : null;
    if (!siren) {
      out.rejects.push({ line: r.line, reason: `SIRET mal formé : « ${raw} »` });
      continue;
    }
    out.labels.push({ siren, label: 'alim-confiance', date: r.get('Date_inspection') });
  }
  return out;
}

export const alimConfianceImporter = labelImporter('alim-confiance', parseAlimConfiance);
