/**
 * Schools and higher-education establishments (UAI), from three lists the search API reads in this
 * order (the first to list a UAI wins there; here each file keeps its own rows, `part`):
 *  - MENJ « Annuaire de l'éducation » (CSV `;`: `Identifiant_de_l_etablissement`, `SIREN_SIRET`;
 *    or its records API, lower-cased field names) → part `menj` (`menj-api`);
 *  - MESR « principaux établissements d'enseignement supérieur » (`uai - identifiant`, `siret`,
 *    several SIRETs comma-separated) → part `mesr`;
 *  - ONISEP Idéo (`code UAI`, `n° SIRET`) → part `onisep`.
 * Identifiers `uai` per establishment (per company when only a SIREN is given); label `uai`.
 */
import { ImportError } from '../core/errors';
import {
  cleanSiren,
  delimited,
  jsonRows,
  labelImporter,
  looksLikeJson,
  parseRows,
  str,
  type ParsedLabels,
} from '../core/labels';

type Row = { line: number; uai: string | null; ids: string | null; date: string | null };

/** The CSV layouts, recognised by a column of their header (lower case). */
const LAYOUTS = [
  {
    part: 'menj',
    marker: 'identifiant_de_l_etablissement',
    uai: 'Identifiant_de_l_etablissement',
    ids: 'SIREN_SIRET',
    date: 'date_maj_ligne',
  },
  { part: 'mesr', marker: 'uai - identifiant', uai: 'uai - identifiant', ids: 'siret' },
  { part: 'onisep', marker: 'code uai', uai: 'code UAI', ids: 'n° SIRET' },
];

export function parseUai(text: string, name: string): ParsedLabels {
  let part: string;
  let rows: Row[];
  if (looksLikeJson(text)) {
    // Answers of the MENJ records API: a file of their own, beside the CSV.
    part = 'menj-api';
    rows = jsonRows(text, name, ['records']).map((r) => {
      const f = (r.fields ?? r) as Record<string, unknown>;
      return {
        line: r.line,
        uai: str(f.identifiant_de_l_etablissement),
        ids: str(f.siren_siret),
        date: str(f.date_maj_ligne),
      };
    });
  } else {
    const head = text.slice(0, 4000).toLowerCase();
    const layout = LAYOUTS.find((l) => head.includes(l.marker));
    if (!layout)
      throw new ImportError(
        `${name} : colonnes d'un annuaire d'établissements attendues (Identifiant_de_l_etablissement et SIREN_SIRET, « uai - identifiant » et « siret », ou « code UAI » et « n° SIRET »).`,
      );
    part = layout.part;
    rows = delimited(text, name, [layout.uai, layout.ids]).rows.map((r) => ({
      line: r.line,
      uai: r.get(layout.uai),
      ids: r.get(layout.ids),
      date: layout.date ? r.get(layout.date) : null,
    }));
  }
  return parseRows({ part, derivedLabels: ['uai'] }, rows, (r, out) => {
    const uai = r.uai?.toUpperCase() ?? null;
    if (!uai || !/^[0-9]{7}[A-Z]$/.test(uai)) return `UAI mal formé : « ${r.uai ?? ''} »`;
    const ids = (r.ids ?? '')
      .split(',')
      .map((x) => x.replace(/\D/g, ''))
      .filter(Boolean);
    // No SIRET: not a company of ours (most private schools).
    for (const id of ids) {
      const siret = id.length === 14 ? id : null;
      const siren = siret ? siret.slice(0, 9) : cleanSiren(id);
      if (!siren) {
        out.rejects.push({ line: r.line, reason: `SIREN ou SIRET mal formé : « ${id} »` });
        continue;
      }
      out.identifiers.push({
        siren,
        siret,
        kind: 'uai',
        identifier: uai,
        label: 'uai',
        date: r.date,
      });
    }
  });
}

export const uaiImporter = labelImporter('uai', parseUai);
