import { register } from '@/accounts/handlers';

export const dynamic = 'force-dynamic';

/** POST /register (src/proxy.ts sends the POST of the page's address here). */
export function POST(req: Request) {
  return register(req);
}
