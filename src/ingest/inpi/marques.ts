/**
 * INPI trademarks, CSV with ";" and quotes (INPI open data as republished by FranceX):
 * "";"ApplicationNumber";"Mark";"MarkCurrentStatusCode";"ApplicationDate";"ExpiryDate";
 * "DEPOSANT";"DEPOTIT";"MarkFeature";"url";"search";"FranceX";"depo";"titulaire".
 * "NA" is R's missing value. The file carries no SIREN: brands are linked later by applicant.
 */
import { csvRecords } from '../core/csv';
import { ImportError } from '../core/errors';
import { textChunks } from '../core/input';
import type { Importer } from '../core/run';
import { TableWriter } from '../core/writer';
import { isValidDate } from '../sirene/values';

export const MARQUES_HEADER = [
  '',
  'ApplicationNumber',
  'Mark',
  'MarkCurrentStatusCode',
  'ApplicationDate',
  'ExpiryDate',
  'DEPOSANT',
  'DEPOTIT',
  'MarkFeature',
  'url',
  'search',
  'FranceX',
  'depo',
  'titulaire',
];

const na = (v: string | undefined) => (v === undefined || v === '' || v === 'NA' ? null : v);
function ymd(v: string | undefined, column: string): string | null {
  const c = na(v);
  if (c === null) return null;
  const d = /^\d{8}$/.test(c) ? `${c.slice(0, 4)}-${c.slice(4, 6)}-${c.slice(6, 8)}` : c;
  if (!isValidDate(d)) throw new Error(`date invalide dans ${column} : « ${c} »`);
  return d;
}

export const marquesImporter: Importer = {
  zipEntries: ['.csv'],
  async run(ctx) {
    const writer = new TableWriter(ctx.conn, {
      table: 'brands',
      key: ['application_number'],
      columns: [
        'application_number',
        'name',
        'status',
        'filing_date',
        'expiry_date',
        'applicant',
        'details',
      ],
    });
    let header: string[] | null = null;
    let rows: unknown[][] = [];
    const flush = async () => {
      ctx.count('brands', await writer.upsert(rows));
      rows = [];
      ctx.tick();
    };
    for await (const batch of csvRecords(textChunks(ctx.input), ';')) {
      for (const rec of batch) {
        if (!header) {
          header = rec.fields;
          if (
            header.length !== MARQUES_HEADER.length ||
            header.some((h, i) => h !== MARQUES_HEADER[i])
          )
            throw new ImportError(
              `Colonnes inattendues dans ${ctx.input.name}.\n  Attendu : ${MARQUES_HEADER.map((h) => `"${h}"`).join(';')}\n  Trouvé : ${header.map((h) => `"${h}"`).join(';')}`,
            );
          continue;
        }
        ctx.read++;
        const f = rec.fields;
        if (f.length !== header.length) {
          ctx.reject(
            rec.line,
            `nombre de champs incorrect : ${f.length} au lieu de ${header.length}`,
            rec.raw,
          );
          continue;
        }
        const number = na(f[1]);
        if (!number || !/^[A-Z]{0,2}\d+$/.test(number)) {
          ctx.reject(rec.line, `numéro de dépôt absent ou mal formé : « ${f[1] ?? ''} »`, rec.raw);
          continue;
        }
        try {
          rows.push([
            number,
            na(f[2]),
            na(f[3]),
            ymd(f[4], 'ApplicationDate'),
            ymd(f[5], 'ExpiryDate'),
            na(f[6]),
            {
              feature: na(f[8]),
              url: na(f[9]),
              country: na(f[10]),
              holderType: na(f[13]),
              representative: na(f[7]),
            },
          ]);
        } catch (e) {
          ctx.reject(rec.line, (e as Error).message, rec.raw);
        }
      }
      if (rows.length >= 5000) await flush();
    }
    if (!header) throw new ImportError(`Le fichier ${ctx.input.name} est vide.`);
    await flush();
  },
};
