import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPostgres, queryRows, type DbHandle } from './client';
import { createTestDb } from './testing';

const handles: DbHandle[] = [];
afterAll(async () => {
  for (const h of handles.reverse()) await h.close();
});

const probe = (n: number) =>
  sql`SELECT ${n}::int AS n, DATE '2024-02-29' + ${n}::int AS d,
        TIMESTAMP '2024-01-01 10:00:00' AS ts, json_build_object('k', ${n}::int) AS j`;

describe('queryRows', () => {
  it('gives the same rows, typed the same way, prepared or not', async () => {
    const h = await createTestDb();
    handles.push(h);
    for (const n of [1, 2, 1]) {
      const plain = await queryRows(h.db, probe(n));
      const prepared = await queryRows(h.db, probe(n), { prepared: true });
      expect(prepared).toEqual(plain);
      expect(prepared[0]).toEqual({
        n,
        d: n === 1 ? '2024-03-01' : '2024-03-02',
        ts: '2024-01-01 10:00:00',
        j: { k: n },
      });
    }
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL, prepares a statement once per connection, and only when the pool allows it',
    async () => {
      const count = async (h: DbHandle) =>
        (
          await queryRows<{ n: number }>(
            h.db,
            sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'q\\_%'`,
          )
        )[0]!.n;
      const url = process.env.DATABASE_URL!;
      const preparing = connectPostgres(url, 1, { preparedStatements: true });
      const plain = connectPostgres(url, 1);
      handles.push(preparing, plain);
      for (const n of [1, 2, 3]) await queryRows(preparing.db, probe(n), { prepared: true });
      expect(await count(preparing)).toBe(1);
      await queryRows(plain.db, probe(1), { prepared: true });
      expect(await count(plain)).toBe(0);
    },
  );
});
