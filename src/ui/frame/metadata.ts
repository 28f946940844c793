import type { Metadata } from 'next';
import { getEnv } from '@/config/env';
import { messages } from '@/i18n';
import { canonicalUrl, metaRulesFor } from './rules';

type SearchInput = string | Record<string, string | string[] | undefined> | undefined;

function searchString(search: SearchInput): string {
  if (!search) return '';
  if (typeof search === 'string') return search;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, one);
  }
  return params.toString();
}

/**
 * A page's share of the frame's meta rules (spec section 2): canonical link, Open Graph tags and
 * robots for its path. The root layout is static and cannot see the request path, so every page
 * states its own path here. A canonical the page already gives (company, director, per-company
 * pages) wins; `search` is passed only by pages whose content depends on the query, so static
 * pages point to their bare path.
 */
export function frameMetadata(
  pathname: string,
  base: Metadata = {},
  search?: SearchInput,
): Metadata {
  const rules = metaRulesFor(pathname);
  const own = base.alternates?.canonical;
  const canonical =
    typeof own === 'string' ? own : canonicalUrl(getEnv().SITE_URL, pathname, searchString(search));
  return {
    ...base,
    alternates: rules.canonicalAndSocial ? { ...base.alternates, canonical } : base.alternates,
    robots: base.robots ?? (rules.robots ? { index: false, follow: false } : undefined),
    openGraph: rules.canonicalAndSocial
      ? {
          type: 'website',
          locale: 'fr_FR',
          siteName: messages.frame.siteName,
          url: canonical,
          title: messages.meta.defaultTitle,
          description: messages.meta.defaultDescription,
          images: [{ url: '/logo.svg', width: 177, height: 36 }],
          ...base.openGraph,
        }
      : undefined,
  };
}

/**
 * generateMetadata for a page whose content depends on its query (result pages): the canonical
 * keeps the query without the ad-click parameters. `base` may be computed from the query (a
 * title that names what was searched).
 */
export function frameMetadataWithQuery(
  pathname: string,
  base: Metadata | ((query: Record<string, string | string[] | undefined>) => Metadata) = {},
) {
  return async function generateMetadata({
    searchParams,
  }: {
    searchParams: Promise<Record<string, string | string[] | undefined>>;
  }): Promise<Metadata> {
    const query = await searchParams;
    return frameMetadata(pathname, typeof base === 'function' ? base(query) : base, query);
  };
}

/**
 * The site's 404 page: its own title, never indexed. Also what a route's metadata says for an
 * address it does not serve, since Next may resolve that metadata for the 404 page too.
 */
export const notFoundMetadata: Metadata = {
  title: messages.errors.notFound.title,
  robots: { index: false },
};
