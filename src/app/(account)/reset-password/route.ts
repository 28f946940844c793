import { resetPassword } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return resetPassword(req);
}
