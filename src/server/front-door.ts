import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkRequest, guardSlowBody, writeRefusal } from './guard';
import { isHttps, securityHeaders } from './security-headers';

export type FrontDoorOptions = {
  siteUrl: string;
  gtm: boolean;
  reportingOrigin: string | null;
  bodyTimeoutMs?: number;
};

/**
 * The first thing scripts/serve.ts does with a request: the security headers on the answer, then
 * the request checks (src/server/guard.ts). True when the request was answered (refused) here.
 */
export function frontDoor(req: IncomingMessage, res: ServerResponse, o: FrontDoorOptions): boolean {
  for (const [name, value] of securityHeaders({
    https: isHttps(o.siteUrl, req.headers['x-forwarded-proto']),
    gtm: o.gtm,
    reportingOrigin: o.reportingOrigin,
  }))
    res.setHeader(name, value);
  const refusal = checkRequest(req);
  if (refusal) {
    writeRefusal(req, res, refusal);
    return true;
  }
  guardSlowBody(req, res, o.bodyTimeoutMs);
  return false;
}
