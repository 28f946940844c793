import { csrfCookie } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return csrfCookie(req);
}
