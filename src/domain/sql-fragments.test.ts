/**
 * Each SQL fragment computes what its TypeScript twin computes, on the database under test
 * (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { distanceKm } from '@/search/geo/grid';
import { departmentOfCommune } from './reference/departments';
import { departmentOfCommuneSql, distanceKmSql, textArray } from './sql-fragments';

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
