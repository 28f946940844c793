import { openApiDocument } from '@/registry/openapi';
import { siteUrl } from '@/registry/site';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(openApiDocument(siteUrl()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
