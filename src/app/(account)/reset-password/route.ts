import { resetPassword } from '@/accounts/api';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return resetPassword(req);
}
