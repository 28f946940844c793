/**
 * Agence Bio, the organic operators as its API serves them (`/api/gouv/operateurs/`, pages of
 * `{nbTotal, items: [...]}`): per SIRET its `numeroBio`, kept only when one of its certificates
 * is `ENGAGEE` (as the search API's processor does). Identifiers `bio` per establishment; the
 * label `bio` is held while one is.
 */
import {
  cleanSiret,
  emptyParse,
  jsonRecords,
  labelImporter,
  parseJson,
  str,
  type ParsedLabels,
} from '../core/labels';

export function parseAgenceBio(text: string, name: string): ParsedLabels {
  const out = emptyParse({ derivedLabels: ['bio'] });
  jsonRecords(parseJson(text, name), ['items'], name).forEach((r, i) => {
    out.read++;
    const siret = cleanSiret(r.siret);
    const numero = str(r.numeroBio);
    if (!siret || !numero) {
      out.rejects.push({
        line: i + 1,
        reason: `SIRET ou numéro bio absent : « ${String(r.siret ?? '')} »`,
      });
      return;
    }
    const engaged = ((r.certificats as Array<Record<string, unknown>>) ?? []).some(
      (c) => c?.etatCertification === 'ENGAGEE',
    );
    if (!engaged) return;
    out.identifiers.push({
      siren: siret.slice(0, 9),
      siret,
      kind: 'bio',
      identifier: numero,
      label: 'bio',
      date: str(r.dateMaj),
    });
  });
  return out;
}

export const agenceBioImporter = labelImporter('agence-bio', parseAgenceBio);
