/**
 * FINESS (Ministère de la Santé), the two « extraction » files the search API reads: CSV `;`,
 * Latin-1, a first line of metadata, no header, one record per line whose first field is its
 * type.
 *  - Établissements (dataset 53699569a3a729239d2046eb): `structureet` records, field 1 the FINESS
 *    géographique, field 2 the FINESS juridique, field 22 the SIRET (0-based, the type being
 *    field 0). Identifiers `finess-geo` per SIRET (what `id_finess` searches) and `finess-ej` per
 *    SIREN, part `geo`.
 *  - Entités juridiques (dataset 5369956ba3a729239d2046fc): field 1 the FINESS juridique, field 20
 *    the SIREN. Identifiers `finess-ej`, part `ej`, only for the entities the établissements file
 *    lists (the API keeps only entities with one establishment at least).
 * The label `finess` is held while one identifier is. No row of these files was found in a
 * public repository under a licence we can copy: the importer follows the documented layout and
 * is tested on files made from it (fixture-etablissements.csv, fixture-entites-juridiques.csv).
 */
import { ImportError } from '../core/errors';
import {
  cleanSiren,
  cleanSiret,
  emptyParse,
  labelImporter,
  positional,
  type IdentifierFact,
  type ParsedLabels,
} from '../core/labels';
import type { ImportContext } from '../core/run';

const FINESS = /^[0-9][0-9AB][0-9]{7}$/;

/** The FINESS juridique of a company: an identifier per SIREN. */
const legalEntity = (siren: string, ej: string): IdentifierFact => ({
  siren,
  siret: null,
  kind: 'finess-ej',
  identifier: ej,
  label: 'finess',
});

/** Which file: by its name, else by its records' type. */
function kindOf(name: string, firstType: string | undefined): 'geo' | 'ej' {
  if (/cs1100507|etablissement|geo/i.test(name)) return 'geo';
  if (/cs1100501|juridique/i.test(name)) return 'ej';
  if (firstType === 'structureet') return 'geo';
  if (firstType === 'structureej' || firstType === 'structurej') return 'ej';
  throw new ImportError(
    `${name} : fichier FINESS des établissements ou des entités juridiques attendu (enregistrements « structureet » ou « structureej »).`,
  );
}

export function parseFiness(
  text: string,
  name: string,
  knownEntities?: ReadonlySet<string>,
): ParsedLabels {
  const rows = positional(text, ';', 1);
  const kind = kindOf(name, rows[0]?.fields[0]?.trim());
  const out = emptyParse({ part: kind, derivedLabels: ['finess'] });
  for (const r of rows) {
    const type = r.fields[0]?.trim();
    // The établissements file carries each establishment's coordinates on a second record.
    if (type === 'geolocalisation') continue;
    out.read++;
    if (kind === 'geo') {
      const geo = r.fields[1]?.trim() ?? '';
      const ej = r.fields[2]?.trim() ?? '';
      const rawSiret = r.fields[22]?.trim() ?? '';
      if (!FINESS.test(geo)) {
        out.rejects.push({ line: r.line, reason: `numéro FINESS mal formé : « ${geo} »` });
        continue;
      }
      const siret = cleanSiret(rawSiret);
      if (!siret) continue; // most establishments give no SIRET: not a company of ours
      const siren = siret.slice(0, 9);
      out.identifiers.push({ siren, siret, kind: 'finess-geo', identifier: geo, label: 'finess' });
      if (FINESS.test(ej)) out.identifiers.push(legalEntity(siren, ej));
    } else {
      const ej = r.fields[1]?.trim() ?? '';
      const siren = cleanSiren(r.fields[20]);
      if (!FINESS.test(ej)) {
        out.rejects.push({ line: r.line, reason: `numéro FINESS juridique mal formé : « ${ej} »` });
        continue;
      }
      if (!siren || (knownEntities && !knownEntities.has(ej))) continue;
      out.identifiers.push(legalEntity(siren, ej));
    }
  }
  return out;
}

/** The entities the établissements file listed (only those are kept from the entities' file). */
async function listedEntities(ctx: ImportContext): Promise<Set<string>> {
  const rows = await ctx.conn.query<{ identifier: string }>(
    `SELECT DISTINCT identifier FROM label_identifiers WHERE source = 'finess' AND part = 'geo' AND kind = 'finess-ej'`,
  );
  return new Set(rows.map((r) => r.identifier));
}

export const finessImporter = labelImporter(
  'finess',
  async (text, name, ctx) => parseFiness(text, name, await listedEntities(ctx)),
  { zipEntries: ['.csv'] },
);
