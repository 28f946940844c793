import { getSavedSearches, postSavedSearch } from '@/accounts/saved-searches/handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getSavedSearches(req);
}

export function POST(req: Request) {
  return postSavedSearch(req);
}
