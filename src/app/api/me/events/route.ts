import { getEvents } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getEvents(req);
}
