import { buildSearchIndex } from '@/content/search-index';

export const dynamic = 'force-static';

/** The search index of this section, built with the site and fetched by its search page only. */
export function GET() {
  return Response.json(buildSearchIndex('lexique'), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
