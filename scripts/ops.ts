/**
 * `npm run ops -- <command> [args]`: operators' commands (src/ops). Runs on DATABASE_URL, or on
 * the embedded database when the site is stopped (it holds the directory while it runs). On
 * PostgreSQL a decision reaches the running site through the change feed, which drops its caches.
 */
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { runMigrations } from '../src/db/migrate';
import { openTargetDb } from '../src/ingest/target';
import { OPS_COMMANDS } from '../src/ops/commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = OPS_COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.log('Usage : npm run ops -- <commande> [arguments]\n\nCommandes :');
    for (const c of OPS_COMMANDS) console.log(`  ${c.name.padEnd(24)} ${c.summary}`);
    return name ? 2 : 0;
  }
  try {
    getEnv();
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  const handle = await openTargetDb();
  try {
    await runMigrations(handle);
    return await command.run(args, { db: handle.db, out: (line) => console.log(line) });
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
