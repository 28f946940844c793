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
  emptyParse,
  jsonRecords,
  labelImporter,
  parseJson,
  str,
  type ParsedLabels,
} from '../core/labels';

type Row = { line: number; uai: string | null; ids: string | null; date: string | null };

export function parseUai(text: string, name: string): ParsedLabels {
  let part: string;
  let rows: Row[];
  if (/^\s*[[{]/.test(text)) {
    // Answers of the MENJ records API: a file of their own, beside the CSV.
    part = 'menj-api';
    rows = jsonRecords(parseJson(text, name), ['records'], name).map((r, i) => {
      const f = (r.fields ?? r) as Record<string, unknown>;
      return {
        line: i + 1,
        uai: str(f.identifiant_de_l_etablissement),
        ids: str(f.siren_siret),
        date: str(f.date_maj_ligne),
      };
    });
  } else {
    const head = text.slice(0, 4000).toLowerCase();
    if (head.includes('identifiant_de_l_etablissement')) {
      part = 'menj';
      rows = delimited(text, name, ['Identifiant_de_l_etablissement', 'SIREN_SIRET']).rows.map(
        (r) => ({
          line: r.line,
          uai: r.get('Identifiant_de_l_etablissement'),
          ids: r.get('SIREN_SIRET'),
          date: r.get('date_maj_ligne'),
        }),
      );
    } else if (head.includes('uai - identifiant')) {
      part = 'mesr';
      rows = delimited(text, name, ['uai - identifiant', 'siret']).rows.map((r) => ({
        line: r.line,
        uai: r.get('uai - identifiant'),
        ids: r.get('siret'),
        date: null,
      }));
    } else if (head.includes('code uai')) {
      part = 'onisep';
      rows = delimited(text, name, ['code UAI', 'n° SIRET']).rows.map((r) => ({
        line: r.line,
        uai: r.get('code UAI'),
        ids: r.get('n° SIRET'),
        date: null,
      }));
    } else
      throw new ImportError(
        `${name} : colonnes d'un annuaire d'établissements attendues (Identifiant_de_l_etablissement et SIREN_SIRET, « uai - identifiant » et « siret », ou « code UAI » et « n° SIRET »).`,
      );
  }
  const out = emptyParse({ part, derivedLabels: ['uai'] });
  for (const r of rows) {
    out.read++;
    const uai = r.uai?.toUpperCase() ?? null;
    if (!uai || !/^[0-9]{7}[A-Z]$/.test(uai)) {
      out.rejects.push({ line: r.line, reason: `UAI mal formé : « ${r.uai ?? ''} »` });
      continue;
    }
    const ids = (r.ids ?? '')
      .split(',')
      .map((x) => x.replace(/\D/g, ''))
      .filter(Boolean);
    if (!ids.length) continue; // no SIRET: not a company of ours (most private schools)
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
  }
  return out;
}

export const uaiImporter = labelImporter('uai', parseUai);
