/**
 * What the web server (scripts/serve.ts) does with each request, in order: the front door, the
 * public API's gate (keys and rate limits, src/api-access/gate.ts), the registry API, the front page cache, the render queue, then Next.js. Kept apart from the server's start-up so that
 * tests run this very pipeline with a stand-in for Next.js. `npm run dev` runs the same server
 * with `next dev` behind it (`webServer`, `dev: true`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withOutageScope } from '@/db/outage';
import { reportServerFailure } from '@/lib/error-reporting/server';
import { isDatabaseUnavailable } from '@/lib/errors';
import { frontDoor, type FrontDoorOptions } from './front-door';
import type { Env } from '@/config/env';
import { serveHealth, type Health } from './health';
import { serveMetrics, type SiteMetrics } from './metrics';
import { FrontPageCache } from './page-cache';
import { awaitRenderTurn, type RenderQueue } from './render-queue';
import { answerFailuresAsUnavailable, writeFailure, writeUnavailable } from './unavailable';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

export type SiteOptions = {
  door: FrontDoorOptions;
  /**
   * The public API's gate: counts a call to the registry and search API, sets its `RateLimit`
   * headers, and answers it (401, 429) when it may not go on: true then. Before the fast path, so
   * that the fast path and Next.js answer under the same limits.
   */
  apiGate?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /**
   * The search while its index is rebuilt whole: answers 503 « index de recherche en
   * reconstruction » (src/server/search-rebuild.ts), true then.
   */
  searchGate?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The registry API (worker thread or this thread): true when it answered. */
  registryApi: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  pages?: FrontPageCache;
  /**
   * The bound on page renders (src/server/render-queue.ts): a request that would render waits
   * for its turn after the front page cache, or is refused 503 at once.
   */
  renders?: RenderQueue;
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
      if (o.apiGate && (await o.apiGate(req, res))) return;
      if (o.searchGate?.(req, res)) return;
      if (await o.registryApi(req, res)) return;
      if (o.pages?.serve(req, res)) return;
      if (o.renders && !(await awaitRenderTurn(o.renders, req, res))) return;
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

/**
 * The web server's pipeline for production (`next start`'s handler behind it) or development
 * (`next dev`'s): the same front door, with the same security headers and checks, and the same
 * registry API. Only the front page cache is production's: `next dev` caches no page.
 */
export function webServer(o: {
  dev: boolean;
  env: Pick<Env, 'SITE_URL' | 'GTM_ID' | 'SENTRY_DSN' | 'APP_ENV' | 'TRUST_PROXY_HOPS'>;
  apiGate?: SiteOptions['apiGate'];
  searchGate?: SiteOptions['searchGate'];
  registryApi: SiteOptions['registryApi'];
  next: Handler;
  report?: SiteOptions['report'];
  /** Production's front page cache (one is made when not given); never in development. */
  pages?: FrontPageCache;
  /** Production's render queue; none in development (`next dev` compiles on first render). */
  renders?: RenderQueue;
  health?: SiteOptions['health'];
  metrics?: SiteOptions['metrics'];
  draining?: SiteOptions['draining'];
}): { respond: Handler; pages: FrontPageCache | undefined } {
  const { env } = o;
  const reportingOrigin = (() => {
    try {
      return env.SENTRY_DSN && env.APP_ENV !== 'local' ? new URL(env.SENTRY_DSN).origin : null;
    } catch {
      return null;
    }
  })();
  // The front door's settings, the same for every request (its security headers are built once);
  // it writes the client's address for the rate limits (src/lib/http/client.ts).
  const door: FrontDoorOptions = {
    siteUrl: env.SITE_URL,
    gtm: Boolean(env.GTM_ID),
    reportingOrigin,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    oneLoopbackHost: env.APP_ENV !== 'prod',
  };
  const pages = o.dev ? undefined : (o.pages ?? new FrontPageCache());
  return {
    respond: siteHandler({
      door,
      apiGate: o.apiGate,
      searchGate: o.searchGate,
      registryApi: o.registryApi,
      pages,
      renders: o.dev ? undefined : o.renders,
      next: o.next,
      report: o.report,
      health: o.health,
      metrics: o.metrics,
      draining: o.draining,
    }),
    pages,
  };
}
