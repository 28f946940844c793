import { logout } from '@/accounts/api';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return logout(req);
}
