import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';

/**
 * SQL twins of src/search/normalize.ts (`baseFold`, `foldName`, `rawKey`), used when the index is
 * built in the database. The same statements are the custom migration of the search schema.
 * A test runs both sides on the same strings.
 */
export const SEARCH_FUNCTIONS_SQL: string[] = [
  `CREATE OR REPLACE FUNCTION search_base_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(public.immutable_unaccent(input)), '’‘\`´', '''''''''') $$`,
  `CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT btrim(regexp_replace(
    ' ' || regexp_replace(
      translate(regexp_replace(public.search_base_fold(input),
        '(^|[^a-z0-9])((l|d|qu|j|m|n|s|t|c)'')+', '\\1', 'g'), '''.', ''),
      '[^a-z0-9]+', ' ', 'g') || ' ',
    ' (l|d|qu)(?= )', '', 'g'))
  $$`,
  `CREATE OR REPLACE FUNCTION search_raw(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(public.search_base_fold(input), '[^a-z0-9]+', '', 'g') $$`,
];

/**
 * Until the search migration exists, tests create the search tables from the Drizzle schema
 * themselves. Once `drizzle/` holds them this is a no-op.
 */
export async function ensureSearchSchema(db: Db): Promise<void> {
  const [row] = await queryRows<{ t: string | null }>(
    db,
    sql`SELECT to_regclass('public.search_names')::text AS t`,
  );
  if (row?.t) return;
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const schema = await import('@/db/schema/search');
  const empty = generateDrizzleJson({});
  const target = generateDrizzleJson(schema as Record<string, unknown>);
  const statements = await generateMigration(empty, target);
  for (const statement of [...SEARCH_FUNCTIONS_SQL, ...statements]) {
    await db.execute(sql.raw(statement));
  }
}
