import { getLists, postList } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getLists(req);
}

export function POST(req: Request) {
  return postList(req);
}
