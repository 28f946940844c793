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
import { getDb } from '../src/db/site';
import { startJobWorkers, stopJobWorkers } from '../src/jobs';
import '../src/server/jobs';
import { recoverOrders } from '../src/orders/recovery';
import { logFailure } from '../src/lib/log';
import { invalidateCompany, onCompanyInvalidated } from '../src/registry/cache';
import { listenForChanges, type ChangeListener } from '../src/registry/change-feed';
import { gateApi } from '../src/api-access/gate';
import { flushUsage } from '../src/api-access/usage';
import { serveRegistryApi } from '../src/server/registry-api';
import { RegistryApiWorker } from '../src/server/registry-api-worker';
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

const { respond, pages } = webServer({
  dev,
  env,
  apiGate: (req, res) => gateApi(req, res, getDb),
  registryApi: (req, res) =>
    registryWorker ? registryWorker.handle(req, res) : serveRegistryApi(req, res, getDb),
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
if (env.JOBS_WORKER === 'on') {
  // Then the orders' recovery sweep: whatever a crash interrupted (an event stored but not
  // processed, a payment whose webhook was lost, a paid order not delivered) is finished.
  void startJobWorkers(getDb())
    .then(() => recoverOrders(getDb()))
    .catch((e) => logFailure('job workers', e));
}

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
  server.close(() => {
    void Promise.allSettled([
      app.close(),
      registryWorker?.close(),
      changeFeed?.close(),
      stopJobWorkers(getDb()),
      flushUsage(getDb()),
    ]).finally(() => process.exit(0));
  });
  // Keep-alive connections would hold close() open: end the idle ones, give the rest 5 s.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
