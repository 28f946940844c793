/** `npm run db:migrate`: apply migrations to DATABASE_URL, or to the embedded database. */
import path from 'node:path';
import { getEnv } from '../src/config/env';
import { connectPostgres, wrapPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';

const env = getEnv();
const handle = env.DATABASE_URL
  ? connectPostgres(env.DATABASE_URL, 1)
  : wrapPglite(await openPglite(path.resolve(env.PGLITE_DIR)));
await runMigrations(handle);
await handle.close();
console.log(`Migrations appliquées (${handle.kind}).`);
