import { copyRow } from './copy';
import { killPoint } from '@/lib/kill-point';
import type { Conn } from './conn';

export type Counts = { inserted: number; updated: number; unchanged: number };

export type TableSpec = {
  table: string;
  /** Primary key columns (the ON CONFLICT target). */
  key: string[];
  /** Columns written, in the order of each row's values. */
  columns: string[];
  /**
   * SQL condition, over `t` (the stored row) and `EXCLUDED` (the incoming one), that must hold for
   * an update to apply: this is where "newer data wins by the source's own date" lives.
   */
  newerWhen?: string;
  /** Set updated_at = now() on change (tables that have the column). */
  touchUpdatedAt?: boolean;
  /** Index of a sortable value (ISO date) used to keep the newest of duplicates in one batch. */
  dateIndex?: number;
  /** Column returned by the upsert for each written row (the SIREN), to report what changed. */
  changedKey?: string;
};

/**
 * Set-based upsert through a staging table: COPY the batch into a temporary table, then one
 * UPDATE … FROM staging WHERE newer AND IS DISTINCT FROM, and one INSERT … SELECT of the keys not
 * there yet; both count their rows with RETURNING. Unchanged = the rest.
 */
export class TableWriter {
  private stagingReady = false;
  private readonly staging: string;
  private readonly keyIdx: number[];

  constructor(
    private readonly conn: Conn,
    readonly spec: TableSpec,
  ) {
    this.staging = `stg_${spec.table}`;
    this.keyIdx = spec.key.map((k) => spec.columns.indexOf(k));
    if (this.keyIdx.some((i) => i < 0)) throw new Error(`key not in columns for ${spec.table}`);
  }

  /** Keeps one row per key: the newest by dateIndex, else the last one. Returns the dropped count. */
  dedupe(rows: unknown[][]): { rows: unknown[][]; dropped: number } {
    const byKey = new Map<string, number>();
    const keep: unknown[][] = [];
    const { dateIndex } = this.spec;
    for (const row of rows) {
      const k =
        this.keyIdx.length === 1
          ? String(row[this.keyIdx[0]!])
          : this.keyIdx.map((i) => String(row[i])).join('\u0001');
      const at = byKey.get(k);
      if (at === undefined) {
        byKey.set(k, keep.length);
        keep.push(row);
      } else if (
        dateIndex === undefined ||
        String(row[dateIndex] ?? '') >= String(keep[at]![dateIndex] ?? '')
      ) {
        keep[at] = row;
      }
    }
    return { rows: keep, dropped: rows.length - keep.length };
  }

  encode(rows: unknown[][]): string {
    let data = '';
    for (const r of rows) data += copyRow(r);
    return data;
  }

  private async ensureStaging(): Promise<void> {
    if (this.stagingReady) return;
    await this.conn.query(
      `CREATE TEMP TABLE IF NOT EXISTS ${this.staging} (LIKE ${this.spec.table} INCLUDING DEFAULTS) ON COMMIT DROP`,
    );
    this.stagingReady = true;
  }

  /** Upserts a batch; `encoded` may be given when the caller already built the COPY text. */
  async upsert(rows: unknown[][], encoded?: string): Promise<Counts> {
    if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const data = encoded ?? this.encode(this.dedupe(rows).rows);
    const c = await this.upsertEncoded(data);
    return {
      inserted: c.inserted,
      updated: c.updated,
      unchanged: rows.length - c.inserted - c.updated,
    };
  }

  /**
   * Upserts rows already encoded in COPY text (one row per key: the caller deduplicated).
   * Two set-based statements rather than INSERT … ON CONFLICT DO UPDATE: an unchanged row is then
   * only read, never locked nor rewritten (ON CONFLICT locks every conflicting row, which dirties
   * every page of a re-imported stock).
   */
  async upsertEncoded(
    data: string,
  ): Promise<{ inserted: number; updated: number; changed: string[] }> {
    await this.ensureStaging();
    await this.conn.query(`TRUNCATE ${this.staging}`);
    await this.conn.copyText(this.staging, this.spec.columns, data);
    // Temporary tables get no statistics from autovacuum: without them the join is planned blind.
    await this.conn.query(`ANALYZE ${this.staging}`);
    const { update, insert } = this.upsertSql();
    type Out = { n: number; keys?: string[] | null };
    const updated = update ? await this.conn.query<Out>(update) : [{ n: 0 } as Out];
    killPoint('upsert');
    const inserted = await this.conn.query<Out>(insert);
    return {
      inserted: Number(inserted[0]?.n ?? 0),
      updated: Number(updated[0]?.n ?? 0),
      changed: [...(updated[0]?.keys ?? []), ...(inserted[0]?.keys ?? [])],
    };
  }

  /** Initial load of an empty table: COPY straight into it, no staging, no conflict handling. */
  async copyDirect(rows: unknown[][], encoded?: string): Promise<Counts> {
    await this.conn.copyText(this.spec.table, this.spec.columns, encoded ?? this.encode(rows));
    return { inserted: rows.length, updated: 0, unchanged: 0 };
  }

  upsertSql(): { update: string | null; insert: string } {
    const { table, key, columns, newerWhen, touchUpdatedAt, changedKey } = this.spec;
    const returning = changedKey ?? '1';
    const keys = changedKey ? `, array_agg(k) AS keys` : '';
    const nonKey = columns.filter((c) => !key.includes(c));
    const cols = columns.join(', ');
    const join = key.map((k) => `t.${k} = s.${k}`).join(' AND ');
    const insert = `WITH ins AS (
      INSERT INTO ${table} (${cols}) SELECT ${cols} FROM ${this.staging} s
      WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${join})
      ON CONFLICT DO NOTHING RETURNING ${returning} AS k
    ) SELECT count(*)::int AS n${keys} FROM ins`;
    if (nonKey.length === 0) return { update: null, insert };
    const set = nonKey.map((c) => `${c} = s.${c}`);
    if (touchUpdatedAt) set.push('updated_at = now()');
    const distinct = `(${nonKey.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${nonKey.map((c) => `s.${c}`).join(', ')})`;
    const newer = newerWhen ? `(${newerWhen.replace(/EXCLUDED\./g, 's.')}) AND ` : '';
    const update = `WITH upd AS (
      UPDATE ${table} AS t SET ${set.join(', ')} FROM ${this.staging} s
      WHERE ${join} AND ${newer}${distinct}
      RETURNING ${changedKey ? `t.${changedKey}` : '1'} AS k
    ) SELECT count(*)::int AS n${keys} FROM upd`;
    return { update, insert };
  }
}

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    inserted: a.inserted + b.inserted,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
  };
}
