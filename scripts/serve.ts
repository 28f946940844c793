/**
 * The production web server that `npm start` runs once the site is built: Node's HTTP server with
 * the built Next.js site behind it (the same request handler as `next start`), and the registry
 * API answered ahead of Next's routing, from a worker thread on PostgreSQL
 * (src/server/registry-api.ts, src/server/registry-api-worker.ts). Settings come from the
 * environment the supervisor (scripts/start.ts) passes: PORT, HOST, DATABASE_URL…
 */
import http from 'node:http';
import next from 'next';
import { getEnv } from '../src/config/env';
import { getDb } from '../src/db/site';
import { logFailure } from '../src/lib/log';
import { onCompanyInvalidated } from '../src/registry/cache';
import { FrontPageCache } from '../src/server/page-cache';
import { serveRegistryApi } from '../src/server/registry-api';
import { RegistryApiWorker } from '../src/server/registry-api-worker';

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';

const registryWorker = getEnv().REGISTRY_API_WORKER === 'on' ? new RegistryApiWorker() : null;

const pages = new FrontPageCache();
onCompanyInvalidated((siren) => pages.purge(siren));

const app = next({ dev: false, dir: process.cwd(), hostname, port });
let nextHandler: ReturnType<typeof app.getRequestHandler> | undefined;
const ready = app.prepare().then(() => {
  nextHandler = app.getRequestHandler();
});

async function respond(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    if (registryWorker ? registryWorker.handle(req, res) : await serveRegistryApi(req, res, getDb))
      return;
    if (pages.serve(req, res)) return;
    pages.record(req, res);
    if (!nextHandler) await ready;
    await nextHandler!(req, res);
  } catch (e) {
    logFailure(`${req.method} ${(req.url ?? '').slice(0, 120)}`, e);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end('Internal Server Error');
    } else res.destroy();
  }
}

const server = http.createServer((req, res) => void respond(req, res));
server.on('upgrade', (req, socket, head) => {
  ready.then(
    () => app.getUpgradeHandler()(req, socket, head),
    () => socket.destroy(),
  );
});

ready.catch((e) => {
  console.error('[serve] le site construit ne peut pas être chargé :', e);
  process.exit(1);
});

server.listen(port, hostname, () => {
  // As `next start` does: the origin Next uses for its own absolute URLs.
  const host = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
  process.env.__NEXT_PRIVATE_ORIGIN = `http://${host}:${port}`;
  console.log(`[serve] site servi sur http://${host}:${port}`);
});

let closing = false;
function close() {
  if (closing) return;
  closing = true;
  server.close(() => {
    void Promise.allSettled([app.close(), registryWorker?.close()]).finally(() => process.exit(0));
  });
  // Keep-alive connections would hold close() open: end the idle ones, give the rest 5 s.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
