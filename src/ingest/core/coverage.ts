/**
 * How far each source's data goes: the latest date of the source's own records we hold (BODACC
 * publication day, ratios record timestamp, search-API answer date, DSN month…). Kept in
 * `ingest_cursors` under `coverage:<source>` as each file is imported, so that a page can say
 * "sources consulted: BODACC up to 23/04/2020" without scanning the tables.
 */
import type { SourceName } from '@/db/schema';
import type { Conn } from './conn';

export class CoverageTracker {
  private latest: string | null = null;
  constructor(private readonly source: SourceName) {}

  /** Notes a record's date (ISO date or timestamp); invalid or empty dates are ignored. */
  see(date: string | null | undefined): void {
    const d = date?.slice(0, 10);
    if (!d || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return;
    if (!this.latest || d > this.latest) this.latest = d;
  }

  /** Writes the latest date seen, if newer than the one stored (same transaction as the file). */
  async save(conn: Conn): Promise<void> {
    if (!this.latest) return;
    await conn.query(
      `INSERT INTO ingest_cursors (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = greatest(ingest_cursors.value, EXCLUDED.value),
         updated_at = now()`,
      [`coverage:${this.source}`, this.latest],
    );
  }
}
