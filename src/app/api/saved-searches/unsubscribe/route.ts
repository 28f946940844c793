import { unsubscribeSavedSearch } from '@/accounts/saved-searches/handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return unsubscribeSavedSearch(req);
}

/** One-click unsubscribe (RFC 8058): the mail client posts `List-Unsubscribe=One-Click`. */
export function POST(req: Request) {
  return unsubscribeSavedSearch(req);
}
