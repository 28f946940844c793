/**
 * DATABASE_URL=postgres://…:5442/h40b_rf DATABASE_READ_URL=postgres://…:5443/h40b_rf \
 *   REPLICA_LOCAL_DIR=… npx tsx bench/replica-fallback.ts
 *
 * What reads do when the replica stops, on a real streaming replica (scripts/replica-local.sh up):
 * a company read through `getReadDb` every 50 ms; the replica is stopped (pg_ctl -m immediate),
 * then started again. Prints failed reads, the slowest read, how long after the stop the reads
 * came from the primary, and how long after the restart from the replica again. The primary's
 * database gets the migrations and the registry fixtures first (a scratch database).
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';

process.env.REGISTRY_CACHE = 'off';
const { runMigrations } = await import('../src/db/migrate');
const { connectPostgres } = await import('../src/db/client');
const { insertRegistryFixtures } = await import('../src/registry/testing/fixtures');
const { closeSiteDb, getReadDb, replicaState } = await import('../src/db/site');
const { answerRegistryApi } = await import('../src/server/registry-api');
const { waitForReplica } = await import('../src/db/replica');

const setup = connectPostgres(process.env.DATABASE_URL!, 1);
await runMigrations(setup);
const [has] = (await setup.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies`))
  .rows;
if (!has?.n) await insertRegistryFixtures(setup.db);
const probe = connectPostgres(process.env.DATABASE_READ_URL!, 1);
await waitForReplica(setup.db, probe.db, 30_000);
await probe.close();

const script = new URL('../scripts/replica-local.sh', import.meta.url).pathname;
let failed = 0;
let slowest = 0;
let reads = 0;
let running = true;
const loop = (async () => {
  while (running) {
    const t = performance.now();
    try {
      const a = await answerRegistryApi(
        { method: 'GET', url: '/api/companies/552032534' },
        getReadDb,
      );
      if (a?.status !== 200) failed++;
    } catch {
      failed++;
    }
    slowest = Math.max(slowest, performance.now() - t);
    reads++;
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const until = async (cond: () => boolean, ms: number) => {
  const t = performance.now();
  while (!cond() && performance.now() - t < ms) await new Promise((r) => setTimeout(r, 10));
  return performance.now() - t;
};
await new Promise((r) => setTimeout(r, 2000));
execFileSync(script, ['stop-replica'], { stdio: 'inherit' });
const down = await until(() => replicaState()?.fallback === true, 30_000);
await new Promise((r) => setTimeout(r, 3000));
const duringFailures = failed;
const duringSlowest = slowest;
execFileSync(script, ['start-replica'], { stdio: 'inherit' });
const back = await until(() => replicaState()?.fallback === false, 60_000);
running = false;
await loop;
console.log(
  `${reads} lectures, ${failed} en échec (${duringFailures} pendant l’arrêt) ; la plus lente ${duringSlowest.toFixed(0)} ms pendant l’arrêt ; lectures sur la base principale ${down.toFixed(0)} ms après l’arrêt de la réplique, de retour sur la réplique ${(back / 1000).toFixed(1)} s après son redémarrage`,
);
await closeSiteDb();
await setup.close();
