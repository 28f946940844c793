import { describe, expect, expectTypeOf, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { establishments, searchCompanies } from '@/db/schema';
import { columnNames, selectList, type ColumnName, type RawRow } from './raw-rows';

const dialect = new PgDialect();

describe('typed raw reads', () => {
  it('types a raw row by the schema, keyed by database column names', () => {
    expectTypeOf<RawRow<typeof establishments>['is_head_office']>().toEqualTypeOf<boolean>();
    expectTypeOf<RawRow<typeof establishments>['creation_date']>().toEqualTypeOf<string | null>();
    expectTypeOf<RawRow<typeof searchCompanies>['commune_name']>().toEqualTypeOf<string | null>();
    // A TypeScript key or a name the schema does not have is not a column name: a rename in the
    // schema breaks every read that still names the old column.
    // @ts-expect-error the property name, not the column name
    const key: ColumnName<typeof establishments> = 'isHeadOffice';
    // @ts-expect-error no such column
    const gone: ColumnName<typeof establishments> = 'address_line';
    expect([key, gone]).toHaveLength(2);
  });

  it('builds the select list once, casting the asked columns to text', () => {
    const list = selectList(establishments, 'e', ['siret', 'creation_date'], ['creation_date']);
    expect(dialect.sqlToQuery(sql`SELECT ${list}`).sql).toBe(
      'SELECT e.siret, e.creation_date::text AS creation_date',
    );
  });

  it('refuses a name that is not a column at load time', () => {
    const names = ['siret', 'nope'] as unknown as ColumnName<typeof establishments>[];
    expect(() => selectList(establishments, 'e', names)).toThrow(/colonne inconnue : nope/);
    expect(columnNames(establishments)).toContain('address_street');
  });
});
