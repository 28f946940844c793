import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * Typed raw reads. The hot reads (company page, search results) write their SQL by hand for speed;
 * their row types and column lists come from the Drizzle schema here, so that renaming or
 * dropping a column is a compile error in every read that names it, not a blank at run time.
 */

type Columns<T extends Table> = T['_']['columns'];

/**
 * A row of `T` as raw SQL returns it: keyed by the database column names (`is_head_office`),
 * typed as Drizzle types the column (dates, timestamps and numerics are text, as the client's
 * type parsers and `::text` casts give them).
 */
export type RawRow<T extends Table> = {
  [
    K in keyof Columns<T> & keyof T['$inferSelect'] as Columns<T>[K]['_']['name']
  ]: T['$inferSelect'][K];
};

/** A database column name of `T` (`'address_street'`). */
export type ColumnName<T extends Table> = keyof RawRow<T> & string;

/** The database column names of `table`, in schema order. */
export function columnNames<T extends Table>(table: T): ColumnName<T>[] {
  return Object.values(getTableColumns(table)).map((c) => c.name as ColumnName<T>);
}

/**
 * `alias.a, alias.b::text AS b, …` for a raw SELECT, built once at module load (a plain string
 * fragment, so a hot query costs nothing more). `asText` columns are cast to text (dates that
 * `row_to_json` would otherwise format, numerics). Throws at load if a name is not a column.
 */
export function selectList<T extends Table>(
  table: T,
  alias: string,
  names: readonly ColumnName<T>[],
  asText: readonly ColumnName<T>[] = [],
): SQL {
  const known = new Set<string>(columnNames(table));
  for (const n of names) if (!known.has(n)) throw new Error(`colonne inconnue : ${n}`);
  const cast = new Set<string>(asText);
  return sql.raw(
    names.map((n) => (cast.has(n) ? `${alias}.${n}::text AS ${n}` : `${alias}.${n}`)).join(', '),
  );
}
