import { getReadDb } from '@/db';
import { handleDirectorSearch } from '@/public-api/search-handlers';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleDirectorSearch(getReadDb(), request);
}
