import { forgotPassword } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

/** POST /forgot-password (src/proxy.ts sends the POST of the page's address here). */
export function POST(req: Request) {
  return forgotPassword(req);
}
