import { login } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

/** POST /login (src/proxy.ts sends the POST of the page's address here). */
export function POST(req: Request) {
  return login(req);
}
