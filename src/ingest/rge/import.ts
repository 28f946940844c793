/**
 * ADEME « liste des entreprises RGE » (data-fair dataset liste-des-entreprises-rge-2): its
 * `/lines` answers (`{total, results: [...], next}`) or its CSV export, each line a SIRET and a
 * `code_qualification`. Identifiers `rge` per establishment (what `id_rge` searches); the label
 * `rge` is held while one is.
 */
import { cleanSiret, jsonOrDelimited, labelImporter, parseRows, str } from '../core/labels';

export const parseRge = (text: string, name: string) =>
  parseRows(
    { derivedLabels: ['rge'] },
    jsonOrDelimited(
      text,
      name,
      { keys: ['results'], row: (r) => ({ siret: r.siret, code: str(r.code_qualification) }) },
      {
        required: ['siret', 'code_qualification'],
        row: (r) => ({ siret: r.get('siret') as unknown, code: r.get('code_qualification') }),
      },
    ),
    (r, out) => {
      const siret = cleanSiret(r.siret);
      if (!siret || !r.code)
        return `SIRET ou code de qualification absent : « ${String(r.siret ?? '')} »`;
      out.identifiers.push({
        siren: siret.slice(0, 9),
        siret,
        kind: 'rge',
        identifier: r.code,
        label: 'rge',
      });
    },
  );

export const rgeImporter = labelImporter('rge', parseRge);
