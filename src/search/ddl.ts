import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';

/**
 * SQL twins of src/search/normalize.ts (`baseFold`, `foldName`, `rawKey`), used when the index is
 * built in the database. The same statements are the custom migration
 * drizzle/0006_search_functions.sql; a test runs both sides on the same strings.
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
