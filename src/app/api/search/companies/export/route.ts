import { getDb } from '@/db';
import { handleCompanyExport } from '@/web/export-api';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanyExport(getDb(), request);
}
