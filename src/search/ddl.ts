import { createHash } from 'node:crypto';
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

const SEARCH_TABLES = [
  'search_companies',
  'search_names',
  'search_postings',
  'search_vocabulary',
  'search_directors',
];

/**
 * Until the search migration exists, the search tables are created from the Drizzle schema at
 * run time (tests, seed, bench). They hold derived data only, so when the schema changed (the
 * marker comment differs) they are dropped and created again; the next rebuild refills them.
 */
export async function ensureSearchSchema(db: Db): Promise<void> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const schema = await import('@/db/schema/search');
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson(schema as Record<string, unknown>),
  );
  const marker = `search-schema:${createHash('sha256').update(statements.join('\n')).digest('hex').slice(0, 16)}`;
  const [row] = await queryRows<{ t: string | null; note: string | null }>(
    db,
    sql`SELECT to_regclass('public.search_names')::text AS t,
      obj_description(to_regclass('public.search_names'), 'pg_class') AS note`,
  );
  if (row?.t && row.note === marker) return;
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${SEARCH_TABLES.join(', ')} CASCADE`));
  for (const statement of [...SEARCH_FUNCTIONS_SQL, ...statements]) {
    await db.execute(sql.raw(statement));
  }
  await db.execute(sql.raw(`COMMENT ON TABLE search_names IS '${marker}'`));
}
