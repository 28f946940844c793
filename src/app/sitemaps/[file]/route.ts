import { getDb } from '@/db';
import { sitemapCompanies, sitemapDirectors } from '@/registry/indexes';
import { siteUrl } from '@/registry/site';
import { parseSitemapFile, urlSetXml } from '@/registry/sitemap-xml';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const parsed = parseSitemapFile((await ctx.params).file);
  if (!parsed) return new Response('Plan de site inconnu.', { status: 404 });
  const db = getDb();
  const urls =
    parsed.kind === 'entreprises'
      ? await sitemapCompanies(db, parsed.chunk)
      : await sitemapDirectors(db, parsed.chunk);
  if (urls.length === 0 && parsed.chunk > 0)
    return new Response('Plan de site inconnu.', { status: 404 });
  return new Response(urlSetXml(siteUrl(), urls), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
