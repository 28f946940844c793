/**
 * ADEME « liste des entreprises RGE » (data-fair dataset liste-des-entreprises-rge-2): its
 * `/lines` answers (`{total, results: [...], next}`) or its CSV export, each line a SIRET and a
 * `code_qualification`. Identifiers `rge` per establishment (what `id_rge` searches); the label
 * `rge` is held while one is.
 */
import {
  cleanSiret,
  delimited,
  emptyParse,
  jsonRecords,
  labelImporter,
  parseJson,
  str,
  type ParsedLabels,
} from '../core/labels';

export function parseRge(text: string, name: string): ParsedLabels {
  const out = emptyParse({ derivedLabels: ['rge'] });
  const rows = /^\s*[[{]/.test(text)
    ? jsonRecords(parseJson(text, name), ['results'], name).map((r, i) => ({
        line: i + 1,
        siret: r.siret,
        code: str(r.code_qualification),
      }))
    : delimited(text, name, ['siret', 'code_qualification']).rows.map((r) => ({
        line: r.line,
        siret: r.get('siret'),
        code: r.get('code_qualification'),
      }));
  for (const r of rows) {
    out.read++;
    const siret = cleanSiret(r.siret);
    if (!siret || !r.code) {
      out.rejects.push({
        line: r.line,
        reason: `SIRET ou code de qualification absent : « ${String(r.siret ?? '')} »`,
      });
      continue;
    }
    out.identifiers.push({
      siren: siret.slice(0, 9),
      siret,
      kind: 'rge',
      identifier: r.code,
      label: 'rge',
    });
  }
  return out;
}

export const rgeImporter = labelImporter('rge', parseRge);
