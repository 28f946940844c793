/**
 * Each SQL fragment computes what its TypeScript twin computes, on the database under test
 * (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { distanceKm } from '@/search/geo/grid';
import { departmentOfCommune } from './reference/departments';
import { companies } from '@/db/schema/registry';
import { departmentOfCommuneSql, distanceKmSql, inList, listOf, textArray } from './sql-fragments';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
}, 60_000);
afterAll(async () => handle?.close());

describe('textArray', () => {
  it('quotes and escapes a PostgreSQL array literal', () => {
    expect(textArray(['a', 'b"c', 'd\\e'])).toBe('{"a","b\\"c","d\\\\e"}');
    expect(textArray([])).toBe('{}');
  });

  it('reaches the database as the same list', async () => {
    const values = ['a', 'b"c', 'd\\e', 'é,f', ''];
    const { rows } = await handle.db.execute<{ v: string }>(
      sql`SELECT unnest(${textArray(values)}::text[]) AS v`,
    );
    expect(rows.map((r) => r.v)).toEqual(values);
  });
});

describe('inList and listOf: the one way to pass a list', () => {
  it('takes the SQL type of a Drizzle column, and a given one for an expression', () => {
    const dialect = new PgDialect();
    const query = dialect.sqlToQuery(inList(companies.siren, ['552032534']));
    expect(query.sql).toBe('("companies"."siren" = ANY($1::char(9)[]))');
    expect(query.params).toEqual(['{"552032534"}']);
    expect(dialect.sqlToQuery(inList(sql`x`, [1, 2])).sql).toBe('(x = ANY($1::text[]))');
    expect(dialect.sqlToQuery(inList(sql`id`, [1, 2], 'integer')).params).toEqual(['{1,2}']);
    expect(() => listOf(['a'], 'text); DROP TABLE x; --')).toThrow();
    expect(() => listOf([1.5], 'integer')).toThrow();
  });

  it('matches on the database: texts with quotes, integers, a char column, nothing for an empty list', async () => {
    await handle.db.execute(
      sql`INSERT INTO companies (siren, name) VALUES ('552032534', 'A'), ('356000000', 'B')`,
    );
    const sirens = async (values: string[]) =>
      (
        await handle.db
          .select({ siren: companies.siren })
          .from(companies)
          .where(inList(companies.siren, values))
          .orderBy(companies.siren)
      ).map((r) => r.siren);
    expect(await sirens(['552032534', '356000000', '999999999'])).toEqual([
      '356000000',
      '552032534',
    ]);
    expect(await sirens([])).toEqual([]);
    const one = async (list: SQL) =>
      (await handle.db.execute<{ v: string }>(sql`SELECT v::text FROM unnest(${list}) v`)).rows.map(
        (r) => r.v,
      );
    expect(await one(listOf(['a"b', 'c,d', 'e\\f'], 'text'))).toEqual(['a"b', 'c,d', 'e\\f']);
    expect(await one(listOf([3, 1], 'integer'))).toEqual(['3', '1']);
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM generate_series(1, 5) g WHERE ${inList(sql`g`, [2, 4, 9], 'integer')}`,
    );
    expect(rows[0]!.n).toBe(2);
  });
});

describe('departmentOfCommuneSql', () => {
  it('gives the department departmentOfCommune gives', async () => {
    const communes = ['75056', '2A004', '2B033', '97101', '97411', '97502', '01001'];
    const { rows } = await handle.db.execute<{ c: string; d: string }>(
      sql`SELECT c, ${departmentOfCommuneSql(sql`c`)} AS d FROM unnest(${textArray(communes)}::text[]) c`,
    );
    expect(rows.map((r) => r.d)).toEqual(communes.map((c) => departmentOfCommune(c)));
    const { rows: none } = await handle.db.execute<{ d: string | null }>(
      sql`SELECT ${departmentOfCommuneSql(sql`NULL::text`)} AS d`,
    );
    expect(none[0]!.d).toBeNull();
  });
});

describe('distanceKmSql', () => {
  it('gives the distance distanceKm gives', async () => {
    const paris = { lat: 48.8566, lon: 2.3522 };
    for (const to of [
      paris,
      { lat: 45.764, lon: 4.8357 },
      { lat: -21.1151, lon: 55.5364 },
      { lat: 48.8567, lon: 2.3523 },
    ]) {
      const { rows } = await handle.db.execute<{ d: number | string }>(
        sql`SELECT ${distanceKmSql(sql`${to.lat}::float8`, sql`${to.lon}::float8`, paris)} AS d`,
      );
      expect(Number(rows[0]!.d)).toBeCloseTo(distanceKm(paris, to), 6);
    }
  });
});
