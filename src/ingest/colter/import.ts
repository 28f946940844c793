/**
 * Local authorities (collectivités territoriales), from the DGCL's files as the search API reads
 * them (its ColterProcessor), one file per level, recognised by its columns:
 *  - régions, comptes consolidés (CSV: `Code Insee YYYY Région`, `Code Siren Collectivité`,
 *    `Exercice`; the latest exercice kept): code = the region's INSEE code;
 *  - départements, same layout (`Code Insee YYYY Dép…`): code = INSEE code + "D", except 691 →
 *    69M (Métropole de Lyon), 67A → 6AE (Collectivité européenne d'Alsace), 75 → 75C (Paris);
 *  - EPCI list (XLSX or CSV, `siren_epci`): code = the SIREN, except 200046977 (Métropole de Lyon,
 *    a collectivité already);
 *  - communes (CSV Latin-1, `siren`, `insee`): code = the INSEE code, except 75056 (Paris, 75C).
 * Written to `local_authorities` (one level replaced per import) and, for each authority, the label
 * `collectivite-territoriale` with its code, INSEE code and level. No row of these files was found
 * in a public repository: the importer follows the documented columns and is tested on files made
 * from them (fixture-*.csv beside this file).
 */
import { ImportError } from '../core/errors';
import { cleanSiren, delimited, readLabelFile, todayIso, type DelimitedRow } from '../core/labels';
import type { Importer } from '../core/run';
import { TableWriter } from '../core/writer';

export type ColterLevel = 'region' | 'department' | 'epci' | 'commune';
export type Authority = { siren: string; code: string; codeInsee: string | null; level: string };

/** The codes of a level in `local_authorities.code`: what one import of that level replaces. */
export const LEVEL_CODES: Record<ColterLevel, string> = {
  region: '^[0-9]{2}$',
  department: '(D|^69M|^6AE|^75C)$',
  epci: '^[0-9]{9}$',
  commune: '^[0-9][0-9AB][0-9]{3}$',
};

const REGION_LEVEL: Record<string, string> = {
  '01': 'Région d’outre-mer',
  '04': 'Région d’outre-mer',
  '02': 'Collectivité territoriale unique',
  '03': 'Collectivité territoriale unique',
  '94': 'Collectivité de Corse',
};
const DEPARTMENT_CODE: Record<string, string> = { '691': '69M', '67A': '6AE', '75': '75C' };

export function parseColter(
  text: string,
  name: string,
): {
  level: ColterLevel;
  authorities: Authority[];
  read: number;
  rejects: Array<{ line: number; reason: string }>;
} {
  const head = text.slice(0, 4000);
  const headerLine = head.split(/\r?\n/).find((l) => /siren/i.test(l)) ?? '';
  const inseeColumn = headerLine
    .split(/[;,]/)
    .map((h) => h.replace(/"/g, '').trim())
    .find((h) => /^code insee \d{4} (r[ée]gion|d[ée]p)/i.test(h));
  let level: ColterLevel;
  let rows: DelimitedRow[];
  if (inseeColumn) {
    level = /r[ée]gion/i.test(inseeColumn) ? 'region' : 'department';
    rows = delimited(text, name, [inseeColumn, 'Code Siren Collectivité', 'Exercice']).rows;
  } else if (/siren_epci/i.test(headerLine)) {
    level = 'epci';
    rows = delimited(text, name, ['siren_epci']).rows;
  } else if (/(^|[;,"])insee([;,"]|$)/i.test(headerLine)) {
    level = 'commune';
    rows = delimited(text, name, ['siren', 'insee']).rows;
  } else
    throw new ImportError(
      `${name} : fichier de la DGCL attendu (colonnes « Code Insee AAAA Région » ou « … Dép… » avec « Code Siren Collectivité », « siren_epci », ou « siren » et « insee »).`,
    );
  const rejects: Array<{ line: number; reason: string }> = [];
  const best = new Map<string, { a: Authority; exercice: string }>();
  for (const r of rows) {
    const sirenRaw =
      level === 'epci'
        ? r.get('siren_epci')
        : level === 'commune'
          ? r.get('siren')
          : r.get('Code Siren Collectivité');
    const siren = cleanSiren(sirenRaw);
    if (!siren) {
      rejects.push({ line: r.line, reason: `SIREN mal formé : « ${sirenRaw ?? ''} »` });
      continue;
    }
    let a: Authority | null = null;
    let exercice = '';
    if (level === 'region' || level === 'department') {
      const insee = r.get(inseeColumn!)?.toUpperCase() ?? '';
      exercice = r.get('Exercice') ?? '';
      if (!insee) {
        rejects.push({ line: r.line, reason: 'code INSEE absent' });
        continue;
      }
      if (level === 'region') {
        const code = insee.padStart(2, '0');
        a = { siren, code, codeInsee: code, level: REGION_LEVEL[code] ?? 'Région' };
      } else {
        const dep = /^\d$/.test(insee) ? `0${insee}` : insee;
        a = {
          siren,
          code: DEPARTMENT_CODE[dep] ?? `${dep}D`,
          codeInsee: dep,
          level: 'Département',
        };
      }
    } else if (level === 'epci') {
      if (siren === '200046977') continue;
      a = { siren, code: siren, codeInsee: null, level: 'EPCI' };
    } else {
      const insee = r.get('insee')?.toUpperCase() ?? '';
      if (!/^[0-9][0-9AB][0-9]{3}$/.test(insee)) {
        rejects.push({ line: r.line, reason: `code INSEE de commune mal formé : « ${insee} »` });
        continue;
      }
      if (insee === '75056') continue;
      a = { siren, code: insee, codeInsee: insee, level: 'Commune' };
    }
    const prev = best.get(a.code);
    if (!prev || exercice >= prev.exercice) best.set(a.code, { a, exercice });
  }
  return { level, authorities: [...best.values()].map((b) => b.a), read: rows.length, rejects };
}

export const colterImporter: Importer = {
  zipEntries: ['.csv'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    const p = parseColter(await readLabelFile(ctx.input, ['siren_epci']), name);
    ctx.read += p.read;
    for (const r of p.rejects) ctx.reject(r.line, r.reason);
    const today = todayIso();
    const counts = p.authorities.length
      ? await new TableWriter(ctx.conn, {
          table: 'local_authorities',
          key: ['siren', 'source'],
          columns: ['siren', 'code', 'code_insee', 'level', 'source', 'source_date'],
        }).upsert(
          p.authorities.map((a) => [a.siren, a.code, a.codeInsee, a.level, 'colter', today]),
        )
      : { inserted: 0, updated: 0, unchanged: 0 };
    const gone = await ctx.conn.query(
      `DELETE FROM local_authorities WHERE source = 'colter' AND code ~ $1
         AND NOT (siren = ANY($2::text[])) RETURNING siren`,
      [LEVEL_CODES[p.level], p.authorities.map((a) => a.siren)],
    );
    ctx.count('local_authorities', { ...counts, updated: counts.updated + gone.length });
    // The label follows the table: one per authority, with what the API's complements show.
    const changed = await ctx.conn.query<{ siren: string }>(
      `WITH up AS (
         INSERT INTO company_labels (siren, label, source, source_date, detail)
         SELECT siren, 'collectivite-territoriale', 'colter', source_date,
           jsonb_build_object('code', code, 'code_insee', code_insee, 'niveau', level)
         FROM local_authorities WHERE source = 'colter'
         ON CONFLICT (siren, label, source) DO UPDATE SET detail = EXCLUDED.detail
           WHERE company_labels.detail IS DISTINCT FROM EXCLUDED.detail
         RETURNING siren),
       del AS (
         DELETE FROM company_labels l WHERE l.source = 'colter' AND NOT EXISTS
           (SELECT 1 FROM local_authorities a WHERE a.source = 'colter' AND a.siren = l.siren)
         RETURNING siren)
       SELECT siren FROM up UNION SELECT siren FROM del`,
    );
    ctx.count('company_labels', { inserted: 0, updated: changed.length, unchanged: 0 });
    // Élus imported before their authority are tied to it now.
    await ctx.conn.query(
      `UPDATE elected_officials e SET siren = a.siren FROM local_authorities a
        WHERE a.source = 'colter' AND a.code = e.colter_code AND e.siren IS DISTINCT FROM a.siren`,
    );
    const sirens = changed.map((r) => r.siren).concat(gone.map((r) => String(r.siren)));
    ctx.noteChanged(sirens);
    ctx.touch(sirens);
  },
};
