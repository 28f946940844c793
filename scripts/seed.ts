/**
 * npm run db:seed — (re)loads the real sample of data/samples/ into the database (PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite). Imports are idempotent: reloading changes only
 * what differs from the files.
 */
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { runMigrations } from '../src/db/migrate';
import { describeError } from '../src/ingest/core/errors';
import { formatSummary } from '../src/ingest/core/run';
import { describeContents, loadSamples } from '../src/ingest/seed';
import { openTargetDb } from '../src/ingest/target';

async function main(): Promise<number> {
  try {
    getEnv();
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  const handle = await openTargetDb();
  try {
    await runMigrations(handle);
    console.log("Chargement de l'échantillon réel (data/samples)…");
    await loadSamples(handle, (s) => console.log(formatSummary(s)));
    console.log(`Base : ${await describeContents(handle)}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Échec du chargement de l'échantillon : ${describeError(e)}`);
    process.exit(1);
  },
);
