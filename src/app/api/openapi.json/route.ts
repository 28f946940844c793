import { publicOpenApiDocument } from '@/web/openapi-public';
import { siteUrl } from '@/web/site';

export const dynamic = 'force-dynamic';

/** The public API's document (the site's own routes are not in it: src/web/openapi-public.ts). */
export function GET() {
  return Response.json(publicOpenApiDocument(siteUrl()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
