/**
 * Where a state-changing request comes from, as the browser says it: every state change is
 * refused (403 CROSS_SITE_REQUEST, JSON with a French message) when
 *
 * - `Sec-Fetch-Site: cross-site` (another site's page sent it), or
 * - `Origin` is present and is not the site's: SITE_URL's origin, or the origin the request was
 *   addressed to (the site answers on its two host variants and on any port in tests; a browser
 *   on another site's page cannot make that origin its own, and cannot send a made-up
 *   `Host`/`X-Forwarded-Host` without a CORS preflight, which the site never grants).
 *
 * `Sec-Fetch-Site: same-origin` or `same-site` with one of those origins (or no Origin) passes;
 * a sibling sub-domain's page is refused by its Origin. A request with neither header (a
 * non-browser API client, an old browser) passes this check only: the CSRF token it must also
 * carry (src/accounts/session.ts, `checkCsrf`) decides. The payment webhook is the exception
 * (Stripe's servers, checked by Stripe's signature), and so are the signed links of the mails
 * (one-click unsubscribe, posted by mail providers).
 */
import { getEnv } from '@/config/env';
import { failure, type Failure } from '@/lib/errors';

type WithHeaders = { readonly url: string; readonly headers: { get(name: string): string | null } };

/**
 * The origin the browser addressed, for the same-origin comparison below only: Next.js builds
 * `req.url` from its own idea of the host name (`localhost` behind the custom server), while the
 * browser's Origin header names the host it typed. Client-controlled: never a link's host (links
 * come from SITE_URL, `siteOrigin()`).
 */
function addressedOrigin(req: WithHeaders): string {
  const url = new URL(req.url);
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return url.origin;
  return `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host}`;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** The refusal of a cross-site state change, or null (see the module's comment). */
export function crossSiteFailure(req: WithHeaders): Failure | null {
  if (req.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site')
    return failure('CROSS_SITE_REQUEST');
  const origin = req.headers.get('origin');
  if (origin === null) return null;
  const given = origin.trim().toLowerCase();
  const own = [getEnv().SITE_URL, addressedOrigin(req), req.url].map(originOf);
  return own.includes(given) ? null : failure('CROSS_SITE_REQUEST');
}
