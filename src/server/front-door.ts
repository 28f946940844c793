import type { IncomingMessage, ServerResponse } from 'node:http';
import { establishClientAddress } from '@/lib/http/client';
import { checkRequest, guardSlowBody, writeRefusal } from './guard';
import { redirectToSiteHost } from './one-host';
import { isHttps, securityHeaders } from './security-headers';

export type FrontDoorOptions = {
  siteUrl: string;
  gtm: boolean;
  reportingOrigin: string | null;
  bodyTimeoutMs?: number;
  /** Reverse proxies in front that append to `X-Forwarded-For` (`TRUST_PROXY_HOPS`; 0 by default). */
  trustProxyHops?: number;
  /** Outside production: a request at another loopback name than SITE_URL's goes there (308). */
  oneLoopbackHost?: boolean;
};

/** The security headers of a server's options, over TLS or not: built once each, not per request. */
const built = new WeakMap<FrontDoorOptions, Map<boolean, Array<[string, string]>>>();

function headersOf(o: FrontDoorOptions, https: boolean): Array<[string, string]> {
  let byTls = built.get(o);
  if (!byTls) built.set(o, (byTls = new Map()));
  let headers = byTls.get(https);
  if (!headers) {
    headers = securityHeaders({ https, gtm: o.gtm, reportingOrigin: o.reportingOrigin });
    byTls.set(https, headers);
  }
  return headers;
}

/**
 * The first thing scripts/serve.ts does with a request: the client's address for the rate limits
 * (src/lib/http/client.ts: from the socket or the trusted proxies, overwriting what the client
 * sent), the security headers on the answer, then the request checks (src/server/guard.ts). True
 * when the request was answered (refused) here.
 */
export function frontDoor(req: IncomingMessage, res: ServerResponse, o: FrontDoorOptions): boolean {
  establishClientAddress(req.headers, req.socket.remoteAddress, o.trustProxyHops ?? 0);
  for (const [name, value] of headersOf(o, isHttps(o.siteUrl, req.headers['x-forwarded-proto'])))
    res.setHeader(name, value);
  const refusal = checkRequest(req);
  if (refusal) {
    writeRefusal(req, res, refusal);
    return true;
  }
  if (o.oneLoopbackHost && redirectToSiteHost(req, res, o.siteUrl)) return true;
  guardSlowBody(req, res, o.bodyTimeoutMs);
  return false;
}
