import { getReadDb } from '@/db';
import { handleCompanySearch } from '@/public-api/search-handlers';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanySearch(getReadDb(), request);
}
