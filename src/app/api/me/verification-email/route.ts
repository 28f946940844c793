import { resendVerification } from '@/accounts/api';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return resendVerification(req);
}
