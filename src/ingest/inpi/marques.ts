/**
 * INPI trademarks, CSV with ";" and quotes (INPI open data as republished by FranceX):
 * "";"ApplicationNumber";"Mark";"MarkCurrentStatusCode";"ApplicationDate";"ExpiryDate";
 * "DEPOSANT";"DEPOTIT";"MarkFeature";"url";"search";"FranceX";"depo";"titulaire".
 * "NA" is R's missing value. The file has no SIREN column: a brand is linked to a company only
 * when its applicant text states the company's number (see applicantSiren).
 */
import { csvRecords } from '../core/csv';
import { ImportError } from '../core/errors';
import { textChunks } from '../core/input';
import type { Importer } from '../core/run';
import { TableWriter } from '../core/writer';
import { CoverageTracker } from '../core/coverage';
import { isValidSiret, luhnValid } from '@/domain/siren';
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

/** A registry number announced by a keyword: « RCS Paris B 330 675 547 », « SIRET : 389… ». */
const NUMBER_RE =
  /(?:\bsiren|\bsiret|\br\.?c\.?s\b\.?|registre du commerce|immatricul\S*)[^0-9]{0,40}?((?:\d[ .\u00a0]?){9,14})/gi;

/**
 * The SIREN an applicant text (DEPOSANT) states, or null. Linking rule: a 9-digit number (spaces
 * and dots allowed) or a 14-digit SIRET after « SIREN », « SIRET », « RCS », « registre du
 * commerce » or « immatriculé(e) », with a valid key; exactly one distinct SIREN in the text; and
 * not a representative's number (« agissant … pour le compte de » another, often unregistered,
 * company). Names alone are never matched: homonyms are too common.
 */
export function applicantSiren(text: string | null): string | null {
  if (!text || /pour le compte/i.test(text)) return null;
  const found = new Set<string>();
  for (const m of text.matchAll(NUMBER_RE)) {
    const d = m[1]!.replace(/\D/g, '');
    if (d.length === 9 && luhnValid(d)) found.add(d);
    else if (d.length === 14 && isValidSiret(d)) found.add(d.slice(0, 9));
  }
  return found.size === 1 ? [...found][0]! : null;
}

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
        'siren',
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
    const coverage = new CoverageTracker('inpi-marques');
    const flush = async () => {
      for (const r of rows) coverage.see(r[4] as string | null);
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
            applicantSiren(na(f[6])),
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
    await coverage.save(ctx.conn);
  },
};
