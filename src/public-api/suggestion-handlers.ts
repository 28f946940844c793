/**
 * `GET /api/suggestions/companies?q=`: the suggestions of the site's search boxes. Not part of the
 * public API (in the full OpenAPI document only, not in the public one; not counted in its per-address quota): a person typing
 * in an office that shares one address with a program using the API must not get 429. It answers
 * only the first companies for a name (`q`, 6 at most, no filter, no page), so it is no way round
 * the public API's quota; its own limit per address fits typing (src/api-access/gate.ts,
 * `SUGGESTIONS_RATE`).
 */
import type { Db } from '@/db/client';
import { handleCompanySearch } from './search-handlers';

/** Suggestions shown under a search box. */
const SUGGESTIONS_SIZE = 6;

export function handleCompanySuggestions(db: Db, request: Request): Promise<Response> {
  const asked = new URL(request.url);
  const url = new URL('/api/search/companies', asked);
  url.searchParams.set('q', (asked.searchParams.get('q') ?? '').slice(0, 200));
  url.searchParams.set('per_page', String(SUGGESTIONS_SIZE));
  return handleCompanySearch(db, new Request(url, { headers: request.headers }));
}
