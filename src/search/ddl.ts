import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';

/**
 * The search tables and functions come from the migrations (drizzle/0005_search.sql,
 * 0006_search_functions.sql). This only checks they are there, with a clear message otherwise.
 */
export async function ensureSearchSchema(db: Db): Promise<void> {
  const [row] = await queryRows<{ t: string | null; f: string | null }>(
    db,
    sql`SELECT to_regclass('public.search_names')::text AS t,
      to_regprocedure('public.search_fold(text)')::text AS f`,
  );
  if (!row?.t || !row.f) {
    throw new Error(
      'Les tables de recherche sont absentes : appliquez les migrations (`npm run db:migrate`).',
    );
  }
}
