/**
 * Security headers the web server (scripts/serve.ts) puts on every answer before any handler
 * writes, so that the registry API, Next's pages and the front page cache's copies all carry them.
 *
 * The CSP cannot use a nonce: company pages are shared cached HTML (front page cache, Next's page
 * cache), identical for everyone. Nor can it list hashes: Next.js inlines each page's RSC payload
 * as `<script>self.__next_f.push(…)</script>` (different on every page), and a hash in
 * `script-src` makes browsers ignore 'unsafe-inline'. So scripts are limited to this origin plus
 * inline ones ('strict-dynamic' needs a nonce or hash too); everything else is locked down
 * (objects, base, framing, form targets), and the tag manager's hosts are allowed only when
 * `GTM_ID` is set (it loads only after consent, src/ui/frame/AppShell.tsx).
 */
export type SecurityHeaderOptions = {
  /** Served over TLS (SITE_URL https, or X-Forwarded-Proto https from the proxy). */
  https: boolean;
  gtm: boolean;
  /** Origin of the error-reporting endpoint (SENTRY_DSN), when reporting is on. */
  reportingOrigin?: string | null;
};

const GTM_SCRIPT = ['https://www.googletagmanager.com'];
const GTM_CONNECT = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];
const GTM_IMG = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];

export function contentSecurityPolicy(o: SecurityHeaderOptions): string {
  const script = ["'self'", "'unsafe-inline'", ...(o.gtm ? GTM_SCRIPT : [])];
  const connect = [
    "'self'",
    ...(o.gtm ? GTM_CONNECT : []),
    ...(o.reportingOrigin ? [o.reportingOrigin] : []),
  ];
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${o.gtm ? ` ${GTM_IMG.join(' ')}` : ''}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(o.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export function securityHeaders(o: SecurityHeaderOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(o)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      // Geolocation for the site itself only: « Autour de moi » of the search filters.
      'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    ],
  ];
  if (o.https) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/** Whether this request came over TLS: the site's public address, or the proxy says so. */
export function isHttps(siteUrl: string, forwardedProto: string | string[] | undefined): boolean {
  const proto = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return siteUrl.startsWith('https:') || proto?.split(',')[0]?.trim() === 'https';
}
