/**
 * Le marché de l'inclusion, the SIAE (structures d'insertion par l'activité économique) as its API
 * lists them: `/api/siae?limit=…` (`{results: [...]}`) or `/api/siae/siren/{siren}` (an array),
 * each with `siret` and `kind` (EI, ETTI, ACI, AI, EA…). Label `siae` per SIREN, `type_siae` the
 * sorted kinds (the API prints them « EI, ETTI »).
 */
import { cleanSiren, jsonRows, labelImporter, parseRows, str } from '../core/labels';

export function parseMarcheInclusion(text: string, name: string) {
  const kinds = new Map<string, { kinds: Set<string>; date: string | null }>();
  const rows = jsonRows(text, name, ['results']);
  const out = parseRows({ labels: ['siae'] }, rows, (r) => {
    const siren = cleanSiren(str(r.siret)?.slice(0, 9));
    if (!siren || !str(r.siret)) return `SIRET mal formé : « ${String(r.siret ?? '')} »`;
    const k = kinds.get(siren) ?? { kinds: new Set<string>(), date: null };
    if (str(r.kind)) k.kinds.add(str(r.kind)!);
    const d = str(r.updated_at)?.slice(0, 10) ?? null;
    if (d && d > (k.date ?? '')) k.date = d;
    kinds.set(siren, k);
  });
  for (const [siren, k] of kinds)
    out.labels.push({
      siren,
      label: 'siae',
      detail: k.kinds.size ? { type_siae: [...k.kinds].sort() } : {},
      date: k.date,
    });
  return out;
}

export const marcheInclusionImporter = labelImporter('marche-inclusion', parseMarcheInclusion);
