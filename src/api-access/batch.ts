/**
 * Many companies in one call: a list of up to MAX_BATCH SIRENs (JSON, or text one per line), each
 * validated with its place in the list (JSON index or text line), then looked up in order, a
 * hundred per query, and handed out as soon as each chunk is read, so the answer streams. Shared by the batch
 * lookup (`POST /api/companies/batch`) and the enrichment of an uploaded file (enrichment.ts).
 */
import type { Db } from '@/db/client';
import { failure, success, type Failure, type Result } from '@/lib/errors';
import { getCompanyProfiles, type CompanyProfile } from '@/registry/company';

export const MAX_BATCH = 1000;

/** One entry of the list: its value and where it was (1-based line, or 0-based JSON index). */
export type Entry = { siren: string; line?: number; index?: number };
export type Invalid = { line?: number; index?: number; value: string; message: string };

const where = (e: { line?: number; index?: number }) =>
  e.line !== undefined ? `ligne ${e.line}` : `sirens[${e.index}]`;

/** VALIDATION_FAILED naming each invalid entry (`fields` by place, `invalid` for programs). */
export function invalidEntries(invalid: Invalid[]): Failure {
  const fields: Record<string, string[]> = {};
  for (const i of invalid) fields[where(i)] = [i.message];
  const n = invalid.length;
  return failure(
    'VALIDATION_FAILED',
    n === 1
      ? `Un numéro SIREN est invalide (${where(invalid[0]!)}) : corrigez-le puis recommencez.`
      : `${n} numéros SIREN sont invalides : corrigez-les puis recommencez (détail par ligne dans « fields »).`,
    { fields, extra: { invalid } },
  );
}

export const tooMany = (n: number) =>
  failure(
    'VALIDATION_FAILED',
    `Un lot compte au plus ${MAX_BATCH.toLocaleString('fr-FR')} numéros SIREN : celui-ci en compte ${n.toLocaleString('fr-FR')}. Découpez-le en plusieurs appels.`,
  );

const EMPTY = () => failure('VALIDATION_FAILED', 'La liste ne contient aucun numéro SIREN.');

/** Checks the raw values (with their places): the SIRENs, or the list of what is wrong. */
export function validateEntries(
  raw: Array<{ value: unknown; line?: number; index?: number }>,
): Result<Entry[]> {
  if (raw.length === 0) return EMPTY();
  if (raw.length > MAX_BATCH) return tooMany(raw.length);
  const entries: Entry[] = [];
  const invalid: Invalid[] = [];
  for (const r of raw) {
    const text =
      typeof r.value === 'string'
        ? r.value
        : typeof r.value === 'number' && Number.isInteger(r.value)
          ? String(r.value)
          : null;
    const place = { line: r.line, index: r.index };
    if (text === null) {
      invalid.push({
        ...place,
        value: JSON.stringify(r.value)?.slice(0, 40) ?? '',
        message: 'Un numéro SIREN s’écrit comme une chaîne de 9 chiffres.',
      });
      continue;
    }
    // 9 digits; 7 or 8 when a spreadsheet dropped the leading zeros of a number.
    const compact = text.replace(/[\s\u00a0.]/g, '');
    if (/^\d{7,9}$/.test(compact)) entries.push({ ...place, siren: compact.padStart(9, '0') });
    else
      invalid.push({
        ...place,
        value: text.slice(0, 40),
        message: `« ${text.slice(0, 40)} » n’est pas un numéro SIREN : 9 chiffres attendus.`,
      });
  }
  return invalid.length ? invalidEntries(invalid) : success(entries);
}

/** A text list: one SIREN per line (blank lines skipped), or several on a line separated by `,` or `;`. */
export function entriesFromText(text: string): Result<Entry[]> {
  const raw: Array<{ value: string; line: number }> = [];
  text
    .replace(/^\ufeff/, '')
    .split(/\r?\n|\r/)
    .forEach((l, i) => {
      for (const part of l.split(/[;,]/)) {
        const value = part.trim().replace(/^"(.*)"$/, '$1');
        if (value) raw.push({ value, line: i + 1 });
      }
    });
  return validateEntries(raw);
}

/** A JSON list: `["552032534", …]` or `{ "sirens": [ … ] }`. */
export function entriesFromJson(json: unknown): Result<Entry[]> {
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { sirens?: unknown }).sirens)
      ? (json as { sirens: unknown[] }).sirens
      : null;
  if (!list)
    return failure('VALIDATION_FAILED', 'Le corps attendu est { "sirens": ["552032534", …] }.', {
      fields: { sirens: ['Une liste de numéros SIREN est attendue.'] },
    });
  if (list.length > MAX_BATCH) return tooMany(list.length);
  return validateEntries(list.map((value, index) => ({ value, index })));
}

export type Lookup = Entry &
  (
    | { found: true; company: CompanyProfile }
    | { found: false; error: { code: string; message: string } }
  );

/** SIRENs per read: one round trip for each (`getCompanyProfiles`). */
const CHUNK = 100;

/**
 * Each entry's company, in the list's order: read CHUNK SIRENs per query, `parallel` queries at a
 * time, each chunk's entries yielded as soon as it and those before it are read, so the answer
 * streams from the first chunk on.
 */
export async function* lookupAll(db: Db, entries: Entry[], parallel = 3): AsyncGenerator<Lookup> {
  const chunks: Entry[][] = [];
  for (let i = 0; i < entries.length; i += CHUNK) chunks.push(entries.slice(i, i + CHUNK));
  const read = async (chunk: Entry[]): Promise<Lookup[]> => {
    const profiles = await getCompanyProfiles(
      db,
      chunk.map((e) => e.siren),
    );
    return chunk.map((e) => {
      const r = profiles.get(e.siren)!;
      return r.ok
        ? { ...e, found: true as const, company: r.value }
        : { ...e, found: false as const, error: { code: r.code, message: r.message } };
    });
  };
  const pending: Promise<Lookup[]>[] = [];
  let next = 0;
  const start = () => {
    const p = read(chunks[next++]!);
    // Awaited in turn below; a failure of a read ahead must not go unhandled meanwhile.
    p.catch(() => {});
    pending.push(p);
  };
  while (next < chunks.length && pending.length < parallel) start();
  while (pending.length) {
    const done = await pending.shift()!;
    if (next < chunks.length) start();
    yield* done;
  }
}
