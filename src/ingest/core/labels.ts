/**
 * What the label importers share (src/ingest/<source>/, issue 39): reading a small upstream file
 * in its own encoding and layout, cleaning SIREN/SIRET the way the government search API does
 * (`clean_sirent_column`: digits only, optionally zero-padded, 9 or 14 digits kept), and writing
 * one source's labels and identifiers so that the import replaces what the source said before.
 *
 * Tables: company_labels, label_identifiers (docs/DATA.md, « Labels »).
 */
import type { LabelSourceName } from '@/db/schema';
import { CoverageTracker } from './coverage';
import { parseJson } from './json';
import { cleanSiren, isoDay, readLabelFile } from './label-read';

export { parseJson };
export {
  cleanSiren,
  cleanSiret,
  delimited,
  frenchDate,
  jsonOrDelimited,
  jsonRows,
  LABEL_XLSX_LIMITS,
  looksLikeJson,
  positional,
  readLabelFile,
  readSourceText,
  str,
  xlsxText,
  type DelimitedRow,
} from './label-read';
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
