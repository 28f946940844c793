import { getReadDb } from '@/db';
import { handleCompanySuggestions } from '@/web/suggestions-api';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanySuggestions(getReadDb(), request);
}
