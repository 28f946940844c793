/**
 * Agence Bio, the organic operators as its API serves them (`/api/gouv/operateurs/`, pages of
 * `{nbTotal, items: [...]}`): per SIRET its `numeroBio`, kept only when one of its certificates
 * is `ENGAGEE` (as the search API's processor does). Identifiers `bio` per establishment; the
 * label `bio` is held while one is.
 */
import { cleanSiret, jsonRows, labelImporter, parseRows, str } from '../core/labels';

export const parseAgenceBio = (text: string, name: string) =>
  parseRows({ derivedLabels: ['bio'] }, jsonRows(text, name, ['items']), (r, out) => {
    const siret = cleanSiret(r.siret);
    const numero = str(r.numeroBio);
    if (!siret || !numero) return `SIRET ou numéro bio absent : « ${String(r.siret ?? '')} »`;
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

export const agenceBioImporter = labelImporter('agence-bio', parseAgenceBio);
