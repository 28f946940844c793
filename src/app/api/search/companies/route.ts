import { getReadDb } from '@/db';
import { handleCompanySearch } from '@/web/search-api';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanySearch(getReadDb(), request);
}
