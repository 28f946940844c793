/**
 * One host name outside production. A development or test site answers on every loopback name
 * (127.0.0.1, localhost, [::1]), but its sessions, its XSRF cookie and Better Auth's origin check
 * belong to SITE_URL's host only: a form opened at another name fails on submit. So a request
 * addressed to another loopback name than SITE_URL's is sent there (308, same path and query,
 * same method and body) before any page or form is shown. Production never redirects here: its
 * proxy gives one public host, and a wrong one is told in French by the origin check
 * (src/accounts/adapter.ts, `wrongOriginFailure`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name (`[::1]` keeps its brackets) and port of a Host header. */
function hostOf(host: string): { name: string; port: string } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host.trim().toLowerCase());
  return m ? { name: m[1]!, port: m[2] ?? '' } : { name: '', port: '' };
}

/** Probes of the supervisor and the load balancer name a worker by address: never redirected. */
const PROBES = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

/**
 * SITE_URL's origin when the request names another loopback host than SITE_URL's on SITE_URL's
 * port, else null (another port is another server, or a worker behind the balancer: left alone).
 */
export function loopbackRedirectTarget(
  hostHeader: string | undefined,
  siteUrl: string,
): string | null {
  if (!hostHeader) return null;
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return null;
  }
  const asked = hostOf(hostHeader);
  const own = site.hostname.toLowerCase();
  const ownPort = site.port || (site.protocol === 'https:' ? '443' : '80');
  if (!LOOPBACK.has(asked.name) || !LOOPBACK.has(own) || asked.name === own) return null;
  if ((asked.port || '80') !== ownPort) return null;
  return site.origin;
}

/** Answers 308 towards SITE_URL's host when the request named another loopback host; true then. */
export function redirectToSiteHost(
  req: IncomingMessage,
  res: ServerResponse,
  siteUrl: string,
): boolean {
  if (PROBES.test(req.url ?? '')) return false;
  // Next.js relays some rewrites (src/proxy.ts) to itself over HTTP at its own host name, with the
  // host the client named in X-Forwarded-Host: that one decides.
  const forwarded = req.headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? req.headers.host;
  const origin = loopbackRedirectTarget(host, siteUrl);
  if (origin === null) return false;
  const path = (req.url ?? '/').startsWith('/') ? (req.url ?? '/') : '/';
  res.statusCode = 308;
  res.setHeader('Location', origin + path);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  // A body sent along is not read: the connection closes rather than parse it as a request.
  const length = req.headers['content-length'];
  if ((length && length !== '0') || req.headers['transfer-encoding'])
    res.setHeader('Connection', 'close');
  res.end(req.method === 'HEAD' ? undefined : `Le site est servi à l’adresse ${origin}.\n`);
  return true;
}
