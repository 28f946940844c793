import { getFollowed } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getFollowed(req);
}
