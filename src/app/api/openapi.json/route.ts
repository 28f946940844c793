import { openApiDocument } from '@/web/openapi';
import { siteUrl } from '@/web/site';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(openApiDocument(siteUrl()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
