import { unfollowMany } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return unfollowMany(req);
}
