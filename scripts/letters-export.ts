/**
 * `npm run letters:export [-- --dir DIR]`: writes the letters of pending company claims (one PDF
 * each) for the mail house, in DIR (default DATA_DIR/letters).
 */
import path from 'node:path';
import { getEnv } from '../src/config/env';
import { connectPostgres, wrapPglite, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { exportLetters } from '../src/accounts/letters';

async function main(): Promise<number> {
  const env = getEnv();
  const args = process.argv.slice(2);
  const dir = args.includes('--dir')
    ? args[args.indexOf('--dir') + 1]!
    : path.resolve(env.DATA_DIR, 'letters');
  const handle: DbHandle = env.DATABASE_URL
    ? connectPostgres(env.DATABASE_URL, 2)
    : wrapPglite(await openPglite(env.PGLITE_DIR));
  try {
    await runMigrations(handle);
    const files = await exportLetters(handle.db, dir);
    console.log(
      files.length
        ? `${files.length} courrier(s) écrit(s) :\n${files.map((f) => f.file).join('\n')}`
        : 'Aucun courrier à envoyer.',
    );
    return 0;
  } finally {
    await handle.close();
  }
}

void main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
