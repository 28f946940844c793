/**
 * Collective agreements. Three shapes, recognised by their content:
 *  - idcc-metadata.json: { "1043": { "titre de la convention": …, "url": … }, … } → titles;
 *  - siret-idcc-*.json: { "5516": ["35600000013016", …], … } → SIRET to IDCC;
 *  - CSV MOIS,SIRET,IDCC,DATE_MAJ (DSN monthly declarations, SocialGouv/siret2idcc) → SIRET to
 *    IDCC, the latest month winning.
 */
import { parseSiret } from '@/domain/siren';
import { csvRecords } from '../core/csv';
import { ImportError } from '../core/errors';
import { textChunks } from '../core/input';
import { agreementWriter, type AgreementRow } from '../core/company-records-writers';
import { readJson } from '../core/json';
import type { ImportContext, Importer } from '../core/run';
import { TableWriter } from '../core/writer';
import { CoverageTracker } from '../core/coverage';
import { isValidDate } from '../sirene/values';

const CSV_HEADER = ['MOIS', 'SIRET', 'IDCC', 'DATE_MAJ'];

async function importCsv(ctx: ImportContext) {
  const writer = agreementWriter(ctx.conn);
  let header: string[] | null = null;
  const rows: AgreementRow[] = [];
  for await (const batch of csvRecords(textChunks(ctx.input))) {
    for (const rec of batch) {
      if (!header) {
        header = rec.fields.map((h) => h.trim());
        if (header.join(',') !== CSV_HEADER.join(','))
          throw new ImportError(
            `Colonnes inattendues dans ${ctx.input.entryName ?? ctx.input.name}.\n  Attendu : ${CSV_HEADER.join(',')}\n  Trouvé : ${header.join(',')}`,
          );
        continue;
      }
      ctx.read++;
      const [mois, siretRaw, idccRaw, maj] = rec.fields.map((x) => x.trim());
      if (rec.fields.length !== 4) {
        ctx.reject(
          rec.line,
          `nombre de champs incorrect : ${rec.fields.length} au lieu de 4`,
          rec.raw,
        );
        continue;
      }
      const siret = parseSiret(siretRaw);
      if (!siret) {
        ctx.reject(rec.line, `SIRET mal formé : « ${siretRaw ?? ''} »`, rec.raw);
        continue;
      }
      if (!idccRaw || !/^\d{1,4}$/.test(idccRaw)) {
        ctx.reject(rec.line, `code IDCC mal formé : « ${idccRaw ?? ''} »`, rec.raw);
        continue;
      }
      const month = mois && /^\d{4}-\d{2}$/.test(mois) ? `${mois}-01` : null;
      const updated = maj?.replace(/\//g, '-') ?? null;
      if (!month) {
        ctx.reject(rec.line, `mois mal formé : « ${mois ?? ''} » (AAAA-MM attendu)`, rec.raw);
        continue;
      }
      rows.push({
        siret,
        idcc: idccRaw.padStart(4, '0'),
        month,
        updatedAt: updated && isValidDate(updated) ? updated : null,
      });
    }
  }
  if (!header) throw new ImportError(`Le fichier ${ctx.input.name} est vide.`);
  ctx.count('establishment_agreements', await writer.write(rows));
  const coverage = new CoverageTracker('idcc');
  for (const r of rows) coverage.see(r.updatedAt ?? r.month);
  await coverage.save(ctx.conn);
}

export const idccImporter: Importer = {
  zipEntries: ['.csv', '.json'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    if (/\.csv(\.gz)?$/i.test(name)) return importCsv(ctx);
    const doc = (await readJson(ctx.input, name)) as Record<string, unknown>;
    const values = Object.values(doc);
    if (values.length === 0) throw new ImportError(`${name} ne contient aucune convention.`);
    if (Array.isArray(values[0])) {
      const rows: AgreementRow[] = [];
      for (const [idcc, sirets] of Object.entries(doc)) {
        for (const s of (sirets as unknown[]) ?? []) {
          ctx.read++;
          const siret = parseSiret(String(s));
          if (!siret || !/^\d{1,4}$/.test(idcc))
            ctx.reject(null, `SIRET ou IDCC mal formé : « ${String(s)} » / « ${idcc} »`);
          else rows.push({ siret, idcc: idcc.padStart(4, '0'), month: null, updatedAt: null });
        }
      }
      ctx.count('establishment_agreements', await agreementWriter(ctx.conn).write(rows));
      return;
    }
    const writer = new TableWriter(ctx.conn, {
      table: 'collective_agreements',
      key: ['idcc'],
      columns: ['idcc', 'title', 'short_title', 'url'],
    });
    const rows: unknown[][] = [];
    for (const [idcc, meta] of Object.entries(doc)) {
      ctx.read++;
      const m = (meta ?? {}) as Record<string, unknown>;
      const title =
        typeof m['titre de la convention'] === 'string'
          ? (m['titre de la convention'] as string).trim()
          : null;
      if (!/^\d{1,4}$/.test(idcc) || !title) {
        ctx.reject(null, `convention « ${idcc} » sans code IDCC valide ou sans titre`);
        continue;
      }
      rows.push([idcc.padStart(4, '0'), title, null, typeof m.url === 'string' ? m.url : null]);
    }
    ctx.count('collective_agreements', await writer.upsert(rows));
  },
};
