/**
 * Pure rules of the page frame (spec section 2 "Page frame", section 9): result pages, top-bar
 * items, canonical link, robots and the other per-path meta rules, the contact domain.
 * No React, no I/O: the layout, the proxy and the tests share them.
 */

/** Ad-click parameters of spec section 9, dropped from canonical links. */
export const adClickParams = [
  'dclid',
  'msclkid',
  'fbclid',
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'li_fat_id',
  'ttclid',
  'twclid',
  'yclid',
  'zanpid',
  'zclid',
  'rclid',
] as const;

const adClickSet = new Set<string>(adClickParams);

/** Result pages are recognised by a path containing /resultats or index-entreprises. */
export function isResultPage(pathname: string): boolean {
  return pathname.includes('/resultats') || pathname.includes('index-entreprises');
}

export type HeaderStatKey =
  'docAvailable' | 'searchableSiret' | 'verifiedCompanyProfile' | 'kbisAvailable';

/**
 * The counters worth printing: a counter the site does not offer (null: the Kbis when it is not
 * sold here) or at zero (« 0 profils d’entreprise vérifiés ») is left out.
 */
export function visibleStats(
  stats: Partial<Record<HeaderStatKey, number | null>>,
  keys: readonly HeaderStatKey[],
): Array<{ key: HeaderStatKey; value: number }> {
  return keys.flatMap((key) => {
    const value = stats[key];
    return typeof value === 'number' && value > 0 ? [{ key, value }] : [];
  });
}

export type TopBarItems = {
  stats: HeaderStatKey[];
  /** The fifth item, a link to /extrait-kbis. */
  kbisLink: boolean;
  subscriptionNotice: boolean;
};

/**
 * Other pages show the four counters. Result pages, where room goes to the Kbis link and the
 * subscription notice, keep the three counters about what can be looked up and ordered.
 */
export function topBarItems(pathname: string): TopBarItems {
  if (isResultPage(pathname)) {
    return {
      stats: ['docAvailable', 'searchableSiret', 'kbisAvailable'],
      kbisLink: true,
      subscriptionNotice: true,
    };
  }
  return {
    stats: ['docAvailable', 'searchableSiret', 'verifiedCompanyProfile', 'kbisAvailable'],
    kbisLink: false,
    subscriptionNotice: false,
  };
}

/**
 * Canonical link: the site host plus the current path, with the ad-click parameters removed and
 * the other parameters kept in order. `search` may start with '?' or not.
 */
export function canonicalUrl(siteUrl: string, pathname: string, search = ''): string {
  const base = new URL(siteUrl);
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kept = new URLSearchParams();
  for (const [k, v] of params) if (!adClickSet.has(k.toLowerCase())) kept.append(k, v);
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const query = kept.toString();
  return `${base.origin}${path}${query ? `?${query}` : ''}`;
}

/**
 * Pages search engines must not index (spec section 2): account, payment, login, register,
 * orders and forgot-password, plus the password-reset and email-verification steps of account
 * access, which carry personal tokens.
 */
export const noIndexPrefixes = [
  '/mon-compte',
  '/paiement-securise',
  '/payment',
  '/successful-payment',
  '/login',
  '/register',
  '/commandes',
  '/forgot-password',
  '/password-reset',
  '/verify-email',
];

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNoIndexPath(pathname: string): boolean {
  return noIndexPrefixes.some((p) => underPrefix(pathname, p));
}

/** The value of the robots meta tag and X-Robots-Tag header for a path; undefined: indexable. */
export function robotsFor(pathname: string): string | undefined {
  return isNoIndexPath(pathname) ? 'noindex, nofollow' : undefined;
}

/** Company and director profiles, which give their own structured data. */
function hasOwnStructuredData(pathname: string): boolean {
  return (
    underPrefix(pathname, '/entreprises') ||
    /^\/dirigeants\/(?!resultats$|article\/)[^/]+\/[^/]+/.test(pathname)
  );
}

export type MetaRules = {
  /** Robots meta content, or undefined to leave indexing on. */
  robots: string | undefined;
  /** The organisation's JSON-LD block. */
  structuredData: boolean;
  /** The site's default title and description (pages with their own metadata override them). */
  defaultTitleAndDescription: boolean;
  /** Canonical link and social (Open Graph) tags. */
  canonicalAndSocial: boolean;
};

/** The per-path meta rules of the application shell. */
export function metaRulesFor(pathname: string): MetaRules {
  const noIndex = isNoIndexPath(pathname);
  const ownData = hasOwnStructuredData(pathname);
  return {
    robots: robotsFor(pathname),
    // Private pages describe nobody and must not advertise the organisation either.
    structuredData: !noIndex && !ownData,
    defaultTitleAndDescription: true,
    // A private page has no public address to point search engines or social networks to.
    canonicalAndSocial: !noIndex,
  };
}

/**
 * The domain of the contact mail address for the current host: the host without port and
 * without a leading "www.". Falls back to the site URL's host when the request has none.
 */
export function mailDomain(host: string | null | undefined, siteUrl: string): string {
  const raw = host?.trim() || new URL(siteUrl).host;
  const withoutPort = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0]!;
  return withoutPort.toLowerCase().replace(/^www\./, '');
}

export type ShellRules = {
  /** 'fixed' keeps the header on screen while scrolling. */
  header: 'static' | 'fixed' | 'hidden';
  footer: boolean;
};

/**
 * Per-path shell rules: the document-generation waiting pages show neither header nor footer;
 * the payment pages drop the footer to keep the customer on the form; long lists (result pages,
 * company profiles) keep the header fixed.
 */
export function shellRulesFor(pathname: string): ShellRules {
  if (underPrefix(pathname, '/documents/loading')) return { header: 'hidden', footer: false };
  if (['/paiement-securise', '/payment'].some((p) => underPrefix(pathname, p))) {
    return { header: 'static', footer: false };
  }
  if (isResultPage(pathname) || underPrefix(pathname, '/entreprises')) {
    return { header: 'fixed', footer: true };
  }
  return { header: 'static', footer: true };
}
