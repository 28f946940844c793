import { getFollowed } from '@/accounts/follow-api';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getFollowed(req);
}
