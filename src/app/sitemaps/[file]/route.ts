import { getReadDb } from '@/db';
import { siteUrl } from '@/loaders/registry-pages';
import { sitemapResponse } from '@/seo/sitemap-response';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ file: string }> }) {
  return sitemapResponse(
    getReadDb(),
    siteUrl(),
    (await ctx.params).file,
    req.headers.get('if-modified-since'),
  );
}
