/**
 * What the web server (scripts/serve.ts) does with each request, in order: the front door, the
 * registry API, the front page cache, then Next.js. Kept apart from the server's start-up so that
 * tests run this very pipeline with a stand-in for Next.js.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withOutageScope } from '@/db/outage';
import { reportServerFailure } from '@/lib/error-reporting/server';
import { isDatabaseUnavailable } from '@/lib/errors';
import { frontDoor, type FrontDoorOptions } from './front-door';
import { serveHealth, type Health } from './health';
import { serveMetrics, type SiteMetrics } from './metrics';
import type { FrontPageCache } from './page-cache';
import { answerFailuresAsUnavailable, writeFailure, writeUnavailable } from './unavailable';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

export type SiteOptions = {
  door: FrontDoorOptions;
  /** The registry API (worker thread or this thread): true when it answered. */
  registryApi: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  pages?: FrontPageCache;
  next: Handler;
  /** Where an exception of these steps is reported (the site's error reporting by default). */
  report?: (scope: string, error: unknown) => Promise<void>;
  /** `/healthz` and `/readyz` (src/server/health.ts). */
  health?: Health;
  /** Request metrics, and `GET /metrics` on this port when a token is set (src/server/metrics.ts). */
  metrics?: { metrics: SiteMetrics; token?: string };
  /** True once a graceful shutdown began: every answer then closes its connection. */
  draining?: () => boolean;
};

export function siteHandler(o: SiteOptions): Handler {
  const report = o.report ?? reportServerFailure;
  return async function respond(req, res) {
    o.metrics?.metrics.observe(req, res);
    if (o.draining?.()) res.setHeader('Connection', 'close');
    // The front door establishes the client's address (its `trustProxyHops`), then checks.
    if (frontDoor(req, res, o.door)) return;
    try {
      const probe =
        (o.health && serveHealth(req, res, o.health)) ||
        (o.metrics && serveMetrics(req, res, o.metrics.metrics, o.metrics.token));
      if (probe) return await probe;
      if (await o.registryApi(req, res)) return;
      if (o.pages?.serve(req, res)) return;
      o.pages?.record(req, res);
      // Only Next's handling gets a scope: the fast path above pays no AsyncLocalStorage.
      await withOutageScope((scope) => {
        answerFailuresAsUnavailable(req, res, scope);
        return o.next(req, res);
      });
    } catch (e) {
      // The site's answers, as Next's own failures give them: 503 when the database could not
      // serve, else 500 INTERNAL_ERROR (JSON under /api/, a French page elsewhere), reported.
      await report(`${req.method} ${(req.url ?? '').slice(0, 120)}`, e);
      if (res.headersSent) res.destroy();
      else if (isDatabaseUnavailable(e)) writeUnavailable(req, res);
      else writeFailure(req, res);
    }
  };
}
