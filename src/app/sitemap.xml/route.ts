import { getDb } from '@/db';
import { cached } from '@/registry/cache';
import { sitemapCounts } from '@/registry/indexes';
import { siteUrl } from '@/registry/site';
import { sitemapIndexXml } from '@/registry/sitemap-xml';

export const dynamic = 'force-dynamic';

/** Sitemap index: company and director sitemaps of at most 50,000 URLs each. */
export async function GET() {
  const counts = await cached('sitemap:counts', () => sitemapCounts(getDb()));
  const files = [
    ...Array.from({ length: counts.companies }, (_, i) => `entreprises-${i}.xml`),
    ...Array.from({ length: counts.directors }, (_, i) => `dirigeants-${i}.xml`),
  ];
  return new Response(sitemapIndexXml(siteUrl(), files), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
