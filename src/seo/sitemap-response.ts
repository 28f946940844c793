import type { Db } from '@/db/client';
import { CONTENT_SITEMAP_FILE, contentSitemapUrls } from '@/content/sitemap';
import { parseSitemapFile, sitemapCompanies, sitemapDirectors } from '@/registry/indexes';
import { storedSitemap } from './sitemap-files';
import { urlSetXml } from './sitemap-xml';

const XML = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
};

/**
 * One sitemap file (`/sitemaps/<name>`): the stored list (src/seo/sitemap-files.ts) with its
 * Last-Modified, and 304 to a crawler that has it already (If-Modified-Since); a file not built
 * ahead is computed on request; an impossible name is a 404.
 */
export async function sitemapResponse(
  db: Db,
  base: string,
  name: string,
  ifModifiedSince: string | null,
): Promise<Response> {
  const file = name === CONTENT_SITEMAP_FILE ? null : parseSitemapFile(name);
  if (name !== CONTENT_SITEMAP_FILE && !file)
    return new Response('Plan de site inconnu.', { status: 404 });
  const stored = await storedSitemap(db, name);
  if (stored) {
    const lastModified = stored.lastModified.toUTCString();
    const since = Date.parse(ifModifiedSince ?? '');
    if (Number.isFinite(since) && stored.lastModified.getTime() <= since)
      return new Response(null, { status: 304, headers: { 'Last-Modified': lastModified } });
    return new Response(urlSetXml(base, stored.urls), {
      headers: { ...XML, 'Last-Modified': lastModified },
    });
  }
  const urls = !file
    ? contentSitemapUrls()
    : file.kind === 'entreprises'
      ? await sitemapCompanies(db, file.range)
      : await sitemapDirectors(db, file.ranges, file.range);
  // An empty range is still a valid (empty) sitemap: the index may predate a deletion.
  return new Response(urlSetXml(base, urls), { headers: XML });
}
