import type { Conn } from '../core/conn';
import { dropIndexes } from './bulk';

/** Beyond this many SIRENs met out of order, the streamed counts give way to a full recount. */
const LATE_MAX = 100_000;

/**
 * companies.open_establishments derived in the same pass as an initial load of establishments.
 *
 * Rewriting `companies` once the establishments are in (refreshOpenEstablishments 'all') was the
 * largest part of a stock load of establishments: a scan and count of every establishment, then a
 * copy of every company with its count, TRUNCATE, INSERT, index rebuild (15.4 s of 26.7 s for
 * 1.3 M establishments, issue 29). Here the encoder counts each SIREN's open establishments while
 * the file streams (encode.ts `countOpen`), and the companies are written back range by range
 * behind the establishments COPY: INSEE stocks are sorted by SIRET, so once a batch ends, every
 * SIREN before its last one has its final count. The database writes these ranges while the parse
 * worker reads the next batch, instead of after the whole file; and no establishment is scanned
 * again.
 *
 * At the start (inside the file's transaction): `companies` is copied into a temporary table
 * (no WAL), emptied, its indexes dropped and its row triggers turned off (the diffusion rule runs
 * set-based after the load, bulk.ts). Each batch then INSERTs the companies of the SIRENs it
 * closed, with their count; `finish` writes the rest and rebuilds the indexes. A company without
 * any establishment in the file keeps its count (another source may have given it). A SIREN met
 * again after its range was written (a file not sorted) is recounted from `establishments` at the
 * end; beyond LATE_MAX of them, every company is.
 */
export class StreamedOpenCounts {
  /** Counts of the SIRENs whose companies are not written yet, in file order. */
  private pending = new Map<string, number>();
  /** Every company whose SIREN sorts before this one is written. */
  private bound = '';
  private late = new Set<string>();
  private recountAll = false;
  /** Milliseconds spent writing companies (during the stream, and at the end). */
  ms = 0;

  private constructor(
    private readonly conn: Conn,
    private readonly insert: string,
    private readonly rebuild: string[],
  ) {}

  /** Empties `companies` into a temporary copy, ready to be written back with the counts. */
  static async start(conn: Conn): Promise<StreamedOpenCounts> {
    const t = performance.now();
    const cols = (
      await conn.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'companies' AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.name}"`);
    await conn.query(`CREATE TEMP TABLE companies_src ON COMMIT DROP AS SELECT * FROM companies`);
    await conn.query('CREATE INDEX ON companies_src (siren)');
    await conn.query('ANALYZE companies_src');
    const rebuild = await dropIndexes({ conn }, 'companies');
    await conn.query('TRUNCATE companies');
    // The rows go back as they were, apart from the count: the row triggers (the diffusion rule)
    // would only redo per row what the load applies set-based to the whole table.
    await conn.query('ALTER TABLE companies DISABLE TRIGGER USER');
    const select = cols.map((c) =>
      c === '"open_establishments"' ? 'coalesce(x.n, c.open_establishments)' : `c.${c}`,
    );
    const insert = `INSERT INTO companies (${cols.join(', ')})
      SELECT ${select.join(', ')} FROM companies_src c
        LEFT JOIN unnest($1::bpchar[], $2::int[]) AS x(siren, n) ON x.siren = c.siren
       WHERE c.siren >= $3 AND ($4::bpchar IS NULL OR c.siren < $4)`;
    const self = new StreamedOpenCounts(conn, insert, rebuild);
    // Establishments stored before the file (the real sample, at most a few thousand) are not in
    // the streamed counts: their SIRENs are recounted at the end.
    const stored = await conn.query<{ siren: string }>('SELECT DISTINCT siren FROM establishments');
    for (const r of stored) self.late.add(r.siren);
    if (self.late.size > LATE_MAX) self.recountAll = true;
    self.ms = performance.now() - t;
    return self;
  }

  /** One batch's runs of SIRENs and their open establishments, in file order. */
  add(sirens: readonly string[], open: readonly number[]): void {
    if (this.recountAll) return;
    for (let i = 0; i < sirens.length; i++) {
      const siren = sirens[i]!;
      if (siren < this.bound) {
        // Its company is written already, with the count of the rows seen before.
        this.late.add(siren);
      } else this.pending.set(siren, (this.pending.get(siren) ?? 0) + open[i]!);
    }
    // A file far from sorted: counting in memory would hold every SIREN.
    if (this.late.size > LATE_MAX || this.pending.size > LATE_MAX) {
      this.recountAll = true;
      this.late.clear();
      this.pending.clear();
    }
  }

  /**
   * Writes the companies of every SIREN before the last one seen (its rows may go on in the next
   * batch). Call after each batch, in order.
   */
  async flush(lastSiren: string | undefined): Promise<void> {
    if (lastSiren === undefined || lastSiren <= this.bound) return;
    const sirens: string[] = [];
    const counts: number[] = [];
    for (const [siren, n] of this.pending)
      if (siren < lastSiren) {
        sirens.push(siren);
        counts.push(n);
        this.pending.delete(siren);
      }
    await this.write(sirens, counts, lastSiren);
  }

  /** Writes the remaining companies, recounts the SIRENs met out of order, rebuilds the indexes. */
  async finish(): Promise<void> {
    await this.write([...this.pending.keys()], [...this.pending.values()], null);
    this.pending.clear();
    const t = performance.now();
    const recount = (scope: string, params: unknown[]) =>
      this.conn.query(
        `UPDATE companies c SET open_establishments = x.n
           FROM (SELECT siren, count(*) FILTER (WHERE status = 'A')::int AS n FROM establishments
                  ${scope} GROUP BY siren) x
          WHERE c.siren = x.siren AND c.open_establishments <> x.n`,
        params,
      );
    // Every company: one hash join, before the indexes are back. A few: by index, after.
    if (this.recountAll) await recount('', []);
    await this.conn.query('ALTER TABLE companies ENABLE TRIGGER USER');
    for (const statement of this.rebuild) await this.conn.query(statement);
    if (!this.recountAll && this.late.size)
      await recount('WHERE siren = ANY($1::bpchar[])', [[...this.late]]);
    await this.conn.query('ANALYZE companies');
    await this.conn.query('DROP TABLE companies_src');
    this.ms += performance.now() - t;
  }

  private async write(sirens: string[], counts: number[], upTo: string | null): Promise<void> {
    const t = performance.now();
    await this.conn.query(this.insert, [sirens, counts, this.bound, upTo]);
    if (upTo !== null) this.bound = upTo;
    this.ms += performance.now() - t;
  }
}
