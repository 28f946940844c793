import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { connectPostgres, wrapPglite, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { openPglite } from './pglite';

/**
 * A fresh, migrated database for one test file.
 * With DATABASE_URL set: a new database created on that server and dropped on close.
 * Otherwise: an in-memory PGlite.
 */
export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = wrapPglite(await openPglite());
    await runMigrations(handle);
    return handle;
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), 4, { preparedStatements: true });
  await runMigrations(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
