import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { SourceName } from '@/db/schema';
import { cached } from './cache';
import { sourceRef, type SourceRef } from './result';

/** The latest source date held per source (`coverage:<source>` written by the importers). */
export type Coverage = Partial<Record<SourceName, string>>;

export function getCoverage(db: Db): Promise<Coverage> {
  return cached('coverage', async () => {
    const rows = await queryRows<{ name: string; value: string }>(
      db,
      sql`SELECT name, value FROM ingest_cursors WHERE name LIKE 'coverage:%'`,
    );
    const out: Coverage = {};
    for (const r of rows) out[r.name.slice('coverage:'.length) as SourceName] = r.value;
    return out;
  });
}

/** The sources an empty section searched, each with the date our data of it reaches. */
export function searchedSources(coverage: Coverage, sources: SourceName[]): SourceRef[] {
  return sources.map((s) => sourceRef(s, coverage[s] ?? null));
}
