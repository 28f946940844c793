/**
 * Enrichment of an uploaded list of SIRENs: a CSV or XLSX file (its first sheet), the SIREN column
 * found by its header (« siren »), else the first column; every invalid value named with its line;
 * then the same file back as CSV or XLSX, one row per line of the list with what we hold on the
 * company, streamed as the companies are read.
 */
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import { readTable } from '@/lib/tabular/read';
import { textColumns, type Cell } from '@/lib/tabular/write';
import { lookupAll, MAX_BATCH, tooMany, validateEntries, type Entry, type Lookup } from './batch';

/** The uploaded file's cap (the front door and the body reader both read BODY_CAPS). */
export const ENRICHMENT_MAX_BYTES = 2 * 1024 * 1024;

export const ENRICHMENT_COLUMNS = [
  'Ligne',
  'SIREN',
  'Résultat',
  'Dénomination',
  'Sigle',
  'Forme juridique',
  'État',
  'Date de création',
  'Date de cessation',
  'SIRET du siège',
  'Adresse du siège',
  'Code postal',
  'Commune',
  'Code NAF',
  'Activité principale',
  'Tranche d’effectif',
  'Numéro de TVA',
] as const;

/** The enriched file's columns for the tabular writer: the dates as dates (JJ/MM/AAAA in CSV). */
export const ENRICHMENT_TABLE = textColumns(ENRICHMENT_COLUMNS, {
  'Date de création': 'date',
  'Date de cessation': 'date',
});

/** The SIRENs of an uploaded file, each with its line, or what is wrong with the file. */
export async function entriesFromFile(bytes: Uint8Array): Promise<Result<Entry[]>> {
  if (bytes.length === 0) return failure('VALIDATION_FAILED', 'Le fichier envoyé est vide.');
  const table = await readTable(bytes);
  if (!table.ok) return table;
  const rows = table.value.rows;
  const header = rows[0] ?? [];
  let column = header.findIndex((c) => /^\s*(n(°|o|um[ée]ro)?\s*)?siren\s*$/i.test(c));
  let first = 1;
  if (column < 0) {
    column = 0;
    // No « siren » header: the first column, its first row a header when it holds no digit.
    first = /\d/.test(header[0] ?? '') ? 0 : 1;
  }
  const raw: Array<{ value: string; line: number }> = [];
  for (let i = first; i < rows.length; i++) {
    const value = (rows[i]![column] ?? '').trim();
    if (value !== '') raw.push({ value, line: i + 1 });
  }
  if (raw.length > MAX_BATCH) return tooMany(raw.length);
  if (raw.length === 0)
    return failure(
      'VALIDATION_FAILED',
      'Aucun numéro SIREN dans ce fichier : mettez-les dans une colonne intitulée « siren », ou dans la première colonne.',
    );
  const entries = validateEntries(raw);
  return entries.ok ? success(entries.value) : entries;
}

const RESULT_LABEL: Record<string, string> = {
  COMPANY_NOT_FOUND: 'Introuvable',
  INVALID_SIREN: 'Numéro invalide',
};

/** One row of the enriched file. */
export function enrichedRow(l: Lookup): Cell[] {
  if (!l.found) return [l.line ?? null, l.siren, RESULT_LABEL[l.error.code] ?? l.error.message];
  const c = l.company;
  const ho = c.headOffice;
  return [
    l.line ?? null,
    c.siren,
    'Trouvée',
    c.displayName,
    c.sigle,
    c.legalForm.label,
    c.stateLabel,
    c.creationDate,
    c.ceasedDate,
    c.headOfficeSiret,
    ho ? ho.address.lines.join(', ') : null,
    ho?.address.postcode ?? null,
    ho?.address.communeName ?? null,
    c.naf.code,
    c.naf.label,
    c.headcount.label,
    c.vatNumber,
  ];
}

/** The enriched rows, in the list's order. */
export async function* enrichedRows(db: Db, entries: Entry[]): AsyncGenerator<Cell[]> {
  for await (const l of lookupAll(db, entries)) yield enrichedRow(l);
}
