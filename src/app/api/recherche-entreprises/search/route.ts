import { getReadDb } from '@/db';
import { handleDropIn } from '@/drop-in/handlers';

export const dynamic = 'force-dynamic';

/** The government's `/search` (recherche-entreprises.api.gouv.fr), served from our data. */
export function GET(request: Request): Promise<Response> {
  return handleDropIn(getReadDb(), request, 'search');
}
