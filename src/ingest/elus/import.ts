/**
 * Répertoire national des élus (Ministère de l'Intérieur, dataset 5c34c4d1634f4173183a64f1), one
 * CSV per mandate (`;`, or `,`), recognised by its code column, as the search API's ElusProcessor
 * reads them:
 *  - conseillers municipaux (`Code de la commune`; 75056 → 75C), part `cm`;
 *  - conseillers communautaires (`N° SIREN` of the EPCI), part `epci`;
 *  - collectivités à statut particulier (`Code de la collectivité à statut particulier`;
 *    972 → 02, 973 → 03, 6AED → 6AE), part `csp`;
 *  - conseillers départementaux (`Code du département` + "D"), part `cd`;
 *  - conseillers régionaux (`Code de la région`), part `cr`.
 * Names, sex, function; the birth date is cut to its month and year (as for directors). Each élu
 * is tied to the authority of `local_authorities` with the same code (its SIREN). No row of these
 * files was found in a public repository: the importer follows the documented columns (the
 * municipal file's header is known exactly) and is tested on files made from them.
 */
import { ImportError } from '../core/errors';
import { delimited, frenchDate, readSourceText, todayIso } from '../core/labels';
import { insertElectedOfficials } from '../core/elected';
import type { Importer } from '../core/run';

export type ElusPart = 'cm' | 'epci' | 'csp' | 'cd' | 'cr';
export type Elu = {
  colterCode: string;
  lastName: string;
  firstNames: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  sex: 'M' | 'F' | null;
  function: string | null;
};

const COLUMNS: Array<[ElusPart, string]> = [
  ['cm', 'Code de la commune'],
  ['epci', 'N° SIREN'],
  ['csp', 'Code de la collectivité à statut particulier'],
  ['cd', 'Code du département'],
  ['cr', 'Code de la région'],
];

function colterCode(part: ElusPart, raw: string): string {
  const v = raw.trim().toUpperCase();
  if (part === 'cm') return v === '75056' ? '75C' : v;
  if (part === 'cd') return `${v.padStart(2, '0')}D`;
  if (part === 'csp') return v === '972' ? '02' : v === '973' ? '03' : v === '6AED' ? '6AE' : v;
  if (part === 'cr') return v.padStart(2, '0');
  return v;
}

export function parseElus(
  text: string,
  name: string,
): { part: ElusPart; elus: Elu[]; read: number; rejects: Array<{ line: number; reason: string }> } {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').toLowerCase();
  const found = COLUMNS.find(([, col]) => header.includes(col.toLowerCase()));
  if (!found)
    throw new ImportError(
      `${name} : fichier du répertoire des élus attendu (colonne ${COLUMNS.map(([, c]) => `« ${c} »`).join(', ')}).`,
    );
  const [part, column] = found;
  const { rows } = delimited(text, name, [column, "Nom de l'élu", "Prénom de l'élu"]);
  const elus: Elu[] = [];
  const rejects: Array<{ line: number; reason: string }> = [];
  for (const r of rows) {
    const code = r.get(column);
    const lastName = r.get("Nom de l'élu");
    if (!code || !lastName) {
      rejects.push({ line: r.line, reason: 'code de la collectivité ou nom de l’élu absent' });
      continue;
    }
    const birth = frenchDate(r.get('Date de naissance'));
    const sex = r.get('Code sexe')?.toUpperCase();
    elus.push({
      colterCode: colterCode(part, code),
      lastName,
      firstNames: r.get("Prénom de l'élu"),
      birthYear: birth ? Number(birth.slice(0, 4)) : null,
      birthMonth: birth ? Number(birth.slice(5, 7)) : null,
      sex: sex === 'M' || sex === 'F' ? sex : null,
      function: r.get('Libellé de la fonction'),
    });
  }
  return { part, elus, read: rows.length, rejects };
}

export const elusImporter: Importer = {
  zipEntries: ['.csv'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    const p = parseElus(await readSourceText(ctx.input), name);
    ctx.read += p.read;
    for (const r of p.rejects) ctx.reject(r.line, r.reason);
    const gone = await ctx.conn.query<{ siren: string | null }>(
      `DELETE FROM elected_officials WHERE source = 'elus' AND part = $1 RETURNING siren`,
      [p.part],
    );
    const today = todayIso();
    await insertElectedOfficials(ctx.conn, p.elus, { source: 'elus', part: p.part, date: today });
    const tied = await ctx.conn.query<{ siren: string }>(
      `UPDATE elected_officials e SET siren = a.siren FROM local_authorities a
        WHERE e.source = 'elus' AND e.part = $1 AND a.code = e.colter_code
        RETURNING e.siren`,
      [p.part],
    );
    ctx.count('elected_officials', { inserted: p.elus.length, updated: 0, unchanged: 0 });
    const sirens = new Set([
      ...tied.map((r) => r.siren),
      ...gone.flatMap((r) => (r.siren ? [r.siren] : [])),
    ]);
    ctx.noteChanged(sirens);
    ctx.touch(sirens);
  },
};
