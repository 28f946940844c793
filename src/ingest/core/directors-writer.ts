/**
 * The directors of a company, written as each source lists them (merge.ts assembles the company
 * itself).
 */
import type { SourceName } from '@/db/schema';
import { DIRECTOR_MANDATE_COLUMNS } from '@/db/shared-columns';
import type { Conn } from './conn';
import { TableWriter, type Counts } from './writer';

export type DirectorRow = {
  kind: 'person' | 'company';
  roleCode: string | null;
  roleLabel: string | null;
  lastName: string | null;
  usageName: string | null;
  firstNames: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  nationality: string | null;
  directorSiren: string | null;
  companyName: string | null;
  startDate: string | null;
  personKey: string | null;
};

export type DirectorSet = { siren: string; date: string | null; directors: DirectorRow[] };

const DIRECTOR_COLUMNS = [...DIRECTOR_MANDATE_COLUMNS, 'person_key', 'source', 'source_date'];

/**
 * Directors of a company as one source lists them: a newer list replaces the older one of the
 * same source; an older list is ignored. The read model picks the best source present.
 */
export class DirectorWriter {
  private readonly writer: TableWriter;
  constructor(
    private readonly conn: Conn,
    private readonly source: SourceName,
  ) {
    this.writer = new TableWriter(conn, {
      table: 'directors',
      key: ['id'],
      columns: DIRECTOR_COLUMNS,
      touchUpdatedAt: true,
    });
  }

  async write(sets: DirectorSet[]): Promise<Counts> {
    if (sets.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    // Newest set per SIREN within the batch.
    const best = new Map<string, DirectorSet>();
    for (const s of sets) {
      const cur = best.get(s.siren);
      if (!cur || (s.date ?? '') >= (cur.date ?? '')) best.set(s.siren, s);
    }
    const existing = await this.conn.query<{ siren: string; d: string | null }>(
      `SELECT siren, max(source_date)::text AS d FROM directors WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[]) GROUP BY siren`,
      [this.source, [...best.keys()].join(',')],
    );
    const stored = new Map(existing.map((e) => [e.siren, e.d]));
    const rows: unknown[][] = [];
    const keepIds: string[] = [];
    const replaced: string[] = [];
    let skipped = 0;
    for (const [siren, s] of best) {
      const day = s.date ? s.date.slice(0, 10) : null;
      const cur = stored.get(siren);
      if (cur !== undefined && cur !== null && (day ?? '') < cur) {
        skipped += s.directors.length;
        continue;
      }
      replaced.push(siren);
      s.directors.forEach((d, i) => {
        const id = `${this.source}:${siren}:${i + 1}`;
        keepIds.push(id);
        rows.push([
          id,
          siren,
          d.kind,
          d.roleCode,
          d.roleLabel,
          d.lastName,
          d.usageName,
          d.firstNames,
          d.birthYear,
          d.birthMonth,
          d.nationality,
          d.directorSiren,
          d.companyName,
          d.startDate,
          d.personKey,
          this.source,
          day,
        ]);
      });
    }
    const c = await this.writer.upsert(rows);
    if (replaced.length) {
      await this.conn.query(
        `DELETE FROM directors WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[]) AND NOT (id = ANY(string_to_array($3, ',')))`,
        [this.source, replaced.join(','), keepIds.join(',')],
      );
    }
    return { inserted: c.inserted, updated: c.updated, unchanged: c.unchanged + skipped };
  }
}
