import { resendVerification } from '@/accounts/me-handlers';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return resendVerification(req);
}
