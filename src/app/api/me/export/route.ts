import { exportMe } from '@/accounts/me-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return exportMe(req);
}
