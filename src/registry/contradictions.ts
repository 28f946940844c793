import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { ContradictionSide, SourceName } from '@/db/schema';
import {
  CONTRADICTION_LABELS,
  CONTRADICTION_RULES,
  type ContradictionRule,
} from '@/domain/contradictions';
import { sourceRef } from './result';

export type ContradictionView = {
  rule: ContradictionRule;
  title: string;
  explanation: string;
  /** Each source's statement, with the source's name and the date of its data. */
  sides: Array<{ source: string; label: string; value: string | null; date: string | null }>;
  /** When we found it (the import that made it true). */
  detectedAt: string;
};

const SOURCES = new Set<string>([
  'sirene',
  'bodacc',
  'rne',
  'inpi-ratios',
  'inpi-marques',
  'idcc',
  'recherche-entreprises',
]);

/**
 * Where the sources contradict each other about the company (computed at import,
 * src/ingest/contradictions.ts), in the order of the rules. Nothing personal is stored in them
 * (the directors rule keeps roles, not names), so a protected company shows them too.
 */
export async function listContradictions(db: Db, siren: string): Promise<ContradictionView[]> {
  const rows = await queryRows<{ rule: string; sides: ContradictionSide[]; detected_at: string }>(
    db,
    sql`SELECT rule, sides, detected_at::text AS detected_at
          FROM company_contradictions WHERE siren = ${siren}`,
  );
  return rows
    .filter((r): r is typeof r & { rule: ContradictionRule } =>
      (CONTRADICTION_RULES as readonly string[]).includes(r.rule),
    )
    .sort((a, b) => CONTRADICTION_RULES.indexOf(a.rule) - CONTRADICTION_RULES.indexOf(b.rule))
    .map((r) => ({
      rule: r.rule,
      ...CONTRADICTION_LABELS[r.rule],
      sides: r.sides.map((s) => ({
        source: s.source,
        label: SOURCES.has(s.source)
          ? sourceRef(s.source as SourceName, null).label
          : s.source === 'calendrier'
            ? 'Calendrier'
            : s.source,
        value: s.value,
        date: s.date,
      })),
      detectedAt: r.detected_at.slice(0, 10),
    }));
}

/** Whether the data holds any contradiction at all (the search filter says so when it does not). */
export async function anyContradiction(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM company_contradictions) AS any`,
  );
  return row?.any === true;
}
