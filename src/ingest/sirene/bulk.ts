import { csvRecords } from '../core/csv';
import { ImportError } from '../core/errors';
import { textChunks } from '../core/input';
import type { ImportContext } from '../core/run';
import { TableWriter, type Counts, type TableSpec } from '../core/writer';
import { matchSchema, type KnownSchema } from './schemas';
import { RowError } from './values';

/** Rows per COPY batch: big enough for COPY to pay, small enough to keep memory flat. */
export const CHUNK_ROWS = 20_000;

/** Signals that the initial-load fast path met a duplicate key: the file is redone with upserts. */
export class DirectLoadConflict extends Error {
  constructor() {
    super('duplicate key during direct load');
    this.name = 'DirectLoadConflict';
  }
}

export type RowMapper = (fields: string[]) => unknown[];

export type BulkCsvOptions = {
  schemas: KnownSchema[];
  spec: TableSpec;
  /** Builds the row mapper from the header's column positions. */
  mapper: (col: (name: string) => number) => RowMapper;
  /** Runs after each batch (upsert mode) with the staging table still filled. */
  afterBatch?: (ctx: ImportContext) => Promise<void>;
  /** Runs once at the end of the file. */
  afterFile?: (ctx: ImportContext, direct: boolean) => Promise<void>;
};

/**
 * The SIRENE hot path: stream CSV records, validate and map each one, and load them batch by batch
 * with COPY (straight into the table when it is empty at the start of the file, else through the
 * staging upsert). While the database works on one batch, the next one is parsed.
 */
export async function importCsvBulk(ctx: ImportContext, opts: BulkCsvOptions): Promise<void> {
  const writer = new TableWriter(ctx.conn, opts.spec);
  const empty = await ctx.conn.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM ${opts.spec.table}) AS empty`,
  );
  const direct = ctx.options.directLoad !== false && empty[0]?.empty === true;
  if (direct) await ctx.conn.query('SAVEPOINT direct_load');

  let header: string[] | null = null;
  let map: RowMapper | null = null;
  let rows: unknown[][] = [];
  let pending: Promise<void> = Promise.resolve();
  const table = opts.spec.table;

  const flush = (batch: unknown[][]): Promise<void> => {
    const run = async () => {
      let counts: Counts;
      if (direct) {
        try {
          counts = await writer.copyDirect(batch);
        } catch (e) {
          if ((e as { code?: string }).code === '23505') throw new DirectLoadConflict();
          throw e;
        }
      } else {
        counts = await writer.upsert(batch);
        if (opts.afterBatch) await opts.afterBatch(ctx);
      }
      ctx.count(table, counts);
      ctx.tick();
    };
    const next = pending.then(run);
    // Keep the chain alive for the caller's await; errors surface there.
    pending = next;
    return next;
  };

  for await (const batch of csvRecords(textChunks(ctx.input))) {
    for (const rec of batch) {
      if (header === null) {
        header = rec.fields.map((h) => h.trim());
        matchSchema(header, opts.schemas, ctx.input.entryName ?? ctx.input.name);
        const positions = new Map(header.map((h, i) => [h, i]));
        map = opts.mapper((name) => positions.get(name) ?? -1);
        continue;
      }
      ctx.read++;
      if (rec.fields.length !== header.length) {
        ctx.reject(
          rec.line,
          `nombre de champs incorrect : ${rec.fields.length} au lieu de ${header.length}`,
          rec.raw,
        );
        continue;
      }
      try {
        rows.push(map!(rec.fields));
      } catch (e) {
        if (e instanceof RowError) ctx.reject(rec.line, e.message, rec.raw);
        else throw e;
      }
    }
    if (rows.length >= CHUNK_ROWS) {
      // Wait for the batch before last, so at most two batches are in memory.
      await pending;
      void flush(rows).catch(() => {});
      rows = [];
    }
  }
  if (header === null)
    throw new ImportError(`Le fichier ${ctx.input.name} ne contient aucune ligne.`);
  await pending;
  if (rows.length) await flush(rows);
  await pending;
  if (direct) await ctx.conn.query('RELEASE SAVEPOINT direct_load');
  if (opts.afterFile) await opts.afterFile(ctx, direct);
}
