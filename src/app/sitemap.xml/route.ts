import { getReadDb } from '@/db';
import { cached } from '@/registry/cache';
import { sitemapFileName, sitemapFiles } from '@/registry/indexes';
import { siteUrl } from '@/loaders/registry-pages';
import { storedSitemapIndex } from '@/seo/sitemap-files';
import { sitemapIndexXml } from '@/seo/sitemap-xml';
import { CONTENT_SITEMAP_FILE } from '@/content/sitemap';

export const dynamic = 'force-dynamic';

/**
 * Sitemap index: the content pages, then company and director sitemaps of at most 50,000 URLs
 * each. The files built ahead (src/seo/sitemap-files.ts) with their dates once a run of imports
 * has built them; before that (a new embedded database), the files computed on request.
 */
export async function GET() {
  const stored = await cached('sitemap:stored', () => storedSitemapIndex(getReadDb()));
  const files = stored.length
    ? stored.map((f) => ({ name: f.name, lastmod: f.lastModified.toISOString() }))
    : [
        CONTENT_SITEMAP_FILE,
        ...(await cached('sitemap:files', () => sitemapFiles(getReadDb()))).map(sitemapFileName),
      ].map((name) => ({ name, lastmod: null }));
  const newest = stored.reduce<Date | null>(
    (a, f) => (!a || f.lastModified > a ? f.lastModified : a),
    null,
  );
  return new Response(sitemapIndexXml(siteUrl(), files), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      ...(newest ? { 'Last-Modified': newest.toUTCString() } : {}),
    },
  });
}
