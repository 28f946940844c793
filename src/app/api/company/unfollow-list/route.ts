import { unfollowMany } from '@/accounts/follow-api';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return unfollowMany(req);
}
