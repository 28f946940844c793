import { openApiDocument } from '@/public-api/openapi';
import { siteUrl } from '@/loaders/registry-pages';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(openApiDocument(siteUrl()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
