import { getReadDb } from '@/db';
import { siteUrl } from '@/web/site';
import { sitemapResponse } from '@/web/sitemap-response';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ file: string }> }) {
  return sitemapResponse(
    getReadDb(),
    siteUrl(),
    (await ctx.params).file,
    req.headers.get('if-modified-since'),
  );
}
