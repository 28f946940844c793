import { exportMe } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return exportMe(req);
}
