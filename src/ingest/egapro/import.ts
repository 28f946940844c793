/**
 * Index de l'égalité professionnelle femmes-hommes (Egapro, Ministère du Travail): the XLSX the
 * search API reads (dataset 61a73dcfe3171089843587bf, column `SIREN`), its CSV, or the Egapro
 * API's search answers (`{data: [{entreprise: {siren}}]}`). Every SIREN listed gets the label
 * `egapro` (the API's `egapro_renseignee`).
 */
import {
  delimited,
  jsonRecords,
  parseJson,
  readSourceText,
  sirenLabels,
  todayIso,
  writeLabelSet,
  xlsxText,
  type ParsedLabels,
} from '../core/labels';
import type { Importer } from '../core/run';

export function parseEgapro(text: string, name: string): ParsedLabels {
  const rows = /^\s*[[{]/.test(text)
    ? jsonRecords(parseJson(text, name), ['data'], name).map((r, i) => ({
        line: i + 1,
        id: (r.entreprise as Record<string, unknown> | undefined)?.siren ?? r.siren,
      }))
    : delimited(text, name, ['SIREN']).rows.map((r) => ({ line: r.line, id: r.get('SIREN') }));
  return sirenLabels(rows, 'egapro');
}

export const egaproImporter: Importer = {
  zipEntries: ['.csv', '.json'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    const text = /\.xlsx$/i.test(name)
      ? await xlsxText(ctx.input, ['SIREN'])
      : await readSourceText(ctx.input);
    const p = parseEgapro(text, name);
    ctx.read += p.read;
    for (const r of p.rejects) ctx.reject(r.line, r.reason);
    await writeLabelSet(ctx, 'egapro', p, p.scope, todayIso());
  },
};
