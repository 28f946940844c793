import { publicOpenApiDocument } from '@/public-api/openapi-public';
import { siteUrl } from '@/loaders/registry-pages';

export const dynamic = 'force-dynamic';

/** The public API's document (the site's own routes are not in it: src/web/openapi-public.ts). */
export function GET() {
  return Response.json(publicOpenApiDocument(siteUrl()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
