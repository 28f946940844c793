import { csvRecords, type CsvRecord } from '../core/csv';
import { jsonItems } from '../core/json';
import { ImportError } from '../core/errors';
import { textChunks } from '../core/input';
import type { ImportContext } from '../core/run';
import { TableWriter, type Counts, type TableSpec } from '../core/writer';
import { encodeRecords, type EncodedRows, type RowMapper } from './encode';
import { encodedPieces, readHeader, type MapperName } from './parallel';
import { matchSchema, type KnownSchema } from './schemas';

/** Rows per COPY batch: big enough for COPY to pay, small enough to keep memory flat. */
export const CHUNK_ROWS = 20_000;

/** Signals that the initial-load fast path met a duplicate key: the file is redone with upserts. */
export class DirectLoadConflict extends Error {
  constructor() {
    super('duplicate key during direct load');
    this.name = 'DirectLoadConflict';
  }
}

/**
 * A table holding at most this many rows is loaded like an empty one from a large file (the rows
 * of keys it already holds are held back in memory, then upserted): the real sample, loaded on the
 * first start, must not send the first full stock through the upsert, 4 to 5 times slower.
 */
export const FEW_ROWS = 50_000;

/** Raw size from which a CSV stock is parsed on worker threads (below, the threads' start-up costs more). */
export const PARALLEL_FROM_BYTES = 8 * 1024 * 1024;
/** Parse workers for a large stock: two cores here, one left to PostgreSQL and this thread. */
export const PARSE_THREADS = 1;

export type BulkCsvOptions = {
  schemas: KnownSchema[];
  /** The target; its last column is `sirene_hash`, which the mapper does not produce. */
  spec: TableSpec;
  /**
   * Extra condition on a stored row for its hash to count (establishments: only rows SIRENE wrote;
   * a row another source wrote is always sent to the upsert).
   */
  hashGuard?: string;
  /** Builds the row mapper from the header's column positions. */
  mapper: (col: (name: string) => number) => RowMapper;
  /** The same mapper's name for the parse workers (src/ingest/sirene/parallel.ts). */
  mapperName: MapperName;
  /** Runs after each batch (upsert mode) with the staging table still filled. */
  afterBatch?: (ctx: ImportContext, counts: Counts) => Promise<void>;
  /** Runs once at the end of the file. */
  afterFile?: (ctx: ImportContext, direct: boolean) => Promise<void>;
};

/**
 * The SIRENE hot path: stream CSV records, validate and map each one, and load them batch by batch
 * with COPY (straight into the table when it is empty at the start of the file, else through the
 * staging upsert). While the database works on one batch, the next one is parsed: on parse worker
 * threads for a large stock (parallel.ts), in this thread otherwise; both encode rows with the same
 * code (encode.ts).
 */
export async function importCsvBulk(ctx: ImportContext, opts: BulkCsvOptions): Promise<void> {
  const writer = new TableWriter(ctx.conn, opts.spec);
  const table = opts.spec.table;
  const key = opts.spec.key[0]!;
  const storedRows = await rowsUpTo(ctx.conn, table, FEW_ROWS);
  // Initial load: drop the table's indexes, COPY, then rebuild them once (far cheaper than
  // maintaining them row by row). All inside the file's transaction: a failure restores them.
  // Also when the table holds only a few rows and the file is a large stock (the real sample was
  // loaded before the first full stock): the rows of keys already stored are held back and go
  // through the upsert, with its date and source rules, once the indexes are back.
  const direct =
    ctx.options.directLoad !== false &&
    (storedRows === 0 ||
      (storedRows <= FEW_ROWS &&
        ctx.input.size >= (ctx.options.directLoadFromBytes ?? PARALLEL_FROM_BYTES)));
  const rebuild = direct ? await dropIndexes(ctx, table) : [];
  // Row triggers (the partial-diffusion rule) are off during the COPY and replaced by their
  // set-based twin once the rows are in: row by row they cost the load 20 to 35 %.
  const setBased = direct ? SET_BASED_TRIGGERS[table] : undefined;
  if (setBased) await ctx.conn.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  if (direct && ctx.conn.kind === 'postgres') {
    // Index builds sort in memory rather than in temporary files (default 64 MB).
    await ctx.conn.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  }
  // Read after dropIndexes, whose lock keeps other writers out until the file commits.
  const storedKeys =
    direct && storedRows > 0
      ? new Set(
          (await ctx.conn.query<{ k: string }>(`SELECT ${key} AS k FROM ${table}`)).map((r) => r.k),
        )
      : null;
  const held = newBatch();
  if (direct) ctx.noteChanged('all');
  else ctx.noteChanged([]);

  let header: string[] | null = null;
  // Rows are encoded to COPY text as soon as they are mapped: a batch is held as strings, not as
  // arrays of values, which keeps the garbage collector out of the way.
  let batch = newBatch();
  let pending: Promise<void> = Promise.resolve();
  const keyIndex = opts.spec.columns.indexOf(key);
  const dateIndex = opts.spec.dateIndex ?? -1;
  // Rows are tracked one by one (key, date, hash) when some may have to be upserted.
  const encodeOptions = { keyIndex, dateIndex, track: !direct || storedKeys !== null };

  const guard = `sirene_hash IS NOT NULL${opts.hashGuard ? ` AND ${opts.hashGuard}` : ''}`;
  // Stored hashes come back as one text value, "key:hash,key:hash,…", split here: parsing 20,000
  // result rows into objects cost the importing thread more than PostgreSQL's scan did.
  const aggregate = (rows: string) =>
    `SELECT count(*)::int AS n, coalesce(string_agg(k || ':' || h, ','), '') AS s FROM (${rows}) x`;
  const lookup = aggregate(
    `SELECT ${key} AS k, sirene_hash AS h FROM ${table} WHERE ${key} = ANY($1::bpchar[]) AND ${guard}`,
  );
  // INSEE stocks are sorted by SIREN (SIRET): a batch's keys then fill one narrow key range, read
  // by one index range scan (about 3 times cheaper than 20,000 probes). When the file is not
  // sorted the range holds far more rows than the batch: the LIMIT stops it and the probes run.
  const rangeLookup = aggregate(
    `SELECT ${key} AS k, sirene_hash AS h FROM ${table} WHERE ${key} BETWEEN $1 AND $2 AND ${guard} LIMIT $3`,
  );
  const storedHashes = async (keys: string[]): Promise<Map<string, string>> => {
    let min = keys[0]!;
    let max = min;
    let descents = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k < min) min = k;
      else if (k > max) max = k;
      if (i > 0 && k < keys[i - 1]!) descents++;
    }
    const limit = keys.length * 2;
    // A batch in no order (the Sirene API's daily answers: keys drawn from the whole register)
    // goes straight to the probes: its range holds nearly every stored row, and the range scan
    // only stopped at its LIMIT (0.27 s per 20,000 keys at 1 M, for nothing).
    let [found] =
      descents <= keys.length / 100
        ? await ctx.conn.query<{ n: number; s: string }>(rangeLookup, [min, max, limit + 1])
        : [{ n: limit + 1, s: '' }];
    if (found && found.n > limit)
      [found] = await ctx.conn.query<{ n: number; s: string }>(lookup, [keys]);
    const stored = new Map<string, string>();
    if (found?.s)
      for (const pair of found.s.split(',')) {
        const colon = pair.indexOf(':');
        stored.set(pair.slice(0, colon), pair.slice(colon + 1));
      }
    return stored;
  };
  /** The upsert of a batch: only rows whose hash differs from the stored one are sent. */
  const upsert = async (batch: Batch): Promise<Counts> => {
    // Newest row per key within the batch; across batches the upsert's date rule decides.
    const at = new Map<string, number>();
    for (let i = 0; i < batch.keys.length; i++) {
      const k = batch.keys[i]!;
      const j = at.get(k);
      if (j === undefined || batch.dates[i]! >= batch.dates[j]!) at.set(k, i);
    }
    // A row whose stored hash equals the incoming one is unchanged: it never reaches the
    // staging table nor the UPDATE (one index lookup per key instead of a COPY and a join).
    const wanted = [...at.values()];
    const lookupStart = performance.now();
    const stored = await storedHashes(wanted.map((i) => batch.keys[i]!));
    let data = '';
    for (const i of wanted)
      if (stored.get(batch.keys[i]!) !== String(batch.hashes[i])) data += batch.lines[i];
    const upsertStart = performance.now();
    ctx.phases.hashLookup = (ctx.phases.hashLookup ?? 0) + upsertStart - lookupStart;
    const c = data
      ? await writer.upsertEncoded(data)
      : { inserted: 0, updated: 0, changed: [] as string[] };
    ctx.phases.upsert = (ctx.phases.upsert ?? 0) + performance.now() - upsertStart;
    const counts = {
      inserted: c.inserted,
      updated: c.updated,
      unchanged: batch.lines.length - c.inserted - c.updated,
    };
    ctx.noteChanged(c.changed);
    if (opts.afterBatch && data) await opts.afterBatch(ctx, counts);
    return counts;
  };
  /** Straight COPY into the table; rows of keys already stored are set aside for the upsert. */
  const copyDirect = async (batch: Batch): Promise<Counts> => {
    let data: string;
    let rows = batch.rows;
    if (storedKeys) {
      data = '';
      rows = 0;
      for (let i = 0; i < batch.lines.length; i++) {
        if (storedKeys.has(batch.keys[i]!)) {
          held.lines.push(batch.lines[i]!);
          held.keys.push(batch.keys[i]!);
          held.dates.push(batch.dates[i]!);
          held.hashes.push(batch.hashes[i]!);
          held.rows++;
        } else {
          data += batch.lines[i];
          rows++;
        }
      }
    } else data = batch.lines.join('');
    try {
      if (data) await writer.copyDirect([], data);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new DirectLoadConflict();
      throw e;
    }
    return { inserted: rows, updated: 0, unchanged: 0 };
  };
  const flush = (batch: Batch): Promise<void> => {
    const run = async () => {
      ctx.count(table, direct ? await copyDirect(batch) : await upsert(batch));
      ctx.tick();
    };
    const next = pending.then(run);
    pending = next;
    return next;
  };

  const consume = async (rows: EncodedRows) => {
    ctx.read += rows.read;
    for (const r of rows.rejects) ctx.reject(r.line, r.reason, r.raw);
    if (rows.rows === 0) return;
    for (const l of rows.lines) batch.lines.push(l);
    for (const k of rows.keys) batch.keys.push(k);
    for (const d of rows.dates) batch.dates.push(d);
    for (const h of rows.hashes) batch.hashes.push(h);
    batch.rows += rows.rows;
    if (batch.rows >= CHUNK_ROWS) {
      // Wait for the batch before last, so at most two batches are in memory.
      await pending;
      void flush(batch).catch(() => {});
      batch = newBatch();
    }
  };
  const takeHeader = (fields: string[]) => {
    header = fields.map((h) => h.trim());
    matchSchema(header, opts.schemas, ctx.input.entryName ?? ctx.input.name);
    return header;
  };

  const isJson = /\.json(\.gz)?$/i.test(ctx.input.entryName ?? ctx.input.name);
  const threads =
    ctx.options.parseThreads ?? (ctx.input.size >= PARALLEL_FROM_BYTES ? PARSE_THREADS : 0);
  if (!isJson && threads > 0) {
    ctx.parseThreads = threads;
    const { header: fields, rest } = await readHeader(textChunks(ctx.input));
    if (fields !== null) {
      const h = takeHeader(fields);
      const request = { header: h, mapper: opts.mapperName, options: encodeOptions };
      const pieces = encodedPieces(rest, request, threads, ctx.options.parsePieceChars);
      for await (const rows of pieces) await consume(rows);
    }
  } else {
    let map: RowMapper | null = null;
    const source = isJson ? apiRecords(ctx, opts.schemas[0]!) : csvRecords(textChunks(ctx.input));
    for await (const records of source) {
      let from = 0;
      if (header === null) {
        const h = takeHeader(records[0]!.fields);
        const positions = new Map(h.map((name, i) => [name, i]));
        map = opts.mapper((name) => positions.get(name) ?? -1);
        from = 1;
      }
      const rows = from ? records.slice(from) : records;
      await consume(encodeRecords(rows, header!.length, map!, encodeOptions, !isJson));
    }
  }
  if (header === null)
    throw new ImportError(`Le fichier ${ctx.input.name} ne contient aucune ligne.`);
  await pending;
  if (batch.rows) await flush(batch);
  await pending;
  const rebuildStart = performance.now();
  for (const statement of rebuild) {
    try {
      await ctx.conn.query(statement);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new DirectLoadConflict();
      throw e;
    }
  }
  if (rebuild.length) {
    // Fresh statistics, or the next upsert plans against an "empty" table.
    await ctx.conn.query(`ANALYZE ${table}`);
    ctx.phases.indexRebuild = performance.now() - rebuildStart;
  }
  if (setBased) {
    await ctx.conn.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await ctx.conn.query(setBased);
  }
  // The rows held back for keys already stored (at most a few per stored row), now that the
  // indexes the upsert needs are back.
  for (let from = 0; from < held.rows; from += CHUNK_ROWS) {
    const to = from + CHUNK_ROWS;
    ctx.count(
      table,
      await upsert({
        lines: held.lines.slice(from, to),
        keys: held.keys.slice(from, to),
        dates: held.dates.slice(from, to),
        hashes: held.hashes.slice(from, to),
        rows: Math.min(to, held.rows) - from,
      }),
    );
  }
  const afterStart = performance.now();
  if (opts.afterFile) await opts.afterFile(ctx, direct);
  ctx.phases.derivedCounts = performance.now() - afterStart;
}

/**
 * Tables whose row triggers a direct load turns off, with the statement that applies their rule
 * to the whole table afterwards (drizzle/0012_diffusion_most_restrictive.sql).
 */
const SET_BASED_TRIGGERS: Record<string, string> = {
  companies: 'SELECT diffusion_restrict_units()',
  establishments: 'SELECT diffusion_restrict_units()',
};

/** The table's row count when at most `max`, else `max + 1` (reads no more rows than that). */
export async function rowsUpTo(conn: ImportContext['conn'], table: string, max: number) {
  const [r] = await conn.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} LIMIT ${max + 1}) x`,
  );
  return r?.n ?? 0;
}

/** Drops every index of the table; returns the statements that rebuild them. */
export async function dropIndexes(
  ctx: { conn: ImportContext['conn'] },
  table: string,
): Promise<string[]> {
  const rows = await ctx.conn.query<{
    name: string;
    def: string;
    con: string | null;
    condef: string | null;
  }>(
    `SELECT i.indexname AS name, i.indexdef AS def, c.conname AS con, pg_get_constraintdef(c.oid) AS condef
       FROM pg_indexes i
       LEFT JOIN pg_constraint c ON c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
      WHERE i.tablename = $1 AND i.schemaname = current_schema()`,
    [table],
  );
  const rebuild: string[] = [];
  for (const r of rows) {
    if (r.con) {
      await ctx.conn.query(`ALTER TABLE ${table} DROP CONSTRAINT "${r.con}"`);
      rebuild.push(`ALTER TABLE ${table} ADD CONSTRAINT "${r.con}" ${r.condef}`);
    } else {
      await ctx.conn.query(`DROP INDEX "${r.name}"`);
      rebuild.push(r.def);
    }
  }
  // Constraints (primary key) first: other indexes may be big, better fail fast on duplicates.
  return rebuild.sort((a, b) => Number(b.startsWith('ALTER')) - Number(a.startsWith('ALTER')));
}

type Batch = { lines: string[]; rows: number; keys: string[]; dates: string[]; hashes: number[] };
const newBatch = (): Batch => ({ lines: [], rows: 0, keys: [], dates: [], hashes: [] });

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * INSEE Sirene API answers (the daily-changes path): a unit or establishment object, an array of
 * them, or the API envelope {header, unitesLegales|etablissements|uniteLegale|etablissement}.
 * Each object is flattened (current period, addresses) into the columns of the current stock
 * layout, then goes through the same validation and upsert as the CSV rows.
 */
async function* apiRecords(ctx: ImportContext, schema: KnownSchema): AsyncGenerator<CsvRecord[]> {
  yield [{ line: 0, fields: schema.columns, raw: '' }];
  const wantsUnit = schema.columns.includes('denominationUniteLegale');
  for await (const { index, value } of jsonItems(ctx.input)) {
    const objects: unknown[] = Array.isArray(value)
      ? value
      : isObj(value) && !('siren' in value)
        ? [
            value.unitesLegales,
            value.etablissements,
            value.uniteLegale,
            value.etablissement,
          ].flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []))
        : [value];
    const batch: CsvRecord[] = [];
    objects.forEach((item, k) => {
      if (!isObj(item)) return;
      // An establishment answer carries its legal unit (`uniteLegale`, no periods): read as a unit
      // when the legal-unit columns are wanted (etablissement.ts imports both).
      const isEstablishment = 'siret' in item;
      if (wantsUnit && isEstablishment && !isObj(item.uniteLegale)) return;
      const o =
        wantsUnit && isEstablishment ? { siren: item.siren, ...(item.uniteLegale as Json) } : item;
      const flat: Json = {};
      const periods = (o.periodesUniteLegale ?? o.periodesEtablissement) as unknown[] | undefined;
      const current = Array.isArray(periods)
        ? (periods.find((p) => isObj(p) && p.dateFin == null) ?? periods[0])
        : undefined;
      for (const part of [o, o.adresseEtablissement, o.adresse2Etablissement, current])
        if (isObj(part))
          for (const [key, v] of Object.entries(part))
            if (!isObj(v) && !Array.isArray(v)) flat[key] = v;
      const fields = schema.columns.map((c) =>
        flat[c] === null || flat[c] === undefined ? '' : String(flat[c]),
      );
      batch.push({ line: index + k, fields, raw: JSON.stringify(o).slice(0, 200) });
    });
    if (batch.length) yield batch;
  }
}
