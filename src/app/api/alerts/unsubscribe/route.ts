import { unsubscribe } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return unsubscribe(req);
}

/** One-click unsubscribe (RFC 8058): the mail client posts `List-Unsubscribe=One-Click`. */
export function POST(req: Request) {
  return unsubscribe(req);
}
