/**
 * A web server process for the graceful shutdown test (src/server/shutdown.test.ts): the site's
 * pipeline (src/server/site.ts) with a slow stand-in for Next.js that reads the database, the job
 * workers with a slow job kind, and the shutdown of scripts/serve.ts (src/server/shutdown.ts) on
 * SIGTERM. It prints `listening <port>`, `job <key>` when a job starts, and at exit how many
 * requests it accepted and answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { connectPostgres } from '@/db/client';
import { defineJob, jobWorkersRunning } from '@/jobs';
import { startBackgroundWork } from './background';
import { Health } from './health';
import { shutDown } from './shutdown';
import { siteHandler } from './site';

const handle = connectPostgres(process.env.SHUTDOWN_DATABASE_URL!, Number(process.env.POOL_MAX));
const db = handle.db;
const JOB_MS = Number(process.env.JOB_MS ?? 800);

defineJob<{ key: string }>('test.shutdown-slow', async ({ key }) => {
  process.stdout.write(`job ${key}\n`);
  await new Promise((r) => setTimeout(r, JOB_MS));
  await db.execute(
    sql`INSERT INTO shutdown_jobs_done (key) VALUES (${key}) ON CONFLICT DO NOTHING`,
  );
});

let draining = false;
let accepted = 0;
let answered = 0;
const health = new Health({
  db: () => db,
  jobsExpected: true,
  jobsRunning: () => jobWorkersRunning(db),
  draining: () => draining,
});
const respond = siteHandler({
  door: { siteUrl: 'http://localhost:3000', gtm: false, reportingOrigin: null },
  registryApi: () => false,
  health,
  draining: () => draining,
  next: async (req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 200);
    await new Promise((r) => setTimeout(r, ms));
    await db.execute(sql`SELECT 1`);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('réponse complète');
  },
});
const server = http.createServer((req, res) => {
  accepted++;
  res.once('finish', () => answered++);
  void respond(req, res);
});
/**
 * The stand-in of the orders' recovery sweep that scripts/serve.ts runs once the workers are up:
 * queries for RECOVERY_MS, so that a SIGTERM can arrive while it runs.
 */
async function recoverySweep(): Promise<void> {
  const until = Date.now() + Number(process.env.RECOVERY_MS ?? 0);
  while (Date.now() < until) {
    await db.execute(sql`SELECT 1`);
    await new Promise((r) => setTimeout(r, 20));
  }
  process.stdout.write('recovery done\n');
}
const background = startBackgroundWork(db, recoverySweep, { pollingIntervalSeconds: 0.5 });
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});

process.once('SIGTERM', () => {
  void shutDown(server, {
    delayMs: 0,
    timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 3000),
    onDraining: () => {
      draining = true;
    },
    whileDraining: [(timeoutMs) => background.stop(timeoutMs)],
    finally: [
      async () => {
        process.stdout.write('closing pools\n');
        await handle.close();
      },
    ],
  }).finally(() => {
    process.stdout.write(`accepted ${accepted} answered ${answered}\n`);
    process.exit(0);
  });
});
