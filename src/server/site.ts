/**
 * What the web server (scripts/serve.ts) does with each request, in order: the front door, the
 * registry API, the session routes, the front page cache, then Next.js. Kept apart from the
 * server's start-up so that tests run this very pipeline with a stand-in for Next.js.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withOutageScope } from '@/db/outage';
import { isDatabaseUnavailable } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { frontDoor, type FrontDoorOptions } from './front-door';
import type { FrontPageCache } from './page-cache';
import { serveSessionApi } from './session-api';
import { answerFailuresAsUnavailable, writeUnavailable } from './unavailable';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

export type SiteOptions = {
  door: FrontDoorOptions;
  /** The registry API (worker thread or this thread): true when it answered. */
  registryApi: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  pages?: FrontPageCache;
  next: Handler;
};

export function siteHandler(o: SiteOptions): Handler {
  return async function respond(req, res) {
    // The front door establishes the client's address (its `trustProxyHops`), then checks.
    if (frontDoor(req, res, o.door)) return;
    try {
      if (await o.registryApi(req, res)) return;
      if (await serveSessionApi(req, res)) return;
      if (o.pages?.serve(req, res)) return;
      o.pages?.record(req, res);
      // Only Next's handling gets a scope: the fast paths above pay no AsyncLocalStorage.
      await withOutageScope((scope) => {
        answerFailuresAsUnavailable(req, res, scope);
        return o.next(req, res);
      });
    } catch (e) {
      logFailure(`${req.method} ${(req.url ?? '').slice(0, 120)}`, e);
      if (res.headersSent) res.destroy();
      else if (isDatabaseUnavailable(e)) writeUnavailable(req, res);
      else {
        res.statusCode = 500;
        res.end('Internal Server Error');
      }
    }
  };
}
