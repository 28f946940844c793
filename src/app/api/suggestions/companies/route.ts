import { getReadDb } from '@/db';
import { handleCompanySuggestions } from '@/public-api/suggestion-handlers';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleCompanySuggestions(getReadDb(), request);
}
