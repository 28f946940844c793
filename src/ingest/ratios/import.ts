/**
 * Published accounts ratios (INPI/BCE, OpenDataSoft dataset ratios_inpi_bce): one record per
 * company, closing date and accounts type. Revenue, net result and EBITDA get their own columns;
 * every other ratio is kept under its own name in `ratios`.
 */
import { parseSiren } from '@/domain/siren';
import { node, str, type Node } from '../bodacc/notice';
import { odsRecords } from '../bodacc/ods';
import { ImportError } from '../core/errors';
import { readAllText } from '../core/input';
import { financialWriter, type FinancialRow } from '../core/merge';
import type { Importer } from '../core/run';
import { isValidDate } from '../sirene/values';

const OWN = new Set([
  'siren',
  'date_cloture_exercice',
  'chiffre_d_affaires',
  'resultat_net',
  'ebe',
  'type_bilan',
  'confidentiality',
]);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

export function readRatio(f: Node): FinancialRow | { reason: string } {
  const siren = parseSiren(str(f.siren));
  if (!siren) return { reason: `SIREN absent ou mal formé : « ${str(f.siren) ?? ''} »` };
  const closing = str(f.date_cloture_exercice);
  if (!closing || !isValidDate(closing))
    return { reason: `date de clôture absente ou invalide : « ${closing ?? ''} »` };
  const ratios: FinancialRow['ratios'] = {};
  for (const [k, v] of Object.entries(f)) {
    if (OWN.has(k)) continue;
    if (typeof v === 'number' || typeof v === 'string' || v === null) ratios[k] = v;
  }
  return {
    siren,
    closingDate: closing,
    fiscalYear: Number(closing.slice(0, 4)),
    accountsType: str(f.type_bilan) ?? '',
    revenue: num(f.chiffre_d_affaires),
    netResult: num(f.resultat_net),
    ebitda: num(f.ebe),
    ratios,
    source: 'inpi-ratios',
  };
}

export const ratiosImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    let doc: unknown;
    try {
      doc = JSON.parse(await readAllText(ctx.input));
    } catch (e) {
      if (e instanceof ImportError) throw e;
      throw new ImportError(
        `${ctx.input.name} n'est pas un JSON valide (${(e as Error).message}).`,
      );
    }
    const records = odsRecords(doc);
    if (!records.length)
      throw new ImportError(`${ctx.input.name} ne contient aucun enregistrement de ratios.`);
    const rows: FinancialRow[] = [];
    records.forEach((r, i) => {
      ctx.read++;
      const row = readRatio(node(r) ?? {});
      if ('reason' in row) ctx.reject(i + 1, row.reason);
      else rows.push(row);
    });
    ctx.count('financials', await financialWriter(ctx.conn).write(rows));
  },
};
