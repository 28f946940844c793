import { getReadDb } from '@/db';
import { handleDirectorSearch } from '@/web/search-api';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleDirectorSearch(getReadDb(), request);
}
