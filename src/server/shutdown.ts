/**
 * Graceful shutdown of the web server (SIGTERM, SIGINT), in order:
 *
 * 1. **Draining:** `/readyz` answers 503 `draining` and every answer carries `Connection: close`,
 *    so that a load balancer takes the process out and no client reuses a connection; after
 *    `delayMs` (SHUTDOWN_DELAY_MS, 0 by default)…
 * 2. **No new connection:** the listening socket closes (a new connection is refused, which a load
 *    balancer retries elsewhere); idle keep-alive connections are closed, the busy ones once
 *    their answer is written. The job workers stop fetching at the same time (once their start
 *    and the recovery sweep after it are over, src/server/background.ts); running jobs get the
 *    same time to finish, and one still running then goes back to its queue (src/jobs).
 * 3. **In-flight requests** get `timeoutMs` (SHUTDOWN_TIMEOUT_MS, 10 s) in all; what is still open
 *    then is cut.
 * 4. **Closing:** Next.js, the registry API's worker thread, the change feed, then the pools.
 */
import type http from 'node:http';

export type ShutdownOptions = {
  delayMs: number;
  timeoutMs: number;
  /** Called first: from now on the process is draining. */
  onDraining: () => void;
  /** Run while requests finish (stop the job workers), each given `timeoutMs`. */
  whileDraining: Array<(timeoutMs: number) => Promise<unknown>>;
  /** Run once requests and jobs are done (close Next.js, workers, pools). */
  finally: Array<() => Promise<unknown>>;
  log?: (message: string) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stops `server` gracefully; resolves when everything is closed (or cut at the deadline). */
export async function shutDown(server: http.Server, o: ShutdownOptions): Promise<void> {
  const log = o.log ?? (() => {});
  const started = Date.now();
  o.onDraining();
  log('arrêt demandé : plus de nouvelles requêtes, fin des requêtes et des tâches en cours');
  if (o.delayMs) await sleep(o.delayMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection whose answer just ended becomes idle: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const remaining = () => Math.max(0, o.timeoutMs - (Date.now() - started));
  // The job workers get a second less than the requests: a job still running then is put back
  // in its queue, which needs the pool still open.
  const jobs = Promise.allSettled(
    o.whileDraining.map((step) => step(Math.max(1000, remaining() - 1000))),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), remaining());
  });
  const outcome = await Promise.race([closed.then(() => 'done' as const), deadline]);
  clearInterval(sweep);
  if (outcome === 'late') {
    log('délai d’arrêt dépassé : connexions restantes coupées');
    server.closeAllConnections();
  }
  clearTimeout(timer);
  await Promise.race([jobs, sleep(remaining() + 2000)]);
  await Promise.race([Promise.allSettled(o.finally.map((step) => step())), sleep(3000)]);
  log(`arrêt terminé en ${Date.now() - started} ms`);
}
