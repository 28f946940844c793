/**
 * Ministère de la Culture, « Déclarations des entrepreneurs de spectacles vivants » (resource
 * fb6c3b2e-da8c-4e69-a719-6a96329e4cb2): the CSV (`;`, Latin-1) or its tabular-API JSON view,
 * with `siren_siret` and `statut_recepisse`. Label `entrepreneur-spectacle` per SIREN (the first 9
 * digits), its status `valide` when one receipt is « Valide », else `non_valide`.
 */
import { cleanSiren, jsonOrDelimited, labelImporter, parseRows, str } from '../core/labels';

export function parseSpectacle(text: string, name: string) {
  const rows = jsonOrDelimited(
    text,
    name,
    {
      keys: ['data'],
      row: (r) => ({
        id: str(r.siren_siret),
        status: str(r.statut_recepisse),
        date: str(r.date_depot_dossier),
      }),
    },
    {
      required: ['siren_siret', 'statut_recepisse'],
      row: (r) => ({
        id: r.get('siren_siret'),
        status: r.get('statut_recepisse'),
        date: r.get('date_depot_dossier'),
      }),
    },
  );
  const bySiren = new Map<string, { valid: boolean; date: string | null }>();
  const out = parseRows({ labels: ['entrepreneur-spectacle'] }, rows, (r) => {
    const digits = r.id?.replace(/\D/g, '') ?? '';
    const siren = digits.length >= 9 ? digits.slice(0, 9) : cleanSiren(digits);
    if (!siren) return `SIREN ou SIRET mal formé : « ${r.id ?? ''} »`;
    const prev = bySiren.get(siren) ?? { valid: false, date: null };
    prev.valid ||= r.status?.toLowerCase() === 'valide';
    if ((r.date ?? '') > (prev.date ?? '')) prev.date = r.date;
    bySiren.set(siren, prev);
  });
  for (const [siren, v] of bySiren)
    out.labels.push({
      siren,
      label: 'entrepreneur-spectacle',
      detail: { statut_entrepreneur_spectacle: v.valid ? 'valide' : 'non_valide' },
      date: v.date,
    });
  return out;
}

export const spectacleImporter = labelImporter('spectacle', parseSpectacle);
