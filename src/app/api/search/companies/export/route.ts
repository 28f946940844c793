import { getDb } from '@/db';
import { handleCompanyExport } from '@/public-api/export-handlers';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanyExport(getDb(), request);
}
