/**
 * The search index's shadow tables (issue 40): a full rebuild fills copies of the search tables in
 * a schema of their own, builds their keys and indexes there, and swaps them in at the end in one
 * short transaction. Readers keep the previous index until that commit; a run killed at any moment
 * leaves the previous index in place and a shadow schema that the next run drops first.
 *
 * Every definition is read back from the catalogue (columns, defaults, checks, collations, keys,
 * indexes, serial sequences): the drizzle schema and its migrations stay the only place that
 * declares them, and the swapped-in tables carry the same constraint, index and sequence names.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';

/** The tables a full rebuild replaces, in the order readers lock them (cells before companies). */
export const REBUILT_TABLES = [
  'search_geo_cells',
  'search_label_counts',
  'search_companies',
  'search_names',
  'search_postings',
  'search_vocabulary',
  'search_directors',
] as const;
/** REBUILT_TABLES as a PostgreSQL array literal, for `relname = ANY(…::text[])`. */
export const REBUILT_LITERAL = `{${REBUILT_TABLES.join(',')}}`;

export type ShadowIndex = {
  table: string;
  name: string;
  /** CREATE INDEX or ALTER TABLE … ADD CONSTRAINT, on the shadow table. */
  def: string;
  gin: boolean;
  /** The live index's size: the build's cost, roughly (the longest are started first). */
  bytes: number;
};

export type Shadow = {
  /** The schema the rebuild's tables live in until the swap. */
  schema: string;
  /** The live schema (current_schema()). */
  live: string;
  /** Keys and indexes to build once the shadow tables are filled. */
  indexes: ShadowIndex[];
};

/** An identifier as quote_ident (and format's %I) writes it: quoted only when it must be. */
const ident = (name: string) =>
  /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;

/** The shadow schema's name for a live schema. */
export const shadowSchemaOf = (live: string) =>
  live === 'public' ? 'search_build' : `${live}_search_build`;

/**
 * Drops what a killed run left, then creates the shadow schema and its empty tables, without keys
 * or indexes: built once after the fill, much faster than maintained row by row, and a key fed in
 * random order ends half-empty (docs/SEARCH.md). Returns the keys and indexes to build.
 */
export async function createShadowTables(db: Db): Promise<Shadow> {
  const [{ live } = { live: 'public' }] = await queryRows<{ live: string }>(
    db,
    sql`SELECT current_schema() AS live`,
  );
  const schema = shadowSchemaOf(live);
  const s = ident(schema);
  const indexes = await queryRows<ShadowIndex>(
    db,
    sql`SELECT t.relname AS table, c.relname AS name, a.amname = 'gin' AS gin,
        pg_relation_size(c.oid)::float8 AS bytes,
        CASE WHEN con.oid IS NOT NULL
          THEN format('ALTER TABLE %I.%I ADD CONSTRAINT %I %s', ${schema}::text, t.relname,
                      con.conname, pg_get_constraintdef(con.oid))
          ELSE replace(pg_get_indexdef(c.oid),
                       format(' ON %I.%I USING ', n.nspname, t.relname),
                       format(' ON %I.%I USING ', ${schema}::text, t.relname)) END AS def
      FROM pg_index x
      JOIN pg_class c ON c.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_am a ON a.oid = c.relam
      LEFT JOIN pg_constraint con ON con.conindid = c.oid AND con.conrelid = t.oid
        AND con.contype IN ('p', 'u', 'x')
      WHERE n.nspname = ${live} AND t.relname = ANY(${REBUILT_LITERAL}::text[])
      ORDER BY t.relname, c.relname`,
  );
  for (const ix of indexes) {
    if (!ix.def.includes(` ON ${s}.`) && !ix.def.startsWith(`ALTER TABLE ${s}.`))
      throw new Error(`Index ${ix.name} : définition inattendue (${ix.def})`);
  }
  const sequences = await queryRows<{ table: string; column: string; seq: string; type: string }>(
    db,
    sql`SELECT t.relname AS table, a.attname AS column, q.relname AS seq,
        format_type(p.seqtypid, NULL) AS type
      FROM pg_depend d
      JOIN pg_class q ON q.oid = d.objid AND q.relkind = 'S'
      JOIN pg_sequence p ON p.seqrelid = q.oid
      JOIN pg_class t ON t.oid = d.refobjid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype = 'a' AND t.relnamespace = current_schema()::regnamespace
        AND t.relname = ANY(${REBUILT_LITERAL}::text[])`,
  );
  // Per-column statistics targets (`ALTER COLUMN … SET STATISTICS`, migration 0043): LIKE does
  // not copy them, and the planner's estimates of the postings depend on them.
  const statistics = await queryRows<{ table: string; column: string; target: number }>(
    db,
    sql`SELECT t.relname AS table, a.attname AS column, a.attstattarget::int AS target
      FROM pg_attribute a
      JOIN pg_class t ON t.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = ${live} AND t.relname = ANY(${REBUILT_LITERAL}::text[])
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attstattarget >= 0
      ORDER BY t.relname, a.attnum`,
  );
  const steps: string[] = [`DROP SCHEMA IF EXISTS ${s} CASCADE`, `CREATE SCHEMA ${s}`];
  for (const table of REBUILT_TABLES) {
    // Columns in their order, with their types, collations, NOT NULL, defaults and checks.
    steps.push(
      `CREATE TABLE ${s}.${ident(table)} (LIKE ${ident(live)}.${ident(table)} INCLUDING DEFAULTS
        INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING STORAGE INCLUDING COMPRESSION)`,
    );
  }
  for (const st of statistics) {
    steps.push(
      `ALTER TABLE ${s}.${ident(st.table)} ALTER COLUMN ${ident(st.column)} SET STATISTICS ${st.target}`,
    );
  }
  // A serial column's sequence (search_names.id): its own, of the same name, owned by the shadow
  // column (it moves with the table at the swap; the old one is dropped with the old table), so
  // that ids start at 1 as after the former TRUNCATE … RESTART IDENTITY.
  for (const q of sequences) {
    steps.push(
      `CREATE SEQUENCE ${s}.${ident(q.seq)} AS ${q.type} OWNED BY ${s}.${ident(q.table)}.${ident(q.column)}`,
      `ALTER TABLE ${s}.${ident(q.table)} ALTER COLUMN ${ident(q.column)}
        SET DEFAULT nextval('${s}.${ident(q.seq)}'::regclass)`,
    );
  }
  await db.transaction(async (tx) => {
    for (const step of steps) await tx.execute(sql.raw(step));
  });
  return { schema, live, indexes };
}

/** Drops the shadow schema, if any (a failed rebuild). */
export async function dropShadowTables(db: Db): Promise<void> {
  const [{ live } = { live: 'public' }] = await queryRows<{ live: string }>(
    db,
    sql`SELECT current_schema() AS live`,
  );
  await db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${ident(shadowSchemaOf(live))} CASCADE`));
}

/**
 * A transaction on the shadow tables: their schema first on the search path, so that the fill
 * statements (which name `search_companies`, …) write them and read the registry from the live
 * schema. `settings` are set for the transaction only (PostgreSQL only: PGlite keeps its own).
 */
export async function onShadow(
  db: Db,
  shadow: Shadow,
  settings: Record<string, string>,
  run: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('search_path', ${`${ident(shadow.schema)}, `} || current_setting('search_path'), true)`,
    );
    for (const [name, value] of Object.entries(settings)) {
      await tx.execute(sql`SELECT set_config(${name}, ${value}, true)
        WHERE version() NOT LIKE '%emscripten%'`);
    }
    await run(tx as unknown as Db);
  });
}

/** The shadow table's qualified name, for statements run outside `onShadow` (VACUUM). */
export const shadowTable = (shadow: Shadow, table: string) =>
  `${ident(shadow.schema)}.${ident(table)}`;

/**
 * The switch: the live tables are dropped and the shadow ones moved into the live schema, with
 * their keys, indexes, sequences and statistics, in one transaction; `then` runs in it too.
 * Readers wait only for this transaction (the tables are locked in their order first).
 */
export async function swapShadowTables(
  db: Db,
  shadow: Shadow,
  then: (tx: Db) => Promise<void>,
): Promise<void> {
  const live = REBUILT_TABLES.map((t) => `${ident(shadow.live)}.${ident(t)}`).join(', ');
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`LOCK TABLE ${live} IN ACCESS EXCLUSIVE MODE`));
    // A migration that ran meanwhile (a column, an index) would be undone by the swap: refused,
    // the next run builds the new shape.
    const shapes = await queryRows<{ live: string; built: string }>(
      tx as unknown as Db,
      sql`SELECT ${shapeOf(shadow.live)} AS live, ${shapeOf(shadow.schema)} AS built`,
    );
    if (shapes[0]?.live !== shapes[0]?.built)
      throw new Error("Le schéma de l'index de recherche a changé pendant sa reconstruction.");
    await tx.execute(sql.raw(`DROP TABLE ${live}`));
    for (const t of REBUILT_TABLES) {
      await tx.execute(
        sql.raw(`ALTER TABLE ${shadowTable(shadow, t)} SET SCHEMA ${ident(shadow.live)}`),
      );
    }
    await then(tx as unknown as Db);
    // What remains of it: the rebuild's own notes (the stale marks it covers).
    await tx.execute(sql.raw(`DROP SCHEMA ${ident(shadow.schema)} CASCADE`));
  });
}

/** The columns, keys and indexes of the rebuilt tables of a schema, as one text. */
const shapeOf = (schema: string) =>
  sql`(SELECT string_agg(x, ';' ORDER BY x) FROM (
      SELECT t.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) AS x
        FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid
        WHERE t.relnamespace = ${schema}::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
          AND t.relname = ANY(${REBUILT_LITERAL}::text[])
      UNION ALL
      SELECT t.relname || ' ' || c.relname FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relnamespace = ${schema}::regnamespace AND t.relname = ANY(${REBUILT_LITERAL}::text[])
    ) s)`;

/** The shadow tables' sizes, to vacuum the largest first. */
export async function tableBytes(db: Db, shadow: Shadow): Promise<Map<string, number>> {
  const rows = await queryRows<{ table: string; bytes: string }>(
    db,
    sql`SELECT c.relname AS table, pg_relation_size(c.oid)::text AS bytes FROM pg_class c
      WHERE c.relnamespace = ${shadow.schema}::regnamespace AND c.relkind = 'r'`,
  );
  return new Map(rows.map((r) => [r.table, Number(r.bytes)]));
}
