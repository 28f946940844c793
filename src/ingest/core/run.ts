import { refreshContradictions } from '../contradictions';
import { markSearchStale } from '@/search/indexer';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '@/db/client';
import type { LabelSourceName } from '@/db/schema';
import { withTransaction, type Conn } from './conn';
import { describeError, ImportError } from './errors';
import { openInput, type OpenedInput } from './input';
import { createProgress, trackImport, type Progress } from './progress';
import { addCounts, type Counts } from './writer';

/** The label sources (issue 39), one importer each in src/ingest/<source>/. */
export const LABEL_SOURCES = [
  'ess-france',
  'marche-inclusion',
  'agence-bio',
  'rge',
  'egapro',
  'spectacle',
  'organisme-formation',
  'uai',
  'alim-confiance',
  'administration',
  'finess',
  'colter',
  'elus',
  'patrimoine-vivant',
  'achats-responsables',
] as const satisfies readonly LabelSourceName[];

export const SOURCES = [
  'sirene-ul',
  'sirene-etab',
  'bodacc',
  'rne',
  'ratios',
  'marques',
  'idcc',
  'recherche-entreprises',
  'rne-annuaire',
  ...LABEL_SOURCES,
] as const;
export type SourceKey = (typeof SOURCES)[number] | 'reference';

export type Reject = { file: string; line: number | null; reason: string; excerpt?: string };

export type ImportSummary = {
  source: SourceKey;
  file: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Per table: what this file did there. */
  tables: Record<string, Counts>;
  /** The first rejects (all of them are in the report file). */
  rejects: Reject[];
  rejectsFile?: string;
  durationMs: number;
  phases: Record<string, number>;
  /**
   * SIRENs whose SIRENE data this file inserted or changed, for an incremental search-index
   * update; null when unknown (sources that do not track it, an initial load, or more than
   * CHANGED_SIRENS_MAX of them: then everything should be treated as changed).
   */
  changedSirens: string[] | null;
  /** Parse worker threads the file was read with (0: in the importing thread). */
  parseThreads: number;
};

/**
 * The SIRENs a set of runs changed, or null when one run that changed rows cannot tell which
 * (an importer that does not track them, an initial load, or too many): then everything counts.
 */
export function changedSirensOf(summaries: readonly ImportSummary[]): string[] | null {
  const all = new Set<string>();
  for (const s of summaries) {
    if (s.inserted + s.updated === 0) continue;
    if (!s.changedSirens) return null;
    for (const siren of s.changedSirens) all.add(siren);
  }
  return [...all];
}

/** Above this many changed SIRENs, a run reports null (rebuild everything) rather than a list. */
export const CHANGED_SIRENS_MAX = 100_000;

export type ImportOptions = {
  /** 'off' in tests and when seeding. */
  progress?: 'auto' | 'off';
  /** Where the rejects report goes; none written when undefined. */
  rejectsDir?: string;
  /** Allow the initial-load fast path (COPY straight into an empty table). Default true. */
  directLoad?: boolean;
  /**
   * Size of file from which a table holding a few rows (sirene/bulk.ts FEW_ROWS) is loaded by
   * the fast path too. Default 8 MB; tests use 0.
   */
  directLoadFromBytes?: number;
  /**
   * Parse workers for a SIRENE CSV stock (src/ingest/sirene/parallel.ts); 0 parses in the
   * importing thread. Default: one worker from 8 MB of raw file on, none below.
   */
  parseThreads?: number;
  /** Characters per piece handed to a parse worker (tests use tiny pieces to cross boundaries). */
  parsePieceChars?: number;
};

/** The sources whose data the contradiction rules compare (src/ingest/contradictions.ts). */
const CONTRADICTION_SOURCES = new Set<SourceKey>([
  'sirene-ul',
  'sirene-etab',
  'bodacc',
  'rne',
  'recherche-entreprises',
]);

export class ImportContext {
  read = 0;
  readonly tables: Record<string, Counts> = {};
  readonly rejects: Reject[] = [];
  rejectedCount = 0;
  /** Durations of the file's phases (ms), for the benchmark. */
  readonly phases: Record<string, number> = {};
  /** Parse worker threads used for this file (set by the importer). */
  parseThreads = 0;
  private reportLines: string[] = [];
  /** null: not tracked by this importer, or too many; see ImportSummary.changedSirens. */
  private changed: Set<string> | null = null;
  private changesTracked = false;
  private readonly progress: Progress;
  /** This file in the running imports the metrics read (importFile sets it; sub-imports don't). */
  live?: ReturnType<typeof trackImport>;

  constructor(
    readonly conn: Conn,
    readonly input: OpenedInput,
    readonly source: SourceKey,
    readonly options: ImportOptions,
  ) {
    this.progress = createProgress(
      `${source} ${input.name}`,
      input.size,
      options.progress ?? 'auto',
    );
  }

  reject(line: number | null, reason: string, excerpt?: string): void {
    this.rejectedCount++;
    const r: Reject = { file: this.input.name, line, reason, excerpt: excerpt?.slice(0, 200) };
    if (this.rejects.length < 1000) this.rejects.push(r);
    if (this.options.rejectsDir) {
      const esc = (s: string) => `"${s.replace(/"/g, '""')}"`;
      this.reportLines.push(
        [esc(r.file), r.line ?? '', esc(reason), esc(r.excerpt ?? '')].join(';'),
      );
    }
  }

  /** Records SIRENs the file changed; 'all' when it cannot say which (initial load). */
  noteChanged(sirens: Iterable<string> | 'all'): void {
    if (!this.changesTracked) {
      this.changesTracked = true;
      this.changed = new Set();
    }
    if (this.changed === null) return;
    if (sirens === 'all') {
      this.changed = null;
      return;
    }
    for (const s of sirens) this.changed.add(s.trim());
    if (this.changed.size > CHANGED_SIRENS_MAX) this.changed = null;
  }

  /**
   * SIRENs a file wrote to without tracking what changed (BODACC, RNE, recherche-entreprises): the
   * scope of the contradiction rules after the file (src/ingest/contradictions.ts).
   */
  private readonly touched = new Set<string>();
  private touchedOverflow = false;

  touch(sirens: Iterable<string>): void {
    if (this.touchedOverflow) return;
    for (const s of sirens) this.touched.add(s);
    if (this.touched.size > CHANGED_SIRENS_MAX) {
      this.touchedOverflow = true;
      this.touched.clear();
    }
  }

  /** The SIRENs whose search rows may have changed; null: all of them. */
  staleScope(): string[] | null {
    return this.contradictionScope();
  }

  /** The SIRENs whose contradictions may have changed; null: all of them. */
  contradictionScope(): string[] | null {
    const changed = this.changedSirens();
    if (changed) return changed;
    if (this.changesTracked || this.touchedOverflow || this.touched.size === 0) return null;
    return [...this.touched];
  }

  changedSirens(): string[] | null {
    return this.changesTracked && this.changed ? [...this.changed] : null;
  }

  count(table: string, c: Counts): void {
    this.tables[table] = addCounts(
      this.tables[table] ?? { inserted: 0, updated: 0, unchanged: 0 },
      c,
    );
  }

  tick(): void {
    this.progress.update(this.input.bytesRead(), this.read);
    this.live?.update(this.input.bytesRead(), this.read);
  }

  stopProgress(): void {
    this.progress.stop();
  }

  writeReport(): string | undefined {
    if (!this.options.rejectsDir || this.reportLines.length === 0) return undefined;
    mkdirSync(this.options.rejectsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.options.rejectsDir, `${stamp}-${this.input.name}.rejets.csv`);
    writeFileSync(file, `fichier;ligne;motif;extrait\n${this.reportLines.join('\n')}\n`);
    return file;
  }
}

export type Importer = {
  /** Extensions looked for inside a zip archive. */
  zipEntries?: string[];
  run(ctx: ImportContext): Promise<void>;
};

/**
 * Imports one file in one transaction: everything it changes is committed together, or nothing
 * is (an error, a crash or a kill leaves the database as it was before the file).
 */
export async function importFile(
  handle: DbHandle,
  source: SourceKey,
  importer: Importer,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const input = await openInput(file, importer.zipEntries);
  let ctx: ImportContext | undefined;
  const live = trackImport(source, input.name, input.size);
  try {
    await withTransaction(handle, async (conn) => {
      ctx = new ImportContext(conn, input, source, options);
      ctx.live = live;
      await importer.run(ctx);
      ctx.tick();
      const sha = await input.sha256();
      const total = Object.values(ctx.tables).reduce(addCounts, {
        inserted: 0,
        updated: 0,
        unchanged: 0,
      });
      // The search index is stale for what changed, committed with the change itself: a run
      // killed before its index step leaves the mark for the next run (src/search/indexer.ts).
      // Sources that do not track their changes (BODACC, RNE) name the companies they wrote to:
      // a daily BODACC issue used to mark the whole index, a 45-minute rebuild at 29 M (issue 40).
      if (total.inserted + total.updated > 0) {
        await markSearchStale((text, params) => conn.query(text, params), ctx.staleScope());
        if (CONTRADICTION_SOURCES.has(source))
          await refreshContradictions(conn, ctx.contradictionScope());
      }
      await conn.query(
        `INSERT INTO import_runs (source, file_name, file_sha256, finished_at, rows_read, rows_inserted, rows_updated, rows_unchanged, rows_rejected)
         VALUES ($1, $2, $3, now(), $4, $5, $6, $7, $8)
         ON CONFLICT (source, file_sha256) DO UPDATE SET file_name = EXCLUDED.file_name, started_at = now(), finished_at = now(),
           rows_read = EXCLUDED.rows_read, rows_inserted = EXCLUDED.rows_inserted, rows_updated = EXCLUDED.rows_updated,
           rows_unchanged = EXCLUDED.rows_unchanged, rows_rejected = EXCLUDED.rows_rejected`,
        [
          source,
          input.name,
          sha,
          ctx.read,
          total.inserted,
          total.updated,
          total.unchanged,
          ctx.rejectedCount,
        ],
      );
    });
  } catch (e) {
    live.done();
    ctx?.stopProgress();
    input.stream.destroy();
    if (e instanceof Error && e.name === 'DirectLoadConflict' && options.directLoad !== false) {
      // A key appeared twice in a file loaded straight into an empty table: redo it with upserts.
      return importFile(handle, source, importer, file, { ...options, directLoad: false });
    }
    const message = describeError(e);
    throw new ImportError(message.includes(input.name) ? message : `${input.name} : ${message}`);
  }
  live.done();
  const c = ctx as ImportContext;
  c.stopProgress();
  const total = Object.values(c.tables).reduce(addCounts, {
    inserted: 0,
    updated: 0,
    unchanged: 0,
  });
  return {
    source,
    file: input.name,
    read: c.read,
    ...total,
    rejected: c.rejectedCount,
    tables: c.tables,
    rejects: c.rejects,
    rejectsFile: c.writeReport(),
    durationMs: Date.now() - started,
    phases: c.phases,
    changedSirens: c.changedSirens(),
    parseThreads: c.parseThreads,
  };
}

const nf = new Intl.NumberFormat('fr-FR');

export function formatSummary(s: ImportSummary): string {
  const head =
    `${s.file} : ${nf.format(s.read)} lus, ${nf.format(s.inserted)} insérés, ${nf.format(s.updated)} mis à jour, ` +
    `${nf.format(s.unchanged)} inchangés, ${nf.format(s.rejected)} rejetés (${(s.durationMs / 1000).toFixed(1)} s)`;
  const tables = Object.entries(s.tables)
    .map(
      ([t, c]) =>
        `  ${t} : ${nf.format(c.inserted)} insérés, ${nf.format(c.updated)} mis à jour, ${nf.format(c.unchanged)} inchangés`,
    )
    .join('\n');
  const report = s.rejectsFile ? `\n  rapport des rejets : ${s.rejectsFile}` : '';
  return `${head}${tables ? `\n${tables}` : ''}${report}`;
}
