import { getDb } from '@/db';
import { handleDirectorSearch } from '@/search/api';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleDirectorSearch(getDb(), request);
}
