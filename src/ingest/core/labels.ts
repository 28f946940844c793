/**
 * What the label importers share (src/ingest/<source>/, issue 39): reading a small upstream file
 * in its own encoding and layout, cleaning SIREN/SIRET the way the government search API does
 * (`clean_sirent_column`: digits only, optionally zero-padded, 9 or 14 digits kept), and writing
 * one source's labels and identifiers so that the import replaces what the source said before.
 *
 * Tables: company_labels, label_identifiers (docs/DATA.md, « Labels »).
 */
import type { LabelSourceName } from '@/db/schema';
import {
  readXlsxRows,
  TABLE_LIMITS,
  TableLimit,
  TableUnreadable,
  type TableLimits,
} from '@/lib/tabular/xlsx-read';
import { CoverageTracker } from './coverage';
import { ImportError } from './errors';
import type { OpenedInput } from './input';
import { parseJson } from './json';

export { parseJson };
import type { ImportContext } from './run';
import { TableWriter, type Counts } from './writer';

/** One label a source gives a company; `detail` is what the source adds (a type, a status). */
export type LabelFact = {
  siren: string;
  label: string;
  detail?: Record<string, unknown>;
  date?: string | null;
};

/** One identifier a label carries (a FINESS, UAI, RGE code…), per establishment or company. */
export type IdentifierFact = {
  siren: string;
  siret: string | null;
  kind: string;
  identifier: string;
  label: string;
  date?: string | null;
};

/**
 * The whole file's contents as text: UTF-8, or Latin-1 when it is not valid UTF-8 (the Culture
 * ministry's and FINESS's CSV are Latin-1). A BOM is dropped.
 */
export async function readSourceText(input: OpenedInput): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of input.stream as AsyncIterable<Buffer>) parts.push(chunk);
  const buf = Buffer.concat(parts);
  if (buf.length === 0) throw new ImportError(`Le fichier ${input.name} est vide.`);
  if (buf.subarray(0, 4096).includes(0))
    throw new ImportError(
      `Le fichier ${input.entryName ?? input.name} n'est pas un fichier texte : son contenu est binaire.`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A SIREN as the API cleans it: digits only, zero-padded to 9; a SIRET gives its first 9. */
export function cleanSiren(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const raw = String(v).trim();
  if (!raw || /e\+?\d/i.test(raw)) return null;
  const d = raw.replace(/\D/g, '');
  if (d.length === 14) return d.slice(0, 9);
  if (d.length === 0 || d.length > 9) return null;
  return d.padStart(9, '0');
}

/** A SIRET: 14 digits once non-digits are removed (zero-padded from 13, as Excel drops them). */
export function cleanSiret(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const raw = String(v).trim();
  if (/e\+?\d/i.test(raw)) return null;
  const d = raw.replace(/\D/g, '');
  if (d.length === 13) return d.padStart(14, '0');
  return d.length === 14 ? d : null;
}

export type DelimitedRow = { line: number; get(column: string): string | null; fields: string[] };

/** Splits a line of `;` or `,` separated values (RFC 4180 quotes). */
function splitLine(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur === '') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Records of a small CSV, quoted newlines kept inside their field. */
function records(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  const lines = text.split(/\r?\n/);
  let pending: string | null = null;
  let start = 0;
  lines.forEach((l, i) => {
    const joined: string = pending === null ? l : `${pending}\n${l}`;
    if (pending === null) start = i + 1;
    if ((joined.match(/"/g)?.length ?? 0) % 2 === 1) {
      pending = joined;
      return;
    }
    pending = null;
    if (joined.trim()) out.push({ line: start, text: joined });
  });
  if (pending !== null) out.push({ line: start, text: pending });
  return out;
}

/**
 * A delimited file with a header line: `;` unless the header has more `,` (the API's processors
 * fall back the same way). `required` columns must be there (a clear message otherwise); names
 * are matched case-insensitively, spaces trimmed.
 */
export function delimited(
  text: string,
  name: string,
  required: string[],
  options: { skipLines?: number } = {},
): { header: string[]; rows: DelimitedRow[] } {
  const recs = records(text).slice(options.skipLines ?? 0);
  const head = recs.shift();
  if (!head) throw new ImportError(`Le fichier ${name} est vide.`);
  const delimiter =
    (head.text.match(/,/g)?.length ?? 0) > (head.text.match(/;/g)?.length ?? 0) ? ',' : ';';
  const header = splitLine(head.text, delimiter).map((h) => h.trim());
  const index = new Map(header.map((h, i) => [h.toLowerCase(), i]));
  const missing = required.filter((r) => !index.has(r.toLowerCase()));
  if (missing.length)
    throw new ImportError(
      `Colonnes absentes de ${name} : ${missing.join(', ')}.\n  Trouvé : ${header.slice(0, 20).join(delimiter)}`,
    );
  const rows = recs.map((r) => {
    const fields = splitLine(r.text, delimiter);
    return {
      line: r.line,
      fields,
      get(column: string) {
        const i = index.get(column.toLowerCase());
        const v = i === undefined ? undefined : fields[i]?.trim();
        return v ? v : null;
      },
    };
  });
  return { header, rows };
}

/** Rows without a header (FINESS): fields by position, after `skipLines` lines of metadata. */
export function positional(text: string, delimiter: string, skipLines = 0): DelimitedRow[] {
  return records(text)
    .slice(skipLines)
    .map((r) => {
      const fields = splitLine(r.text, delimiter);
      return { line: r.line, fields, get: () => null };
    });
}

const isoDay = (d: string | null | undefined): string | null => {
  const v = d?.slice(0, 10);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
};

/** `dd/mm/yyyy` → ISO; ISO dates and timestamps kept; anything else null. */
export function frenchDate(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(v.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : isoDay(v.trim());
}

/** What one import of a source replaces. */
export type LabelScope = {
  /**
   * The file of the source (label_identifiers.part): only its identifiers are replaced. A source
   * of one file leaves it ''.
   */
  part?: string;
  /**
   * Labels derived from the identifiers of every file of the source (uai, finess…), instead of
   * written from `labels`: a label is held while one file still lists one of its identifiers.
   */
  derivedLabels?: string[];
  /** The labels this import states (written and replaced as a whole). */
  labels?: string[];
};

/** What a source (and part) holds, one key per row: compared before and after an import. */
async function storedKeys(
  ctx: ImportContext,
  source: LabelSourceName,
  labels: string[],
  part: string,
): Promise<Set<string>> {
  const rows = await ctx.conn.query<{ k: string }>(
    `SELECT siren || '|' || label || '|' || detail::text AS k FROM company_labels
      WHERE source = $1 AND label = ANY($2::text[])
     UNION ALL SELECT 'id|' || siren || '|' || kind || '|' || identifier FROM label_identifiers
      WHERE source = $1 AND part = $3`,
    [source, labels, part],
  );
  return new Set(rows.map((r) => r.k));
}

/**
 * Writes one source's labels and identifiers, replacing what this source (and part) said before:
 * upserts, then removes the rows it no longer lists (counted as updated). The SIRENs whose rows
 * changed are noted for the search index; `date` stands for rows that carry none (the day the
 * list was read).
 */
export async function writeLabelSet(
  ctx: ImportContext,
  source: LabelSourceName,
  facts: { labels: LabelFact[]; identifiers: IdentifierFact[] },
  scope: LabelScope,
  date: string | null,
): Promise<void> {
  const part = scope.part ?? '';
  const coverage = new CoverageTracker(source);
  // One row per key: details merged (lists united), the newest date kept.
  const labels = new Map<string, LabelFact>();
  for (const f of facts.labels) {
    const k = `${f.siren}|${f.label}`;
    const prev = labels.get(k);
    if (!prev) labels.set(k, { ...f, detail: { ...(f.detail ?? {}) } });
    else {
      for (const [dk, dv] of Object.entries(f.detail ?? {})) {
        const pv = prev.detail![dk];
        prev.detail![dk] =
          Array.isArray(pv) && Array.isArray(dv) ? [...new Set([...pv, ...dv])].sort() : dv;
      }
      if ((f.date ?? '') > (prev.date ?? '')) prev.date = f.date;
    }
    coverage.see(f.date);
  }
  const ids = new Map<string, IdentifierFact>();
  for (const f of facts.identifiers) {
    const k = `${f.siren}|${f.kind}|${f.identifier}`;
    const prev = ids.get(k);
    if (!prev || (f.date ?? '') > (prev.date ?? ''))
      ids.set(k, prev?.siret ? { ...f, siret: prev.siret } : f);
    coverage.see(f.date);
  }
  const stated = scope.labels ?? [];
  const before = await storedKeys(ctx, source, [...stated, ...(scope.derivedLabels ?? [])], part);
  const idWriter = new TableWriter(ctx.conn, {
    table: 'label_identifiers',
    key: ['siren', 'kind', 'identifier', 'source', 'part'],
    columns: ['siren', 'siret', 'kind', 'identifier', 'label', 'source', 'part', 'source_date'],
  });
  const idRows = [...ids.values()].map((f) => [
    f.siren,
    f.siret,
    f.kind,
    f.identifier,
    f.label,
    source,
    part,
    isoDay(f.date) ?? date,
  ]);
  const idCounts: Counts = idRows.length
    ? await idWriter.upsert(idRows)
    : { inserted: 0, updated: 0, unchanged: 0 };
  const idGone = await ctx.conn.query<{ siren: string }>(
    `DELETE FROM label_identifiers WHERE source = $1 AND part = $2
       AND NOT (siren || '|' || kind || '|' || identifier = ANY($3::text[])) RETURNING siren`,
    [source, part, [...ids.keys()]],
  );
  if (idRows.length || idGone.length)
    ctx.count('label_identifiers', { ...idCounts, updated: idCounts.updated + idGone.length });

  const labelWriter = new TableWriter(ctx.conn, {
    table: 'company_labels',
    key: ['siren', 'label', 'source'],
    columns: ['siren', 'label', 'source', 'source_date', 'detail'],
  });
  const labelRows = [...labels.values()].map((f) => [
    f.siren,
    f.label,
    source,
    isoDay(f.date) ?? date,
    f.detail ?? {},
  ]);
  let labelCounts: Counts = labelRows.length
    ? await labelWriter.upsert(labelRows)
    : { inserted: 0, updated: 0, unchanged: 0 };
  let gone = 0;
  if (stated.length) {
    const rows = await ctx.conn.query(
      `DELETE FROM company_labels WHERE source = $1 AND label = ANY($2::text[])
         AND NOT (siren || '|' || label = ANY($3::text[])) RETURNING siren`,
      [source, stated, [...labels.keys()]],
    );
    gone += rows.length;
  }
  for (const label of scope.derivedLabels ?? []) {
    // Held while any file of the source lists one of its identifiers; dated by the newest.
    const added = await ctx.conn.query(
      `INSERT INTO company_labels (siren, label, source, source_date, detail)
       SELECT siren, $2, $1, max(source_date), '{}'::jsonb FROM label_identifiers
        WHERE source = $1 AND label = $2 GROUP BY siren
       ON CONFLICT (siren, label, source) DO UPDATE SET source_date = EXCLUDED.source_date
         WHERE company_labels.source_date IS DISTINCT FROM EXCLUDED.source_date
       RETURNING (xmax = 0) AS inserted`,
      [source, label],
    );
    const ins = added.filter((r) => (r as { inserted: boolean }).inserted).length;
    labelCounts = {
      inserted: labelCounts.inserted + ins,
      updated: labelCounts.updated + added.length - ins,
      unchanged: labelCounts.unchanged,
    };
    const rows = await ctx.conn.query(
      `DELETE FROM company_labels l WHERE l.source = $1 AND l.label = $2 AND NOT EXISTS
         (SELECT 1 FROM label_identifiers i WHERE i.source = $1 AND i.label = $2 AND i.siren = l.siren)
       RETURNING siren`,
      [source, label],
    );
    gone += rows.length;
  }
  if (labelRows.length || gone || scope.derivedLabels?.length)
    ctx.count('company_labels', { ...labelCounts, updated: labelCounts.updated + gone });

  const after = await storedKeys(ctx, source, [...stated, ...(scope.derivedLabels ?? [])], part);
  const changed = new Set<string>();
  const sirenOfKey = (k: string) => (k.startsWith('id|') ? k.slice(3, 12) : k.slice(0, 9));
  for (const k of before) if (!after.has(k)) changed.add(sirenOfKey(k));
  for (const k of after) if (!before.has(k)) changed.add(sirenOfKey(k));
  ctx.noteChanged(changed);
  ctx.touch(changed);
  await coverage.save(ctx.conn);
}

/** Today in Paris (the day a list without dates was read). */
export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/** What a label source's parser makes of one file. */
export type ParsedLabels = {
  labels: LabelFact[];
  identifiers: IdentifierFact[];
  read: number;
  rejects: Array<{ line: number | null; reason: string }>;
  scope: LabelScope;
};

export const emptyParse = (scope: LabelScope): ParsedLabels => ({
  labels: [],
  identifiers: [],
  read: 0,
  rejects: [],
  scope,
});

/**
 * An importer of one label source: read the file (an XLSX as the CSV of its first sheet when
 * `xlsxHeader` names the columns of its header), parse it, write what it says.
 */
export function labelImporter(
  source: LabelSourceName,
  parse: (text: string, name: string, ctx: ImportContext) => ParsedLabels | Promise<ParsedLabels>,
  options: { zipEntries?: string[]; xlsxHeader?: string[] } = {},
): { zipEntries: string[]; run(ctx: ImportContext): Promise<void> } {
  return {
    zipEntries: options.zipEntries ?? ['.csv', '.json'],
    async run(ctx) {
      const name = ctx.input.entryName ?? ctx.input.name;
      const p = await parse(await readLabelFile(ctx.input, options.xlsxHeader), name, ctx);
      ctx.read += p.read;
      for (const r of p.rejects) ctx.reject(r.line, r.reason);
      await writeLabelSet(ctx, source, p, p.scope, todayIso());
    },
  };
}

/** A source file as text: an XLSX (by its name) as its first sheet from the header holding `xlsxHeader`. */
export async function readLabelFile(input: OpenedInput, xlsxHeader?: string[]): Promise<string> {
  const name = input.entryName ?? input.name;
  return xlsxHeader && /\.xlsx$/i.test(name) ? xlsxText(input, xlsxHeader) : readSourceText(input);
}

/** A JSON answer rather than a delimited file (its first character opens an array or object). */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/** The records of a JSON answer, the array itself or under one of `keys`, numbered from 1. */
export const jsonRows = (
  text: string,
  name: string,
  keys: string[],
): Array<Record<string, unknown> & { line: number }> =>
  jsonRecords(parseJson(text, name), keys, name).map((r, i) => ({ ...r, line: i + 1 }));

/**
 * The rows of a file published both as a JSON answer and as a delimited file, each read into the
 * same shape: `json.row` from a record (`json.fields`: a records API's `{fields: {…}}` unwrapped),
 * `csv.row` from a line holding the `csv.required` columns. `line` is the record's number.
 */
export function jsonOrDelimited<T>(
  text: string,
  name: string,
  json: { keys: string[]; fields?: boolean; row: (r: Record<string, unknown>) => T },
  csv: { required: string[]; row: (r: DelimitedRow) => T },
): Array<T & { line: number }> {
  if (looksLikeJson(text))
    return jsonRows(text, name, json.keys).map((r) => ({
      ...json.row(json.fields ? ((r.fields ?? r) as Record<string, unknown>) : r),
      line: r.line,
    }));
  return delimited(text, name, csv.required).rows.map((r) => ({ ...csv.row(r), line: r.line }));
}

/**
 * A parse of `rows` in `scope`: each row counted as read, `each` adds what it says to `out` and
 * returns the reason it is rejected, if it is.
 */
export function parseRows<R extends { line: number }>(
  scope: LabelScope,
  rows: Iterable<R>,
  each: (r: R, out: ParsedLabels) => string | void,
): ParsedLabels {
  const out = emptyParse(scope);
  for (const r of rows) {
    out.read++;
    const reason = each(r, out);
    if (reason) out.rejects.push({ line: r.line, reason });
  }
  return out;
}

/** The array of records of a JSON answer: the array itself, or under one of `keys`. */
export function jsonRecords(doc: unknown, keys: string[], name: string): Record<string, unknown>[] {
  if (Array.isArray(doc)) return doc as Record<string, unknown>[];
  if (doc && typeof doc === 'object')
    for (const k of keys) {
      const v = (doc as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as Record<string, unknown>[];
    }
  throw new ImportError(`${name} : liste attendue (${keys.map((k) => `« ${k} »`).join(' ou ')}).`);
}

export const str = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).trim() || null;

/**
 * Caps for the official XLSX lists (Egapro's index, some 100,000 rows a year of publication; the
 * DGCL's EPCI list, 1,300): Excel's own row limit, and room for the index's few dozen columns,
 * while a hostile workbook still costs at most a few hundred megabytes and a few minutes.
 */
export const LABEL_XLSX_LIMITS: TableLimits = {
  ...TABLE_LIMITS,
  inflatedBytes: 1024 * 1024 * 1024,
  partBytes: 768 * 1024 * 1024,
  rows: 1_048_576,
  cells: 20_000_000,
  sharedStrings: 5_000_000,
  timeMs: 10 * 60_000,
};

/**
 * The first sheet of an XLSX workbook as header + rows of text (Egapro's index, the DGCL's EPCI
 * list are published as XLSX), read by the capped reader. The header is the first row holding
 * every `required` column; empty rows are left out.
 */
export async function xlsxText(
  input: OpenedInput,
  required: string[],
  limits: TableLimits = LABEL_XLSX_LIMITS,
): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of input.stream as AsyncIterable<Buffer>) parts.push(chunk);
  let rows: string[][];
  try {
    rows = await readXlsxRows(Buffer.concat(parts), limits);
  } catch (e) {
    if (e instanceof TableLimit)
      throw new ImportError(
        `${input.name} dépasse ce qu'un classeur de la source peut contenir (${e.message}).`,
      );
    if (e instanceof TableUnreadable)
      throw new ImportError(`${input.name} n'est pas un classeur XLSX lisible (${e.message}).`);
    throw e;
  }
  const wanted = required.map((r) => r.toLowerCase());
  const start = rows.findIndex((values) => {
    const lower = values.map((v) => v.trim().toLowerCase());
    return wanted.every((r) => lower.includes(r));
  });
  if (start < 0) return '';
  return rows
    .slice(start)
    .filter((values) => values.some((v) => v !== ''))
    .map((values) => values.map((v) => `"${v.replace(/"/g, '""')}"`).join(';'))
    .join('\n');
}

/**
 * The commonest list: one label per SIREN of a column (`SIREN`, or the first 9 digits of a
 * `SIRET`, spaces removed), with the row's date and detail. `skipEmpty`: rows without an
 * identifier are dropped silently (the EPV list), else rejected.
 */
export function sirenLabels(
  rows: Array<{
    line: number;
    id: unknown;
    date?: string | null;
    detail?: Record<string, unknown>;
  }>,
  label: string,
  o: { fromSiret?: boolean; skipEmpty?: boolean } = {},
): ParsedLabels {
  return parseRows({ labels: [label] }, rows, (r, out) => {
    const raw = r.id === null || r.id === undefined ? '' : String(r.id).replace(/\s/g, '');
    if (!raw && o.skipEmpty) return;
    const siren = o.fromSiret
      ? raw.length >= 9
        ? cleanSiren(raw.slice(0, 9))
        : null
      : cleanSiren(raw);
    if (!siren) return `${o.fromSiret ? 'SIRET' : 'SIREN'} mal formé : « ${raw} »`;
    out.labels.push({
      siren,
      label,
      date: r.date ?? null,
      ...(r.detail ? { detail: r.detail } : {}),
    });
  });
}
