import { getReadDb } from '@/db';
import { cached } from '@/registry/cache';
import { sitemapFileName, sitemapFiles } from '@/registry/indexes';
import { siteUrl } from '@/loaders/registry-pages';
import { sitemapIndexXml } from '@/seo/sitemap-xml';
import { CONTENT_SITEMAP_FILE } from '@/content/sitemap';

export const dynamic = 'force-dynamic';

/** Sitemap index: the content pages, then company and director sitemaps of at most 50,000 URLs each. */
export async function GET() {
  const files = [
    CONTENT_SITEMAP_FILE,
    ...(await cached('sitemap:files', () => sitemapFiles(getReadDb()))).map(sitemapFileName),
  ];
  return new Response(sitemapIndexXml(siteUrl(), files), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
