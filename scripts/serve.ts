/**
 * The web server that `npm start` runs once the site is built: Node's HTTP server with the built
 * Next.js site behind it (the same request handler as `next start`), and the registry API
 * answered ahead of Next's routing, from a worker thread on PostgreSQL
 * (src/server/registry-api.ts, src/server/registry-api-worker.ts). Production runs it compiled
 * (scripts/build-server.ts: `.next/registre/serve.mjs`), not through tsx. `npm run dev` runs it
 * from the sources with `--dev`: `next dev` behind the same front door (src/server/site.ts,
 * `webServer`). Settings come from the environment the supervisor (scripts/start.ts) passes:
 * PORT, HOST, DATABASE_URL…
 */
// First: refuses to start, one line per setting, on invalid or (APP_ENV=prod) unsafe settings.
import './serve-check';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { getEnv } from '../src/config/env';
import { waitForReplica } from '../src/db/replica';
import { closeSiteDb, getDb, getReadDb, sitePools } from '../src/db/site';
import { jobWorkersRunning, queueCounts } from '../src/jobs';
import '../src/server/jobs';
import { recoverOrders } from '../src/orders/recovery';
import { logFailure } from '../src/lib/log';
import { rateLimitStoreReady } from '../src/lib/rate-limit';
import { invalidateCompany, onCompanyInvalidated } from '../src/registry/cache';
import { listenForChanges, type ChangeListener } from '../src/registry/change-feed';
import { gateApi } from '../src/api-access/gate';
import { flushUsage } from '../src/api-access/usage';
import { Health, readinessDatabase } from '../src/server/health';
import { SiteMetrics, startMetricsServer } from '../src/server/metrics';
import { FrontPageCache } from '../src/server/page-cache';
import { serveRegistryApi } from '../src/server/registry-api';
import { RegistryApiWorker } from '../src/server/registry-api-worker';
import { startBackgroundWork } from '../src/server/background';
import { RenderQueue } from '../src/server/render-queue';
import { gateSearchDuringRebuild } from '../src/server/search-rebuild';
import { shutDown } from '../src/server/shutdown';
import { webServer } from '../src/server/site';

/** `--dev` (`npm run dev`): `next dev` behind the same front door, from the sources. */
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';
const anyAddress = hostname === '0.0.0.0' || hostname === '::';
// Drawn before anything reads the environment: Next's route /api/internal/revalidate checks it.
const revalidateToken = randomBytes(24).toString('hex');
process.env.INTERNAL_REVALIDATE_TOKEN = revalidateToken;
const env = getEnv();

// Compiled, the worker thread's code is this bundle's sibling; under tsx, its TypeScript source.
const compiled = import.meta.url.endsWith('.mjs');
const registryWorker =
  env.REGISTRY_API_WORKER === 'on'
    ? new RegistryApiWorker(
        process.env,
        compiled ? fileURLToPath(new URL('./registry-worker.mjs', import.meta.url)) : undefined,
      )
    : null;

/**
 * The registry's change feed (src/registry/change-feed.ts): an import announced changed companies;
 * their cached data and pages go, in every thread, then in Next's page cache.
 */
async function dropChanged(sirens: string[] | null): Promise<void> {
  // With a replica, the pages are rendered again from it: first let it replay the change.
  if (env.DATABASE_READ_URL && !(await waitForReplica(getDb(), getReadDb())))
    console.warn('[serve] la réplique n’a pas rattrapé la base principale en 30 s');
  invalidateCompany(sirens);
  const self = anyAddress ? '127.0.0.1' : hostname;
  const res = await fetch(`http://${self}:${port}/api/internal/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-revalidate-token': revalidateToken },
    body: JSON.stringify({ sirens }),
  });
  if (res.status !== 204) throw new Error(`revalidation refused: HTTP ${res.status}`);
}
const changeFeed: ChangeListener | null =
  env.REGISTRY_CHANGE_FEED === 'on' && env.DATABASE_URL
    ? listenForChanges(
        env.DATABASE_URL,
        (sirens) => void dropChanged(sirens).catch((e) => logFailure('change feed', e)),
        (e) => logFailure('change feed connection', e),
      )
    : null;

const app = next({ dev, dir: process.cwd(), hostname, port });
let nextHandler: ReturnType<typeof app.getRequestHandler> | undefined;
const ready = app.prepare().then(() => {
  nextHandler = app.getRequestHandler();
});

/** The front page cache (production only: `next dev` caches no page). */
const pages = dev ? undefined : new FrontPageCache(env.PAGE_CACHE_MAX_MB * 1024 * 1024);
/** The bound on page renders (src/server/render-queue.ts; production only, like the cache). */
const renders = dev
  ? undefined
  : new RenderQueue({ concurrency: env.RENDER_CONCURRENCY, budgetMs: env.RENDER_BUDGET_MS });
let draining = false;
/** The readiness checks' database and replica (src/server/health.ts `readinessDatabase`). */
const healthDbs = [
  readinessDatabase(env.DATABASE_URL, env.DATABASE_POOL_MAX, getDb),
  ...(env.DATABASE_READ_URL
    ? [readinessDatabase(env.DATABASE_READ_URL, env.DATABASE_POOL_MAX, getReadDb)]
    : []),
];
const health = new Health({
  db: healthDbs[0]!.db,
  readDb: healthDbs[1]?.db,
  jobsExpected: env.JOBS_WORKER === 'on',
  jobsRunning: () => jobWorkersRunning(getDb()),
  draining: () => draining,
  replicaMaxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS,
});
const metrics = new SiteMetrics({
  db: getDb,
  pools: sitePools,
  pageCache: pages,
  renderQueue: renders,
  queues: queueCounts,
  restarts: env.SERVER_RESTARTS,
  readiness: () => health.lastKnown(),
});
const metricsServer = env.METRICS_PORT
  ? startMetricsServer(metrics, {
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      token: env.METRICS_TOKEN,
    }).then(
      (s) => {
        console.log(
          `[serve] métriques servies sur http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`,
        );
        return s;
      },
      (e) => {
        console.error(
          '[serve] port des métriques indisponible :',
          e instanceof Error ? e.message : e,
        );
        process.exit(1);
      },
    )
  : null;

const { respond } = webServer({
  dev,
  env,
  apiGate: (req, res) => gateApi(req, res, getDb),
  searchGate: (req, res) => gateSearchDuringRebuild(req, res, () => health.searchRebuilding()),
  registryApi: (req, res) =>
    registryWorker ? registryWorker.handle(req, res) : serveRegistryApi(req, res, getReadDb),
  pages,
  renders,
  health,
  metrics: { metrics, token: env.METRICS_TOKEN },
  draining: () => draining,
  next: async (req, res) => {
    if (!nextHandler) await ready;
    await nextHandler!(req, res);
  },
});
onCompanyInvalidated((sirens) => pages?.purge(sirens));

const server = http.createServer(
  { connectionsCheckingInterval: 2000 },
  (req, res) => void respond(req, res),
);
// Backstops behind the per-request body timeout (src/server/guard.ts): headers within 10 s, the
// whole request within 30 s, checked every 2 s.
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;
server.on('upgrade', (req, socket, head) => {
  ready.then(
    () => app.getUpgradeHandler()(req, socket, head),
    () => socket.destroy(),
  );
});

// Background work (src/jobs): queued jobs wait in the database, so those of a stopped server run
// once this one starts.
// Then the orders' recovery sweep: whatever a crash interrupted (an event stored but not
// processed, a payment whose webhook was lost, a paid order not delivered) is finished.
const background =
  env.JOBS_WORKER === 'on' ? startBackgroundWork(getDb(), () => recoverOrders(getDb())) : null;

// The shared rate-limit store (Redis) connected before the first request counts on it.
void rateLimitStoreReady();

ready.catch((e) => {
  console.error(
    `[serve] le site ${dev ? 'en développement' : 'construit'} ne peut pas être chargé :`,
    e,
  );
  process.exit(1);
});

server.listen(port, hostname, () => {
  // As `next start` does: the origin Next uses for its own absolute URLs.
  const host = anyAddress ? 'localhost' : hostname;
  process.env.__NEXT_PRIVATE_ORIGIN = `http://${host}:${port}`;
  console.log(`[serve] site servi sur http://${host}:${port}`);
});

let closing = false;
function close() {
  if (closing) return;
  closing = true;
  void shutDown(server, {
    delayMs: env.SHUTDOWN_DELAY_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    onDraining: () => {
      draining = true;
    },
    // The job workers stop fetching now (once started); their running jobs finish or go back to
    // the queue; the pools close after them.
    whileDraining: [async (timeoutMs) => background?.stop(timeoutMs)],
    finally: [
      () => app.close(),
      async () => registryWorker?.close(),
      async () => changeFeed?.close(),
      async () => (await metricsServer)?.close(),
      () => flushUsage(getDb()),
    ],
    log: (m) => console.log(`[serve] ${m}`),
  })
    .then(() => Promise.allSettled([closeSiteDb(), ...healthDbs.map((h) => h.close())]))
    .finally(() => process.exit(0));
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
