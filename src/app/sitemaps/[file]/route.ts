import { getReadDb } from '@/db';
import { parseSitemapFile, sitemapCompanies, sitemapDirectors } from '@/registry/indexes';
import { siteUrl } from '@/loaders/registry-pages';
import { urlSetXml } from '@/seo/sitemap-xml';
import { CONTENT_SITEMAP_FILE, contentSitemapUrls } from '@/content/sitemap';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const name = (await ctx.params).file;
  if (name === CONTENT_SITEMAP_FILE) {
    return new Response(urlSetXml(siteUrl(), contentSitemapUrls()), {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      },
    });
  }
  const file = parseSitemapFile(name);
  if (!file) return new Response('Plan de site inconnu.', { status: 404 });
  const db = getReadDb();
  const urls =
    file.kind === 'entreprises'
      ? await sitemapCompanies(db, file.range)
      : await sitemapDirectors(db, file.ranges, file.range);
  // An empty range is still a valid (empty) sitemap: the index may predate a deletion.
  return new Response(urlSetXml(siteUrl(), urls), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
