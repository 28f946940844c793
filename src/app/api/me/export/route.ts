import { exportMe } from '@/accounts/api';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return exportMe(req);
}
